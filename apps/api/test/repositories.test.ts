import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db/index';
import { inboxRepository } from '../src/repositories/inbox';
import { integrationsRepository } from '../src/repositories/integrations';
import { prospectsRepository } from '../src/repositories/prospects';
import { startTestApp, type TestApp } from './helpers';

/**
 * Repositories bound to a transaction (`prospectsRepository(trx)`) join it: their composite writes, which otherwise
 * open a transaction of their own, commit or roll back with the caller's.
 */

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(async () => t?.close());

const ROLLBACK = 'roll back on purpose';

/** Runs `work` in a transaction that is then rolled back. */
async function rolledBack(work: (trx: Db) => Promise<unknown>): Promise<void> {
  await expect(
    db.transaction().execute(async (trx) => {
      await work(trx);
      throw new Error(ROLLBACK);
    }),
  ).rejects.toThrow(ROLLBACK);
}

const count = async (
  table: 'prospects' | 'history_entries' | 'inbox_messages' | 'email_accounts' | 'oauth_states',
) =>
  (
    await db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

async function ongoingProspect() {
  return db
    .selectFrom('prospects')
    .selectAll()
    .where('user_id', '=', t.facts.customerId)
    .where('prospecting_status', '=', 'ongoing')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('repositories in a caller transaction', () => {
  it('a status change rolls back with the caller', async () => {
    const prospect = await ongoingProspect();
    const entries = await count('history_entries');
    await rolledBack(async (trx) => {
      expect(await prospectsRepository(trx).changeStatuses([prospect], 'lost')).toEqual([
        prospect.id,
      ]);
      const inside = await trx
        .selectFrom('prospects')
        .select('prospecting_status')
        .where('id', '=', prospect.id)
        .executeTakeFirstOrThrow();
      expect(inside.prospecting_status).toBe('lost');
    });
    const after = await db
      .selectFrom('prospects')
      .select('prospecting_status')
      .where('id', '=', prospect.id)
      .executeTakeFirstOrThrow();
    expect(after.prospecting_status).toBe('ongoing');
    expect(await count('history_entries')).toBe(entries);
  });

  it('a contact substitution is one transaction: the new prospect, both notes and the lost status go together', async () => {
    const old = await ongoingProspect();
    const [prospects, entries] = [await count('prospects'), await count('history_entries')];
    const notes = { replaced: 'replaced', replaces: 'replaces', lost: 'lost: contact replaced' };
    const contact = {
      title: 'miss',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: null,
      phone: null,
      direct_line: null,
      linkedin: null,
      position: null,
    };
    await rolledBack(async (trx) => {
      const newId = await prospectsRepository(trx).substitute(
        old,
        contact,
        'left the company',
        notes,
      );
      const written = await trx
        .selectFrom('history_entries')
        .select(['prospect_id', 'type', 'content'])
        .where('prospect_id', 'in', [old.id, newId])
        .where('content', 'in', Object.values(notes))
        .execute();
      expect(written).toHaveLength(3);
    });
    expect(await count('prospects')).toBe(prospects);
    expect(await count('history_entries')).toBe(entries);
    expect((await prospectsRepository(db).findById(old.id))?.prospecting_status).toBe('ongoing');

    // Outside a caller's transaction it commits on its own, the old contact lost.
    const newId = await prospectsRepository(db).substitute(old, contact, 'left the company', notes);
    expect((await prospectsRepository(db).findById(old.id))?.prospecting_status).toBe('lost');
    expect((await prospectsRepository(db).findById(newId))?.prospecting_status).toBe('pending');
    expect(await count('history_entries')).toBe(entries + 3);
  });

  it('recorded answers roll back with the caller', async () => {
    const [prospect] = await inboxRepository(db).prospectsWithoutAnswer(t.facts.customerId, 1);
    if (!prospect) throw new Error('the demo data lacks a prospect without answer');
    const [entries, messages] = [await count('history_entries'), await count('inbox_messages')];
    await rolledBack((trx) =>
      inboxRepository(trx).addAnswers([
        {
          prospectId: prospect.id,
          userId: t.facts.customerId,
          content: 'Oui, appelez-moi.',
          channel: 'email',
          receivedAt: new Date(),
        },
      ]),
    );
    expect([await count('history_entries'), await count('inbox_messages')]).toEqual([
      entries,
      messages,
    ]);
    expect((await prospectsRepository(db).findById(prospect.id))?.has_responses).toBe(false);
  });

  it('a new external sign-in account, its auth_url and its first state go together', async () => {
    const [accounts, states] = [await count('email_accounts'), await count('oauth_states')];
    const account = {
      user_id: t.facts.customerId,
      name: 'Julien Moreau',
      account_type: 'GOOGLE',
      oauth_link_key: 'link-key',
    };
    const state = {
      stateHash: 'a'.repeat(64),
      provider: 'google',
      codeVerifierEnc: 'v1.sealed',
      expiresAt: new Date(Date.now() + 60_000),
    };
    await rolledBack(async (trx) => {
      const row = await integrationsRepository(trx).insertOAuthAccount(
        account,
        (id) => `https://app.example.com/authorize?account=${id}`,
        state,
        new Date(0),
      );
      expect(row).toMatchObject({
        is_valid: false,
        email: '',
        auth_url: `https://app.example.com/authorize?account=${row.id}`,
      });
      expect(
        await trx
          .selectFrom('oauth_states')
          .select('email_account_id')
          .where('state_hash', '=', state.stateHash)
          .executeTakeFirst(),
      ).toEqual({ email_account_id: row.id });
    });
    expect([await count('email_accounts'), await count('oauth_states')]).toEqual([
      accounts,
      states,
    ]);

    // Alone, it commits; the state is single use.
    const row = await integrationsRepository(db).insertOAuthAccount(
      account,
      (id) => `https://app.example.com/authorize?account=${id}`,
      state,
      new Date(0),
    );
    expect(await integrationsRepository(db).takeSignInState(state.stateHash)).toMatchObject({
      email_account_id: row.id,
      provider: 'google',
    });
    expect(await integrationsRepository(db).takeSignInState(state.stateHash)).toBeUndefined();
  });

  it('an SMTP account and its sealed password go together', async () => {
    const accounts = await count('email_accounts');
    const values = {
      user_id: t.facts.customerId,
      name: 'Ventes',
      email: 'ventes@moreau-solutions-rh.fr',
      account_type: 'SMTP',
      smtp_host: 'smtp.example.com',
      smtp_port: 465,
      smtp_secure: true,
      imap_host: 'imap.example.com',
      imap_port: 993,
      imap_secure: true,
    };
    await rolledBack(async (trx) => {
      const row = await integrationsRepository(trx).insertSmtpAccount(
        values,
        (id) => `sealed-for-${id}`,
      );
      expect(row).toMatchObject({ is_valid: true, password_enc: `sealed-for-${row.id}` });
    });
    expect(await count('email_accounts')).toBe(accounts);
  });
});
