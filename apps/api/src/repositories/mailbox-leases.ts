import { sql } from 'kysely';
import type { Db } from '../db/index';

/** The holder of a parked lease: nobody keeps the mailbox's connection (its server has no IDLE) until it expires. */
export const PARKED_HOLDER = 'none';

/**
 * The leases of the mailboxes' IDLE connections (integrations/mailbox-idle.ts): one row per mailbox, held by one
 * server instance until it expires. Every time is the database's (`now()`), so the instances' clocks do not matter.
 * Taking a lease is one `insert … on conflict do update … where` statement: the conflicting row is locked and its
 * condition checked against its latest version, so two instances never both get a mailbox (PostgreSQL's ON CONFLICT
 * guarantee; the embedded database runs one statement at a time).
 */
export function mailboxLeasesRepository(db: Db) {
  return {
    /**
     * Of `accountIds`, those no lease holds now (none, or expired), at most `limit`, lowest id first: what an
     * instance with free connections tries to take.
     */
    async free(accountIds: readonly number[], limit: number): Promise<number[]> {
      if (accountIds.length === 0 || limit <= 0) return [];
      const rows = await sql<{ id: number }>`
        select a.id from unnest(${[...accountIds]}::int[]) as a(id)
          left join mailbox_watch_leases l on l.email_account_id = a.id and l.expires_at > now()
         where l.email_account_id is null
         order by a.id
         limit ${limit}`.execute(db);
      return rows.rows.map((row) => row.id);
    },

    /**
     * Takes the leases of `accountIds` for `holder` for `seconds`: each one that is free, expired or already the
     * holder's. Answers the ids taken.
     */
    async acquire(
      holder: string,
      accountIds: readonly number[],
      seconds: number,
    ): Promise<number[]> {
      if (accountIds.length === 0) return [];
      const rows = await sql<{ email_account_id: number }>`
        insert into mailbox_watch_leases (email_account_id, holder, expires_at)
        select a.id, ${holder}, now() + ${seconds}::float8 * interval '1 second'
          from unnest(${[...accountIds]}::int[]) as a(id)
          join email_accounts e on e.id = a.id
        on conflict (email_account_id) do update
           set holder = excluded.holder,
               expires_at = excluded.expires_at,
               acquired_at = case when mailbox_watch_leases.holder = excluded.holder
                                  then mailbox_watch_leases.acquired_at else now() end
         where mailbox_watch_leases.expires_at <= now() or mailbox_watch_leases.holder = excluded.holder
        returning email_account_id`.execute(db);
      return rows.rows.map((row) => row.email_account_id).sort((a, b) => a - b);
    },

    /**
     * Extends the holder's leases of `accountIds` by `seconds` from now; answers those it still held (a lease
     * taken over after it expired, or gone with its account, is not among them).
     */
    async renew(holder: string, accountIds: readonly number[], seconds: number): Promise<number[]> {
      if (accountIds.length === 0) return [];
      const rows = await db
        .updateTable('mailbox_watch_leases')
        .set({ expires_at: sql<Date>`now() + ${seconds}::float8 * interval '1 second'` })
        .where('holder', '=', holder)
        .where('email_account_id', 'in', [...accountIds])
        .returning('email_account_id')
        .execute();
      return rows.map((row) => row.email_account_id).sort((a, b) => a - b);
    },

    /**
     * Parks the holder's lease of a mailbox for `seconds`: nobody opens its connection meanwhile (its server has no
     * IDLE; the poll reads it).
     */
    async park(holder: string, accountId: number, seconds: number): Promise<void> {
      await db
        .updateTable('mailbox_watch_leases')
        .set({
          holder: PARKED_HOLDER,
          expires_at: sql<Date>`now() + ${seconds}::float8 * interval '1 second'`,
        })
        .where('holder', '=', holder)
        .where('email_account_id', '=', accountId)
        .execute();
    },

    /** Gives up the holder's leases (of `accountIds`, or all): another instance may take them at once. */
    async release(holder: string, accountIds?: readonly number[]): Promise<void> {
      if (accountIds && accountIds.length === 0) return;
      let query = db.deleteFrom('mailbox_watch_leases').where('holder', '=', holder);
      if (accountIds) query = query.where('email_account_id', 'in', [...accountIds]);
      await query.execute();
    },

    /** Every lease, for the tests and the bench: who holds which mailbox, and whether it is still valid. */
    async list(): Promise<{ accountId: number; holder: string; live: boolean }[]> {
      const rows = await db
        .selectFrom('mailbox_watch_leases')
        .select(['email_account_id', 'holder', sql<boolean>`expires_at > now()`.as('live')])
        .orderBy('email_account_id')
        .execute();
      return rows.map((row) => ({
        accountId: row.email_account_id,
        holder: row.holder,
        live: row.live,
      }));
    },
  };
}

export type MailboxLeasesRepository = ReturnType<typeof mailboxLeasesRepository>;
