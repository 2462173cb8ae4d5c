import type { InboxItem } from '@prospecta/api-client';
import { isInboxStatus, replyNeedsAnswer } from '@prospecta/domain';

/** The items still to handle, newest answer first, without the prospects handled in this page. */
export function visibleItems(
  items: readonly InboxItem[],
  handled: ReadonlySet<number>,
): InboxItem[] {
  return items
    .filter(
      (item) => !handled.has(item.prospect.id) && isInboxStatus(item.prospect.prospecting_status),
    )
    .sort((a, b) => new Date(b.received_at).getTime() - new Date(a.received_at).getTime());
}

/** The index after a move of `delta` rows, kept inside the list (j/k never wrap). */
export function moveIndex(current: number, delta: number, length: number): number {
  if (length === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : length - 1;
  return Math.min(length - 1, Math.max(0, current + delta));
}

/**
 * The unread answers still to handle that need an answer, newest first (what the sign-in modal steps through, as the
 * badge counts them: an automatic reply or a refusal is not among them).
 */
export function unreadAnswers(items: readonly InboxItem[]): InboxItem[] {
  return visibleItems(items, new Set()).filter(
    (item) => !item.is_read && replyNeedsAnswer(item.label),
  );
}
