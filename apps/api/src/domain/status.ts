import { canTransition, type ProspectStatus } from '@prospecta/domain';
import type { Db } from '../db/index';

export const STATUS_LABELS: Record<ProspectStatus, string> = {
  pending: 'pending',
  ongoing: 'ongoing',
  to_call: 'to call',
  converted: 'new opportunity',
  lost: 'lost',
  nurture: 'opportunity to engage',
  nurtured: 'nurtured',
};

/**
 * Moves prospects to `to` when the shared rule set allows it, recording one
 * status_change history entry each. Returns the ids that moved.
 */
export async function changeStatuses(
  db: Db,
  prospects: { id: number; prospecting_status: string }[],
  to: ProspectStatus,
  note?: string,
): Promise<number[]> {
  const allowed = prospects.filter((p) => canTransition(p.prospecting_status as ProspectStatus, to));
  if (allowed.length === 0) return [];
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < allowed.length; i += 1000) {
      const chunk = allowed.slice(i, i + 1000);
      const moved = await trx
        .updateTable('prospects')
        .set({ prospecting_status: to, updated_at: now, event_date: now })
        .where('id', 'in', chunk.map((p) => p.id))
        .where(
          'prospecting_status',
          'in',
          [...new Set(chunk.map((p) => p.prospecting_status))],
        )
        .returning(['id'])
        .execute();
      const movedIds = new Set(moved.map((m) => m.id));
      const entries = chunk
        .filter((p) => movedIds.has(p.id))
        .map((p) => ({
          prospect_id: p.id,
          type: 'status_change',
          content: note ?? `Status changed from ${STATUS_LABELS[p.prospecting_status as ProspectStatus]} to ${STATUS_LABELS[to]}.`,
          direction: null,
          from_status: p.prospecting_status,
          to_status: to,
          event_date: now,
        }));
      if (entries.length) await trx.insertInto('history_entries').values(entries).execute();
    }
  });
  return allowed.map((p) => p.id);
}
