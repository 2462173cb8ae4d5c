import type { InboxItem } from '@prospecta/api-client';
import type { ProspectStatus } from '@prospecta/domain';

/** Statuses whose answered prospects still wait in the inbox (the server's rule, see the contract's getInboxMessages). */
const WAITING: readonly ProspectStatus[] = ['pending', 'ongoing', 'to_call'];

/** Whether an inbox item is still to handle: its prospect has not been converted, lost or nurtured meanwhile. */
export function isWaiting(status: ProspectStatus): boolean {
  return WAITING.includes(status);
}

/** The items still to handle, newest answer first, without the prospects handled in this page. */
export function visibleItems(items: readonly InboxItem[], handled: ReadonlySet<number>): InboxItem[] {
  return items
    .filter((item) => !handled.has(item.prospect.id) && isWaiting(item.prospect.prospecting_status))
    .sort((a, b) => new Date(b.received_at).getTime() - new Date(a.received_at).getTime());
}

/** The index after a move of `delta` rows, kept inside the list (j/k never wrap). */
export function moveIndex(current: number, delta: number, length: number): number {
  if (length === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : length - 1;
  return Math.min(length - 1, Math.max(0, current + delta));
}
