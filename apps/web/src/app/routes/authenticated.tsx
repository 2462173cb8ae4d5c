// The authenticated part of the app, one on-demand chunk: the session gate and the shell (sidebar, top bar,
// user search, tutorial). The public pages never download it.
import { ShellLayout as Shell } from '../../features/shell/ShellLayout';
// Its own module, not the inbox's index: the shell chunk carries the light gate, never the inbox page.
import { UnreadAnswersAtSignIn } from '../../features/inbox/UnreadAnswersAtSignIn';

export { AuthenticatedLayout } from '../AuthenticatedLayout';
export { OnboardingLayout } from '../../features/shell/OnboardingLayout';

/** The shell, with the unread answers stepped through after a sign-in (after the tutorial when it shows). */
export function ShellLayout() {
  return <Shell overlays={<UnreadAnswersAtSignIn />} />;
}
