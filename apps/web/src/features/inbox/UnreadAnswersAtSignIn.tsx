import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { inboxQueryOptions, type InboxItem } from '@prospecta/api-client';
import { useApiClients, useSession } from '../../core/hooks';
import { useFreshSignIn } from '../../core/session/FreshSignInContext';
import { useTutorial } from '../tutorial';
import { unreadAnswers } from './model/inboxList';

// The dialog (and the sanitiser it renders bodies with) loads only when there is something to show.
const UnreadAnswersDialog = lazy(async () => ({
  default: (await import('./components/UnreadAnswersDialog')).UnreadAnswersDialog,
}));

/**
 * After a sign-in (and after the tutorial when it shows), the signed-in user's unread answers one by one (§2).
 * Design decisions: the modal covers the signed-in user's own answers (a staff member's view of a customer never
 * opens it); it shows once per sign-in in this tab (a reload before closing it shows it again); the answers are the
 * unread ones at sign-in, in the inbox's order (newest first), and stay in the modal once handled.
 */
export function UnreadAnswersAtSignIn() {
  const { user } = useSession();
  const tutorial = useTutorial();
  const clients = useApiClients();
  const fresh = useFreshSignIn();
  const [pending, setPending] = useState(() => fresh.isFresh());
  const [answers, setAnswers] = useState<InboxItem[] | null>(null);
  const query = useQuery({ ...inboxQueryOptions(clients, user.id), enabled: pending });

  // The answers are taken once, when the inbox first arrives (React's "adjust state while rendering" pattern): the
  // modal keeps stepping through them while they get read or handled.
  if (pending && !answers && query.data) {
    const unread = unreadAnswers(query.data.items);
    if (unread.length > 0) setAnswers(unread);
    else setPending(false);
  }
  // Nothing to show after this sign-in: forget it, so that a reload does not ask again.
  useEffect(() => {
    if (!pending) fresh.clear();
  }, [pending, fresh]);

  if (!pending || !answers || tutorial.isOpen) return null;
  const close = () => setPending(false);
  return (
    <Suspense fallback={null}>
      <UnreadAnswersDialog answers={answers} userId={user.id} onClose={close} />
    </Suspense>
  );
}
