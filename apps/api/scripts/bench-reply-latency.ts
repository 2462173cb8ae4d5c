/**
 * Benchmark (not a test) of a reply's way in: from a mail delivered into the user's IMAP mailbox (Dovecot, the
 * tests' peer: APPEND from another session, as the mail server's delivery would) to its answer's row stored by the
 * server, with the mailbox watch's IDLE connections (src/integrations/mailbox-idle.ts). The server is the real one
 * (buildServer: its job queue, its watch plugin, its leases), started in this process; the poll runs once an hour,
 * so what arrives in between comes through IDLE.
 *
 * Runs: one instance on the embedded database (durable, on disk), one instance on PostgreSQL, and two instances on
 * one PostgreSQL database (each its own pool; two mailboxes, at most one IDLE connection per instance, so each
 * instance holds one and the deliveries alternate between them). Printed per run: p50, p95 and the slowest of
 * BENCH_DELIVERIES deliveries, and the machine's load. The row is looked for every 10 ms from a connection of its own.
 * Then the memory one instance spends per IDLE connection: BENCH_CONNECTIONS (default 60) mailboxes opened by the
 * watch alone, the process's heap and resident memory before and after.
 *
 *   pnpm --filter @prospecta/api bench:reply-latency
 *
 * The browser runs (`BENCH_RUNS=browser-pglite`, `browser-postgres` or `browser-postgres-2`, one per command: a second
 * one in the same process stalled while the first closed; run `pnpm build` first) also
 * open the customer's inbox in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium), served by the first
 * instance on BENCH_PORT (default 4160), and time each reply's row in the open list and the change of the inbox
 * link's badge, from the same delivery (with two instances, the mailboxes are held by both: half the replies reach
 * the browser through the other instance).
 *
 * Env: BENCH_DELIVERIES (default 20), BENCH_RUNS (default pglite,postgres,postgres-2,memory), BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { ImapFlow } from 'imapflow';
import { chromium, type Page } from 'playwright';
import { APP_VERSION } from '@prospecta/domain';
import { sql } from 'kysely';
import { dropSchema, openDatabase, type Database } from '../src/db/index';
import { REPO_ROOT } from '../src/config';
import { seedDemo } from '../src/seed/demo';
import { SecretBox } from '../src/security/secret-box';
import { buildServer } from '../src/server';
import { MailHostGuard } from '../src/integrations/mail-hosts';
import { MailboxIdleWatch } from '../src/integrations/mailbox-idle';
import {
  peersMailHosts,
  startMailPeers,
  type MailPeers,
  type MailUser,
} from '../test/peers/mail-peers';
import { benchConfig } from './bench-config';
import { demoSession, peerMailboxes } from './bench-server';
import { machineLoad, percentile } from './bench-stats';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 20);
const RUNS = (process.env.BENCH_RUNS ?? 'pglite,postgres,postgres-2,memory').split(',');
const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MAILBOXES: MailUser[] = [
  { user: 'latency.one@moreau-solutions-rh.fr', password: 'latency-one' },
  { user: 'latency.two@moreau-solutions-rh.fr', password: 'latency-two' },
];
/** The mailboxes of the memory run (Dovecot's default limit is 100 IMAP processes). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 60);
const MANY: MailUser[] = Array.from({ length: CONNECTIONS }, (_, i) => ({
  user: `idle-${i}@moreau-solutions-rh.fr`,
  password: `idle-${i}`,
}));
const scrypt = { N: 1024, r: 8, p: 1, keyLength: 64 };
/** The port the browser runs' first instance listens on. */
const BROWSER_PORT = Number(process.env.BENCH_PORT ?? 4160);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A delivering session (a delivery is one APPEND). */
async function deliverer(peers: MailPeers, user: MailUser): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: peers.imap.implicit,
    secure: true,
    auth: { user: user.user, pass: user.password },
    logger: false,
    tls: { ca: peers.ca },
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

function reply(from: string, to: string, messageId: string): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    'Subject: Re: Votre logiciel de paie',
    `Message-ID: <${messageId}>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${messageId} : Bonjour, pouvons-nous en parler jeudi ?`,
    '',
  ].join('\r\n');
}

/**
 * Installed before the app's scripts: `__benchArrival(marker)` watches the page for a new inbox row showing the marker
 * and for a new text of the inbox link's badge, and resolves with when each came (ms since the epoch). Plain JavaScript, as the page runs it (no compiled helpers).
 */
const PAGE_PROBE = `
(() => {
  const badgeText = () => document.querySelector('[data-testid="sidebar-inbox"]')?.textContent || '';
  window.__benchArrival = (marker) =>
    new Promise((resolve) => {
      const before = badgeText();
      let row = 0;
      let badge = 0;
      const observer = new MutationObserver(() => {
        const now = Date.now();
        if (!row && [...document.querySelectorAll('[data-testid="inbox-row"]')].some((el) => (el.textContent || '').includes(marker)))
          row = now;
        if (!badge && badgeText() !== before) badge = now;
        if (row && badge) {
          observer.disconnect();
          resolve({ row, badge });
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      // Given up after 30 s: what did not come is answered 0.
      setTimeout(() => {
        observer.disconnect();
        resolve({ row, badge });
      }, 30000);
    });
})();
`;

