import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectLiveEvents, invalidateForLiveEvent } from '@prospecta/api-client';
import { useApiClients, useSession, useViewedUserId } from './hooks';

/**
 * Keeps this tab's live event stream open while the signed-in shell is shown (one per tab), and refetches what each
 * event says changed: the inbox, the unread count (badge and title), the lists. Staff also follow the customer they
 * look at; a change of that customer opens the stream again for them. There is no polling besides: a lost stream
 * comes back by itself (backoff with jitter) and refetches what it may have missed (api-client `connectLiveEvents`).
 */
export function useLiveEvents(): void {
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const { user, isStaff } = useSession();
  const viewedId = useViewedUserId();
  const follow = isStaff && viewedId !== user.id ? viewedId : null;
  const ownId = user.id;
  useEffect(() => {
    const connection = connectLiveEvents({
      clients,
      followUserId: follow,
      onEvent: (event) => void invalidateForLiveEvent(queryClient, event, ownId),
    });
    return () => connection.close();
  }, [clients, queryClient, ownId, follow]);
}
