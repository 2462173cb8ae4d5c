import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inboxQueryOptions,
  markInboxReadMutationOptions,
  queryKeys,
  setInboxLabelMutationOptions,
  type Inbox,
  type InboxItem,
  type User,
} from '@prospecta/api-client';
import { DEFAULT_INBOX_FILTER, replyNeedsAnswer, type InboxFilter } from '@prospecta/domain';
import { useApiClients, useSession } from '../../../core/hooks';
import { useProspectStatus } from '../../prospect';

function setUnread(
  queryClient: ReturnType<typeof useQueryClient>,
  count: number | ((n: number) => number),
) {
  queryClient.setQueryData<User>(queryKeys.currentUser(), (user) =>
    user
      ? {
          ...user,
          unread_messages_count:
            typeof count === 'function' ? count(user.unread_messages_count) : count,
        }
      : user,
  );
}

/**
 * The inbox of `userId`, live: the tab's event stream (core/liveEvents.ts) invalidates it when an answer arrives, is
 * read or the prospects change, whoever made the change; it is also refetched on window focus. When the signed-in
 * user reads their own inbox, the sidebar badge follows the inbox's unread count at once.
 */
export function useInbox(userId: number, filter: InboxFilter = DEFAULT_INBOX_FILTER) {
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const own = user.id === userId;
  const query = useQuery({
    ...inboxQueryOptions(clients, userId, filter),
    refetchOnWindowFocus: true,
  });
  const unread = query.data?.unread_count;
  useEffect(() => {
    if (own && unread !== undefined) setUnread(queryClient, unread);
  }, [own, unread, queryClient]);
  return { query, own };
}

/**
 * Opening an answer marks it read (contract: markInboxMessageRead): at once in the list and the badge, then the
 * server's remaining count. Only the signed-in user's own inbox: a staff visit never clears a customer's badge.
 */
export function useMarkRead(userId: number) {
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const own = user.id === userId;
  const mutation = useMutation(markInboxReadMutationOptions(clients, queryClient));
  const { mutate } = mutation;
  return useCallback(
    (item: Pick<InboxItem, 'id' | 'is_read' | 'label'>) => {
      if (!own || item.is_read) return;
      // Only an answer that needs one counts in the unread count and the badge (an automatic reply does not).
      const counted = replyNeedsAnswer(item.label) ? 1 : 0;
      queryClient.setQueriesData<Inbox>({ queryKey: queryKeys.inbox.ofUser(userId) }, (inbox) =>
        inbox
          ? {
              ...inbox,
              unread_count: Math.max(0, inbox.unread_count - counted),
              items: inbox.items.map((i) => (i.id === item.id ? { ...i, is_read: true } : i)),
            }
          : inbox,
      );
      if (counted) setUnread(queryClient, (n) => Math.max(0, n - 1));
      mutate(
        { userId, messageId: item.id },
        { onSuccess: (result) => setUnread(queryClient, result.unread_messages_count) },
      );
    },
    [own, queryClient, userId, mutate],
  );
}

/**
 * Changing an answer's label (contract: setInboxMessageLabel). The pane shows the chosen label while the call runs
 * (`variables`) and the answer's own label again when it fails (with `error`). On success every filter's list takes
 * the new label at once, the badge the server's count (own inbox), then the lists and the history are read again.
 */
export function useSetAnswerLabel(userId: number) {
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const own = user.id === userId;
  return useMutation({
    ...setInboxLabelMutationOptions(clients, queryClient),
    onSuccess: (result) => {
      queryClient.setQueriesData<Inbox>({ queryKey: queryKeys.inbox.ofUser(userId) }, (inbox) =>
        inbox
          ? {
              ...inbox,
              items: inbox.items.map((i) =>
                i.id === result.message_id
                  ? {
                      ...i,
                      label: result.label,
                      label_origin: result.label_origin,
                      label_confidence: null,
                    }
                  : i,
              ),
            }
          : inbox,
      );
      if (own) setUnread(queryClient, result.unread_messages_count);
    },
  });
}

/** The prospect-status machine of an answer's prospect (the inbox pane and the sign-in modal offer the same actions). */
export function useAnswerStatus(item: InboxItem, userId: number) {
  const p = item.prospect;
  return useProspectStatus({
    id: p.id,
    user_id: userId,
    campaign_id: p.campaign_id,
    prospecting_status: p.prospecting_status,
    has_responses: p.has_responses,
  });
}