/** The customer's inbox open in headless Chromium, from the first instance (served on BROWSER_PORT). */
async function openInbox(
  server: FastifyInstance,
  closers: (() => Promise<unknown>)[],
): Promise<Page> {
  const origin = await server.listen({ port: BROWSER_PORT, host: '127.0.0.1' });
  const session = await demoSession(origin, 'customer@example.com');
  const chromiumBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  closers.push(() => chromiumBrowser.close());
  const context = await chromiumBrowser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(
    ({ access, refresh, version }) => {
      localStorage.setItem('prospecta.token', access);
      localStorage.setItem('prospecta.refreshToken', refresh);
      localStorage.setItem('prospecta.locale', 'en');
      localStorage.setItem('prospecta.appVersion', version);
      localStorage.setItem('prospecta.tutorial', JSON.stringify(version));
    },
    { access: session.access, refresh: session.refresh, version: APP_VERSION },
  );
  await context.addInitScript({ content: PAGE_PROBE });
  const page = await context.newPage();
  await page.goto(`${origin}/users/${session.user.id}/inbox`);
  await page.locator('[data-testid="inbox-count"]').waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="inbox-row"]').first().waitFor({ timeout: 60_000 });
  // The page's first requests and its event stream (always open: never a quiet network) settle first.
  await sleep(2_000);
  return page;
}

