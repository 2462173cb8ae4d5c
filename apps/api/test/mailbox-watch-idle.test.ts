import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/index';
import { liveMailChecker } from '../src/integrations/mail-check';
import { MailboxIdleWatch } from '../src/integrations/mailbox-idle';
import { readMailbox, type MailboxWatchDeps } from '../src/integrations/mailbox-watch';
import { mailboxLeasesRepository, PARKED_HOLDER } from '../src/repositories/mailbox-leases';
import { buildServer } from '../src/server';
import { contract, startTestApp, type TestApp } from './helpers';
import { peersMailHosts, startMailPeers, type MailPeers, type MailUser } from './peers/mail-peers';

/**
 * The mailbox watch's IDLE connections against a real Dovecot: a mail delivered into the INBOX (APPEND from another
 * session) is imported while the watch waits in IDLE, without a poll; two watchers on one database (two pools on
 * PostgreSQL, as two server processes) never hold one mailbox together; a dead holder's lease is taken over; a server
 * without IDLE, or a dropped connection, leaves the mailbox to the poll and to a reconnection.
 */
const IDLE_USERS: MailUser[] = [
  { user: 'idle.one@moreau-solutions-rh.fr', password: 'mailbox-one' },
  { user: 'idle.two@moreau-solutions-rh.fr', password: 'mailbox-two' },
];
const POLLED: MailUser = { user: 'polled@moreau-solutions-rh.fr', password: 'mailbox-polled' };

let t: TestApp;
let peers: MailPeers;
let plainPeers: MailPeers;
let second: Database;
let prospectEmail: string;
/** The accounts of IDLE_USERS (same order) and of POLLED. */
const ids: number[] = [];
let polledId: number;
const warnings: { object: object; message: string }[] = [];
const watches: MailboxIdleWatch[] = [];
const LEASE_SECONDS = 3;
const WAIT = { timeout: 20_000, interval: 100 };

function depsOn(db: Database['db']): MailboxWatchDeps {
  return {
    db,
    secretBox: t.app.services.secretBox,
    mailHosts: t.app.services.mailHosts,
    log: {
      warn: (object, message) => warnings.push({ object, message }),
      info: () => undefined,
    },
  };
}

/** The two Dovecots' certificates: the watchers reach both. */
const bothCas = () => Buffer.concat([peers.ca, plainPeers.ca]);

function watch(db: Database['db'], holder: string, maxConnections: number): MailboxIdleWatch {
  const created = new MailboxIdleWatch(
    depsOn(db),
    { holder, maxConnections, leaseSeconds: LEASE_SECONDS, retryBaseMs: 200, retryMaxMs: 1_000 },
    // Two mails per FETCH at most: a mailbox with more new mail is read again before the IDLE. A quiet connection
    // is probed after a minute only: within the tests' waits, only an EXISTS or the reading loop imports a mail.
    { ca: bothCas(), timeoutMs: 5_000, batch: 2, socketTimeoutMs: 60_000 },
  );
  watches.push(created);
  return created;
}

async function deliver(
  to: MailUser,
  on: MailPeers,
  messageId: string,
  body: string,
): Promise<void> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: on.imap.implicit,
    secure: true,
    auth: { user: to.user, pass: to.password },
    logger: false,
    tls: { ca: on.ca },
  });
  await client.connect();
  await client.append(
    'INBOX',
    [
      `From: ${prospectEmail}`,
      `To: ${to.user}`,
      'Subject: Re: Votre logiciel de paie',
      `Message-ID: <${messageId}>`,
      'Date: Mon, 23 Nov 2026 09:15:00 +0100',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
  );
  await client.logout();
}

/** The answer a mail became, when it was imported. */
async function answer(messageId: string): Promise<{ content: string } | undefined> {
  return t.database.db
    .selectFrom('history_entries')
    .select('content')
    .where('direction', '=', 'inbound')
    .where(sql`data->>'message_id'`, '=', `<${messageId}>`)
    .executeTakeFirst();
}

