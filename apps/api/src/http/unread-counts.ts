import { sql } from 'kysely';
import type { Db } from '../db/index';

/**
 * Each user's count of unread answers (the profile call's `unread_messages_count`), kept by this process under the
 * versions the database gives the user's data: the list version (prospects: their status and answers flag, migration
 * 0010) and the inbox version (inbox messages received, read or deleted, migration 0011). Both are read in one small
 * query per call, so a count is computed again only after a change, whichever server process or script made it
 * (the profile call's p99 at most 50 ms; the count itself takes ~7 ms on the embedded database, which runs
 * one query at a time).
 *
 * A count is read after the versions it is kept under (read committed), so it is at least as new as they say: a write
 * that lands in between gives newer versions, and the next call counts again.
 */
export class UnreadCounts {
  private readonly counts = new Map<number, { key: string; count: number }>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 10_000,
  ) {}

  /** `owner`'s unread count: the kept one when nothing changed since, else `compute()`'s, kept. */
  async count(owner: number, compute: () => Promise<number>): Promise<number> {
    const key = await this.versionsOf(owner);
    const kept = this.counts.get(owner);
    if (kept?.key === key) {
      // Most recently used last (the oldest go first when the map is full).
      this.counts.delete(owner);
      this.counts.set(owner, kept);
      return kept.count;
    }
    const count = await compute();
    this.counts.delete(owner);
    this.counts.set(owner, { key, count });
    for (const oldest of this.counts.keys()) {
      if (this.counts.size <= this.maxEntries) break;
      this.counts.delete(oldest);
    }
    return count;
  }

  /** How many counts this process keeps. */
  get size(): number {
    return this.counts.size;
  }

  private async versionsOf(owner: number): Promise<string> {
    // A literal integer id (the simple query protocol: one round trip, as in list-cache.ts).
    const id = sql.lit(Math.trunc(owner));
    const { rows } = await sql<{ list: string | null; inbox: string | null }>`
      select (select version::text from list_versions where user_id = ${id}) as list,
        (select version::text from inbox_versions where user_id = ${id}) as inbox`.execute(this.db);
    return `${rows[0]?.list ?? '0'}.${rows[0]?.inbox ?? '0'}`;
  }
}