async function run(name: string, peers: MailPeers): Promise<void> {
  const browser = name.startsWith('browser-');
  const kind = name.includes('pglite') ? 'pglite' : 'postgres';
  const instances = name.endsWith('-2') ? 2 : 1;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-reply-latency-'));
  const open = () =>
    kind === 'postgres'
      ? openDatabase({ kind: 'postgres', url: URL, schema, poolSize: 4 })
      : openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  const first = await open();
  // PostgreSQL: every instance and the observer get a pool of their own, as separate processes would.
  const databases: Database[] = [first];
  for (let i = 1; i < instances; i += 1) databases.push(await open());
  const observer = kind === 'postgres' ? await open() : first;
  const servers: FastifyInstance[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const encryptionKey = randomBytes(32);
    const secretBox = new SecretBox(encryptionKey);
    const facts = await seedDemo(first.db, { scrypt, secretBox });
    // Only the benchmark's mailboxes are watched (the demo's point at hosts this machine cannot reach).
    await first.db.updateTable('email_accounts').set({ is_valid: false }).execute();
    const accounts = await peerMailboxes(
      first.db,
      secretBox,
      peers,
      facts.customerId,
      'imap',
      MAILBOXES.slice(0, instances),
    );
    // A prospect per delivery that has not answered yet: the inbox lists each prospect's last answer, and its badge
    // counts them, so each reply is a new row and one more to the count.
    const prospects = await first.db
      .selectFrom('prospects')
      .select('email')
      .where('user_id', '=', facts.customerId)
      .where('email', 'is not', null)
      .where('has_responses', '=', false)
      .where('prospecting_status', 'in', ['ongoing', 'to_call'])
      .orderBy('id')
      .limit(DELIVERIES)
      .execute();
    if (prospects.length < DELIVERIES)
      throw new Error(
        `only ${prospects.length} prospects without an answer for ${DELIVERIES} deliveries`,
      );
    const config = benchConfig({
      database: kind === 'postgres' ? { kind: 'postgres', url: URL } : { kind: 'pglite' },
      encryptionKey,
      scrypt,
      mailHosts: peersMailHosts(peers),
      // One pass at the start, the next in an hour: every reply below comes through IDLE.
      mailWatchIntervalSeconds: 3600,
      mailIdle: { maxConnections: 1, leaseSeconds: 60 },
      // The browser runs load the production build from the first instance.
      webDist: browser ? join(REPO_ROOT, 'apps', 'web', 'dist') : null,
      publicUrl: `http://127.0.0.1:${BROWSER_PORT}`,
    });
    for (const database of databases) {
      const server = await buildServer({
        config,
        database,
        logger: false,
        mailWatchConnection: { ca: peers.ca },
      });
      await server.ready();
      servers.push(server);
    }
    // Every mailbox's connection open and waiting in IDLE before the first delivery.
    const started = performance.now();
    while (!accounts.every((id) => servers.some((server) => server.mailboxIdle?.listening(id)))) {
      if (performance.now() - started > 60_000)
        throw new Error('the IDLE connections did not open');
      await sleep(50);
    }
    const holders = accounts.map((id) =>
      servers.findIndex((server) => server.mailboxIdle?.held().includes(id)),
    );
    const page = browser ? await openInbox(servers[0]!, closers) : null;

    const latencies: number[] = [];
    const shown = { row: [] as number[], badge: [] as number[], missed: { row: 0, badge: 0 } };
    const tag = randomBytes(4).toString('hex');
    for (let i = 0; i < DELIVERIES; i += 1) {
      const which = i % instances;
      const messageId = `latency-${tag}-${i}@prospect.example`;
      const onPage = page?.evaluate<{ row: number; badge: number }>(
        `window.__benchArrival(${JSON.stringify(messageId)})`,
      );
      await sleep(20);
      // A session per delivery, as a mail server's own: the clock starts once the mail is stored.
      const client = await deliverer(peers, MAILBOXES[which]!);
      await client.append(
        'INBOX',
        reply(prospects[i]!.email as string, MAILBOXES[which]!.user, messageId),
      );
      const delivered = performance.now();
      const deliveredAt = Date.now();
      void client.logout().catch(() => undefined);
      for (;;) {
        const row = await sql<{ id: number }>`
          select id from history_entries
           where direction = 'inbound' and data->>'message_id' = ${`<${messageId}>`}`.execute(
          observer.db,
        );
        if (row.rows.length > 0) break;
        if (performance.now() - delivered > 60_000)
          throw new Error(`delivery ${i} was not imported within 60 s`);
        await sleep(10);
      }
      latencies.push(performance.now() - delivered);
      if (onPage) {
        const { row, badge } = await onPage;
        // What did not come within the probe's wait is counted apart, not timed.
        if (row) shown.row.push(row - deliveredAt);
        else shown.missed.row += 1;
        if (badge) shown.badge.push(badge - deliveredAt);
        else shown.missed.badge += 1;
      }
      // Apart from each other, as replies come.
      await sleep(200 + Math.random() * 300);
    }
    latencies.sort((a, b) => a - b);
    const label =
      instances === 1
        ? `${kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}, 1 instance`
        : `PostgreSQL, ${instances} instances (mailboxes held by instances ${holders.join(', ')})`;
    const figures = (label: string, samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      return `${label}: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms`;
    };
    console.log(
      `${label}: ${DELIVERIES} replies, ${figures('delivered → row stored', latencies)}` +
        (page
          ? `; ${figures('→ row in the open inbox', shown.row)}; ${figures('→ badge', shown.badge)}` +
            (shown.missed.row || shown.missed.badge
              ? ` (not within 30 s: ${shown.missed.row} rows, ${shown.missed.badge} badges)`
              : '')
          : '') +
        `; ${machineLoad()}`,
    );
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const server of servers) await server.close();
    if (observer !== first) await observer.close();
    for (const database of databases) await database.close();
    if (kind === 'postgres') await dropSchema(URL, schema);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The memory of IDLE connections: the process's heap and resident memory before the watch opens CONNECTIONS of them
 * and once every one waits in IDLE (after a garbage collection when `--expose-gc` is on).
 */
async function memory(peers: MailPeers): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reply-latency-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  const secretBox = new SecretBox(randomBytes(32));
  const watch = new MailboxIdleWatch(
    { db: database.db, secretBox, mailHosts: new MailHostGuard(peersMailHosts(peers)) },
    { maxConnections: CONNECTIONS, leaseSeconds: 30 },
    { ca: peers.ca },
  );
  try {
    const facts = await seedDemo(database.db, { scrypt, secretBox });
    await database.db.updateTable('email_accounts').set({ is_valid: false }).execute();
    const ids = await peerMailboxes(database.db, secretBox, peers, facts.customerId, 'imap', MANY);
    const measure = async () => {
      (globalThis as { gc?: () => void }).gc?.();
      await sleep(500);
      (globalThis as { gc?: () => void }).gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      return { heapUsed, rss };
    };
    const before = await measure();
    watch.start();
    const started = performance.now();
    while (!ids.every((id) => watch.listening(id))) {
      if (performance.now() - started > 120_000)
        throw new Error('the IDLE connections did not open');
      await sleep(100);
    }
    const opened = performance.now() - started;
    const after = await measure();
    const perConnection = (bytes: number) => (bytes / CONNECTIONS / 1024).toFixed(0);
    console.log(
      `memory: ${CONNECTIONS} IDLE connections opened in ${(opened / 1000).toFixed(1)} s; per connection: heap ` +
        `${perConnection(after.heapUsed - before.heapUsed)} KiB, resident ${perConnection(after.rss - before.rss)} KiB` +
        `${(globalThis as { gc?: unknown }).gc ? ' (after a garbage collection)' : ' (without --expose-gc: no collection first)'}; ${machineLoad()}`,
    );
  } finally {
    await watch.stop();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const peers = await startMailPeers([...MAILBOXES, ...MANY]);
try {
  for (const name of RUNS) await (name === 'memory' ? memory(peers) : run(name, peers));
} finally {
  await peers.close();
}
