// The authenticated part of the app, one on-demand chunk: the session gate, the shell (sidebar, top bar,
// user search, tutorial) and the route guards. The public pages never download it.
export { AuthenticatedLayout } from '../app/session/AuthenticatedLayout';
export { ShellLayout } from '../features/shell/ShellLayout';
export { OnboardingLayout } from '../features/shell/OnboardingLayout';
export { StaffOnly, UserSegmentGuard } from './guards';