async function addAccount(user: MailUser, on: MailPeers): Promise<number> {
  const { id } = await t.database.db
    .insertInto('email_accounts')
    .values({
      user_id: t.facts.customerId,
      name: user.user,
      email: user.user,
      account_type: 'SMTP',
      is_valid: true,
      imap_host: '127.0.0.1',
      imap_port: on.imap.implicit,
      imap_secure: true,
      password_enc: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('email_accounts')
    .set({ password_enc: t.app.services.secretBox.encrypt(user.password, `email_account:${id}`) })
    .where('id', '=', id)
    .execute();
  return id;
}

const leases = () => mailboxLeasesRepository(t.database.db).list();

beforeAll(async () => {
  peers = await startMailPeers(IDLE_USERS);
  plainPeers = await startMailPeers([POLLED], { withoutIdle: true });
  const hosts = peersMailHosts(peers);
  t = await startTestApp(
    {
      mailHosts: {
        allow: hosts.allow,
        extraPorts: [...hosts.extraPorts, plainPeers.imap.implicit],
      },
    },
    liveMailChecker({ timeoutMs: 2_000, ca: peers.ca }),
  );
  second = await t.database.anotherConnection();
  // Only this file's mailboxes are watched (the demo's point at hosts this machine cannot reach).
  await t.database.db.updateTable('email_accounts').set({ is_valid: false }).execute();
  for (const user of IDLE_USERS) ids.push(await addAccount(user, peers));
  polledId = await addAccount(POLLED, plainPeers);
  const prospect = await t.database.db
    .selectFrom('prospects')
    .select('email')
    .where('user_id', '=', t.facts.customerId)
    .where('email', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  prospectEmail = prospect.email as string;
}, 60_000);

afterAll(async () => {
  for (const w of watches) await w.stop().catch(() => undefined);
  await second?.close();
  await t?.close();
  await peers?.close();
  await plainPeers?.close();
});

describe('the IDLE connections of the mailbox watch', () => {
  it('imports a reply as it arrives, without a poll, and leaves a server without IDLE to the poll', async () => {
    const a = watch(t.database.db, 'instance-a', 10);
    a.start();
    const [one, two] = ids as [number, number];
    await vi.waitFor(() => expect(a.listening(one) && a.listening(two)).toBe(true), WAIT);

    await deliver(IDLE_USERS[0]!, peers, 'idle-1@prospect.example', 'Bonjour, parlons-en jeudi.');
    // No poll runs in this file's server (no MAIL_WATCH_INTERVAL): only the IDLE connection can import it.
    await vi.waitFor(
      async () =>
        expect(await answer('idle-1@prospect.example')).toMatchObject({
          content: 'Bonjour, parlons-en jeudi.',
        }),
      WAIT,
    );
    await deliver(IDLE_USERS[1]!, peers, 'idle-2@prospect.example', 'Et moi aussi.');
    await vi.waitFor(
      async () => expect(await answer('idle-2@prospect.example')).toBeDefined(),
      WAIT,
    );

    // The server without IDLE: parked (nobody keeps its connection), and its mail comes with the poll.
    await vi.waitFor(
      async () =>
        expect((await leases()).find((l) => l.accountId === polledId)).toMatchObject({
          holder: PARKED_HOLDER,
          live: true,
        }),
      WAIT,
    );
    expect(a.held()).not.toContain(polledId);
    await deliver(POLLED, plainPeers, 'polled-1@prospect.example', 'Par la boîte sans IDLE.');
    expect(await readMailbox(depsOn(t.database.db), polledId, { ca: plainPeers.ca })).toEqual({
      accountId: polledId,
      imported: 1,
      skipped: 0,
    });
    expect(await answer('polled-1@prospect.example')).toBeDefined();
  });

  it('reconnects after the server drops the connection and imports what came meanwhile', async () => {
    const a = watches[0]!;
    const [one] = ids as [number];
    const before = warnings.length;
    peers.kick(IDLE_USERS[0]!.user);
    await vi.waitFor(
      () =>
        expect(
          warnings
            .slice(before)
            .some((w) => (w.object as { accountId?: number }).accountId === one),
        ).toBe(true),
      WAIT,
    );
    await deliver(IDLE_USERS[0]!, peers, 'idle-3@prospect.example', 'Après la coupure.');
    await vi.waitFor(
      async () => expect(await answer('idle-3@prospect.example')).toBeDefined(),
      WAIT,
    );
    await vi.waitFor(() => expect(a.listening(one)).toBe(true), WAIT);
  });

  it('never lets two watchers on one database hold one mailbox, and a dead holder’s mailbox is taken over once its lease expires', async () => {
    const a = watches[0]!;
    const b = watch(second.db, 'instance-b', 10);
    b.start();
    // While both run, every mailbox has one holder: A keeps what it has, B finds nothing free.
    for (let i = 0; i < 15; i += 1) {
      const [heldA, heldB] = [a.held(), b.held()];
      expect(heldA.filter((id) => heldB.includes(id))).toEqual([]);
      const rows = await leases();
      expect(new Set(rows.map((r) => r.accountId)).size).toBe(rows.length);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(b.held()).toEqual([]);

    // A dies without releasing: its leases stay until they expire, then B takes them over.
    const heldByA = a.held();
    expect(heldByA).toEqual(ids);
    await a.abandon();
    await vi.waitFor(() => expect(b.held()).toEqual(heldByA), WAIT);
    expect(
      (await leases()).filter((l) => l.holder === 'instance-b').map((l) => l.accountId),
    ).toEqual(heldByA);
    await vi.waitFor(() => expect(b.listening(ids[0]!)).toBe(true), WAIT);
    await deliver(IDLE_USERS[0]!, peers, 'idle-4@prospect.example', 'Reçu par l’autre instance.');
    await vi.waitFor(
      async () => expect(await answer('idle-4@prospect.example')).toBeDefined(),
      WAIT,
    );

    // Taking a lease is atomic: of many instances asking for the same free mailbox at once, one gets it.
    const repos = [t.database.db, second.db].map((db) => mailboxLeasesRepository(db));
    await mailboxLeasesRepository(t.database.db).release('instance-b', [ids[1]!]);
    const won = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        repos[i % 2]!.acquire(`racer-${i}`, [ids[1]!], LEASE_SECONDS),
      ),
    );
    expect(won.filter((taken) => taken.length === 1)).toHaveLength(1);
  });

  it('keeps at most its number of connections, and closes the connection of a mailbox made invalid or removed', async () => {
    const b = watches[1]!;
    await b.stop();
    expect((await leases()).filter((l) => l.holder === 'instance-b')).toEqual([]);
    // Mail that came while no connection was open is read when one opens, all of it.
    for (const n of [1, 2, 3])
      await deliver(
        IDLE_USERS[0]!,
        peers,
        `unwatched-${n}@prospect.example`,
        `Hors connexion ${n}.`,
      );
    // Leases of the race above expire; then one watcher with room for one connection takes one mailbox only.
    const c = watch(t.database.db, 'instance-c', 1);
    c.start();
    await vi.waitFor(() => expect(c.held()).toHaveLength(1), WAIT);
    const d = watch(second.db, 'instance-d', 5);
    d.start();
    await vi.waitFor(
      () => expect([...c.held(), ...d.held()].sort((x, y) => x - y)).toEqual(ids),
      WAIT,
    );
    expect(c.held()).toHaveLength(1);
    for (const n of [1, 2, 3])
      await vi.waitFor(
        async () => expect(await answer(`unwatched-${n}@prospect.example`)).toBeDefined(),
        WAIT,
      );

    const [one, two] = ids as [number, number];
    const owner = (id: number) => (c.held().includes(id) ? c : d);
    await t.database.db
      .updateTable('email_accounts')
      .set({ is_valid: false })
      .where('id', '=', one)
      .execute();
    const ownerOfOne = owner(one);
    // Its connection closed and its lease released, and nobody takes it.
    await vi.waitFor(async () => {
      expect(ownerOfOne.held()).not.toContain(one);
      expect((await leases()).find((l) => l.accountId === one)).toBeUndefined();
    }, WAIT);
    expect([...c.held(), ...d.held()]).not.toContain(one);
    const ownerOfTwo = owner(two);
    await t.database.db.deleteFrom('email_accounts').where('id', '=', two).execute();
    await vi.waitFor(async () => {
      expect(ownerOfTwo.held()).not.toContain(two);
      expect((await leases()).find((l) => l.accountId === two)).toBeUndefined();
    }, WAIT);
  });
  it('keeps IDLE going on a connection quiet for longer than its socket time-out, without reconnecting', async () => {
    for (const w of watches) await w.stop();
    const [one] = ids as [number];
    await t.database.db
      .updateTable('email_accounts')
      .set({ is_valid: true })
      .where('id', '=', one)
      .execute();
    // Quiet for 1.5 s: imapflow ends the IDLE with a NOOP probe; the loop must IDLE again, or the next quiet spell
    // would close the connection (a reconnection, logged) and no EXISTS would come meanwhile.
    const e = new MailboxIdleWatch(
      depsOn(t.database.db),
      { holder: 'instance-e', maxConnections: 10, leaseSeconds: LEASE_SECONDS, retryBaseMs: 200 },
      { ca: bothCas(), timeoutMs: 5_000, socketTimeoutMs: 1_500 },
    );
    watches.push(e);
    e.start();
    await vi.waitFor(() => expect(e.listening(one)).toBe(true), WAIT);
    const before = warnings.length;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(
      warnings.slice(before).filter((w) => (w.object as { accountId?: number }).accountId === one),
    ).toEqual([]);
    await deliver(IDLE_USERS[0]!, peers, 'quiet-1@prospect.example', 'Après un long silence.');
    await vi.waitFor(
      async () => expect(await answer('quiet-1@prospect.example')).toBeDefined(),
      WAIT,
    );
  });
});

describe('the IDLE connections of a server instance', () => {
  it('open when the server is ready, import as mail arrives, and release their leases when it stops', async () => {
    for (const w of watches) await w.stop();
    await t.database.db
      .updateTable('email_accounts')
      .set({ is_valid: true })
      .where('id', '=', ids[0]!)
      .execute();
    const servers: FastifyInstance[] = [];
    for (const database of [t.database, second])
      servers.push(
        await buildServer({
          config: {
            ...t.config,
            // The passes read every mailbox at the start, then only in an hour: what comes before is IDLE's.
            mailWatchIntervalSeconds: 3600,
            mailIdle: { maxConnections: 10, leaseSeconds: LEASE_SECONDS },
          },
          database,
          logger: false,
          contract: contract(),
          mailWatchConnection: { ca: bothCas(), timeoutMs: 5_000 },
        }),
      );
    try {
      await Promise.all(servers.map((server) => server.ready()));
      const holders = servers.map((server) => server.mailboxIdle?.holder);
      await vi.waitFor(async () => {
        const lease = (await leases()).find((l) => l.accountId === ids[0]);
        expect(holders).toContain(lease?.holder);
      }, WAIT);
      const holder = servers.find((s) => s.mailboxIdle?.held().includes(ids[0]!))!;
      await vi.waitFor(() => expect(holder.mailboxIdle?.listening(ids[0]!)).toBe(true), WAIT);
      await deliver(IDLE_USERS[0]!, peers, 'idle-5@prospect.example', 'Par le serveur.');
      await vi.waitFor(
        async () => expect(await answer('idle-5@prospect.example')).toBeDefined(),
        WAIT,
      );
    } finally {
      for (const server of servers) await server.close();
    }
    expect((await leases()).filter((l) => l.holder !== PARKED_HOLDER)).toEqual([]);
  });
});
