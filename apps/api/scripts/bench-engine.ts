/**
 * Benchmark (not a test) of the sending engine through the real server processes (src/main.ts with SENDING_ENGINE),
 * to the tests' SMTP peer on this machine (test/peers/mail-peers.ts, STARTTLS and password login, in this process):
 *
 * 1. Sending: a running campaign of the demo customer (one e-mail step, BENCH_SENDS prospects, BENCH_MAILBOXES
 *    mailboxes, no spacing, no cap in the way, a sending window of the whole week) is planned by the server's own
 *    planner job and sent by its `sends.deliver` jobs. Printed: mails/s (from the first mail the peer received to the
 *    last), and the p50/p99 of the customer's dashboard and inbox calls, each probed every 10 ms from a thread of its
 *    own, alone before the run and while the engine sends; and the CPU time per mail, over the same interval, of the
 *    server processes, of the PostgreSQL backends of the benchmark's database, and of this process (the SMTP peer and
 *    the probes' threads). On PostgreSQL the run is made with one instance, then with two (BENCH_INSTANCES, default
 *    "1,2"): processes sharing the database and the job queue, each with its deliverer's concurrency (8). The
 *    servers run as in production: their answers are not checked against the contract (RESPONSE_VALIDATION=off).
 *    The SMTP peer stays in this process: it keeps each mail as received, without parsing it (1.5–2 ms of CPU per mail,
 *    decision 0230).
 * 2. Figures: a campaign of BENCH_FIGURES_PROSPECTS prospects (default 100,000) of another customer, 3 e-mail steps,
 *    every prospect contacted, a third opened, a tenth clicked, 5 % answered (its sends, events, marks and counters
 *    as the engine writes them). Printed: the time staff wait for the campaign's read (first and cached), its
 *    sequence with the steps' figures, and each figure's prospects (the drill-down), median and p95 of 10 calls.
 *
 *   pnpm --filter @prospecta/api bench:engine
 *
 * On the embedded database by default (one instance: one process holds its directory), on PostgreSQL with
 * BENCH_DATABASE_URL (a database of its own created on that server, dropped at the end). Env: BENCH_SENDS (default
 * 3000; 0 measures the figures only), BENCH_MAILBOXES (default 4), BENCH_INSTANCES (default "1,2", PostgreSQL only), BENCH_FIGURES_PROSPECTS
 * (default 100000; 0 skips the figures), BENCH_PROBES=0 (the routes not probed: the engine's own cost), BENCH_PROBE_REVALIDATE=1 (the probes send the last ETag, as the browser does),
 * BENCH_SERVER_CPU_PROF=<directory> (the servers' CPU profiles), BENCH_PROGRESS=1 (where it is), BENCH_LOG_LEVEL=info
 * (the servers' logs). Targets: 100 mails/s from one instance, the dashboard and inbox p99
 * ≤ 100 ms while it sends, the figures of a 100,000-prospect campaign ≤ 200 ms to read.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/index';
import { SecretBox } from '../src/security/secret-box';
import { peersMailHosts, startMailPeers, type MailPeers } from '../test/peers/mail-peers';
import { machineLoad, percentile } from './bench-stats';
import {
  benchStore,
  cpuSeconds,
  databaseCpuSeconds,
  peerMailboxes,
  signIn,
  spawnBenchServer,
  startProbe,
  type BenchStore,
} from './bench-server';

const SENDS = Number(process.env.BENCH_SENDS ?? 3000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 4);
const FIGURES_PROSPECTS = Number(process.env.BENCH_FIGURES_PROSPECTS ?? 100_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** BENCH_PROBES=0: the routes are not probed, neither alone nor while the engine sends. */
const PROBES = process.env.BENCH_PROBES !== '0';
// BENCH_SENDS=0: the figures only.
const INSTANCES =
  SENDS === 0
    ? []
    : DATABASE_URL
      ? (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number)
      : [1];

const senders = Array.from({ length: MAILBOXES }, (_, i) => ({
  user: `bench.sender${i}@sender.example`,
  password: `bench-password-${i}`,
}));

/** BENCH_PROGRESS=1: where the benchmark is, on the error output. */
const progress = (what: string) => {
  if (process.env.BENCH_PROGRESS === '1') console.error(`  ${new Date().toISOString()} ${what}`);
};

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} / p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} calls)`;
};

async function withDatabase<T>(store: BenchStore, work: (db: Db) => Promise<T>): Promise<T> {
  const database = store.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: store.databaseUrl, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: store.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function userId(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A paused campaign of the demo customer that sends as fast as the engine can once running: one e-mail step, every
 * mailbox, no spacing, a cap out of the way, the whole week open.
 */
async function sendingCampaign(db: Db, accounts: number[], label: string): Promise<number> {
  const owner = await userId(db, 'customer@example.com');
  const now = new Date();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: owner,
      name: `Engine benchmark ${label}`,
      status: 'paused',
      is_active: false,
      created_at: now,
      updated_at: now,
      time_zone: 'UTC',
      sending_days: JSON.stringify([0, 1, 2, 3, 4, 5, 6, 7]),
      sending_start: '00:00',
      sending_end: '23:59',
      daily_cap: 1_000_000,
      spacing_min_seconds: 0,
      spacing_max_seconds: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('campaign_steps')
    .values({
      campaign_id: campaign.id,
      position: 1,
      name: 'First mail',
      workflow_step_type: 'email',
      subject: 'Bonjour {{first_name|à vous}}',
      body: 'Bonjour {{first_name}},\n\nJe me permets de vous écrire au sujet de {{company}}.\n\nJulien',
      delay_days: 0,
    })
    .execute();
  for (const account of accounts)
    await db
      .insertInto('campaign_mailboxes')
      .values({ campaign_id: campaign.id, email_account_id: account })
      .execute();
  await sql`insert into prospects (campaign_id, user_id, title, first_name, last_name, company_name, email,
      prospecting_status, created_at, updated_at)
    select ${campaign.id}, ${owner}, 'undefined', 'Claire' || i, 'Martin', 'Acme ' || i,
      ${label} || '.prospect' || i || '@recipient.example', 'pending', now(), now()
    from generate_series(1, ${SENDS}) as i`.execute(db);
  return campaign.id;
}

/**
 * A finished campaign of another customer with `count` prospects, 3 e-mail steps, and the figures the engine would
 * have written: every prospect contacted by step 1, a third opened, a tenth clicked, 5 % answered (sends, events,
 * first marks of the campaign and of the step, and the counters).
 */
async function figuresCampaign(db: Db, count: number): Promise<number> {
  const now = new Date();
  const owner = await db
    .insertInto('users')
    .values({
      email: 'bench.figures@example.com',
      password_hash: 'not-used',
      first_name: 'Figures',
      last_name: 'Benchmark',
      flags: JSON.stringify([]),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: owner.id,
      name: 'Figures benchmark',
      status: 'running',
      is_active: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const steps = await db
    .insertInto('campaign_steps')
    .values(
      [1, 2, 3].map((position) => ({
        campaign_id: campaign.id,
        position,
        name: `Email ${position}`,
        workflow_step_type: 'email',
        subject: 'Bonjour {{first_name}}',
        body: 'Bonjour {{first_name}}',
        delay_days: position === 1 ? 0 : 3,
      })),
    )
    .returning('id')
    .execute();
  const step = steps[0]!.id;
  const id = campaign.id;
  await sql`insert into prospects (campaign_id, user_id, title, first_name, last_name, company_name, email,
      prospecting_status, created_at, updated_at)
    select ${id}, ${owner.id}, 'undefined', 'First' || i, 'Last' || i, 'Company ' || (i % 5000),
      'f' || i || '@figures.example.org', 'pending', now(), now()
    from generate_series(1, ${count}) as i`.execute(db);
  await sql`insert into sends (campaign_id, step_id, prospect_id, message_id, state, due_at, sent_at)
    select ${id}, ${step}, id, 'figures.' || id || '@sender.example', 'sent',
      now() - interval '2 days', now() - interval '2 days' + (id % 3600) * interval '1 second'
    from prospects where campaign_id = ${id}`.execute(db);
  // The figures: type of event, the share of prospects (every n-th), its time after the send.
  const figures = [
    { type: 'sent', figure: 'contacted', every: 1, after: '0 seconds' },
    { type: 'opened', figure: 'opened', every: 3, after: '1 hour' },
    { type: 'clicked', figure: 'clicked', every: 10, after: '2 hours' },
    { type: 'replied', figure: 'answered', every: 20, after: '3 hours' },
  ];
  for (const { type, figure, every, after } of figures) {
    await sql`insert into campaign_events (campaign_id, prospect_id, step_id, type, occurred_at)
      select ${id}, p.id, ${step}, ${type}, s.sent_at + ${after}::interval
        from prospects p join sends s on s.prospect_id = p.id
       where p.campaign_id = ${id} and p.id % ${every} = 0`.execute(db);
    for (const markStep of [0, step])
      await sql`insert into event_marks (prospect_id, step_id, figure, campaign_id, first_at)
        select prospect_id, ${markStep}, ${figure}, ${id}, occurred_at from campaign_events
         where campaign_id = ${id} and type = ${type}`.execute(db);
  }
  const counted = sql<number>`(select count(*)::int from event_marks m
    where m.campaign_id = ${id} and m.step_id = 0 and m.figure = `;
  await sql`update campaigns set contacted = ${counted}'contacted'),
      contacts_opened = ${counted}'opened'), contacts_clicked = ${counted}'clicked'),
      contacts_answered = ${counted}'answered')
    where id = ${id}`.execute(db);
  await sql`update campaign_steps st set contacted = c.contacted, contacts_opened = c.contacts_opened,
      contacts_clicked = c.contacts_clicked, contacts_answered = c.contacts_answered
    from campaigns c where c.id = ${id} and st.id = ${step}`.execute(db);
  await sql`analyze`.execute(db);
  return id;
}

interface Target {
  base: string;
  headers: Record<string, string>;
}

async function timed(target: Target, path: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const response = await fetch(`${target.base}${path}`, { headers: target.headers });
  await response.arrayBuffer();
  return { ms: performance.now() - t0, status: response.status };
}

async function measureSending(
  store: BenchStore,
  env: Record<string, string>,
  peers: MailPeers,
  campaignId: number,
  instances: number,
): Promise<void> {
  const servers: Awaited<ReturnType<typeof spawnBenchServer>>[] = [];
  for (let i = 0; i < instances; i += 1) servers.push(await spawnBenchServer(store, env));
  progress(`${instances} instance(s) up`);
  // The mails of the runs before this one.
  const earlier = peers.smtpControl.received.length;
  try {
    const { base } = servers[0]!;
    const auth = await signIn(base, 'customer@example.com');
    const me = (await (await fetch(`${base}/api/users/user`, { headers: auth })).json()) as {
      id: number;
    };
    const routes = {
      dashboard: `${base}/api/v1/users/${me.id}/dashboard`,
      inbox: `${base}/api/v1/users/${me.id}/inbox-messages`,
    };
    // The routes alone first, at this machine's load.
    const aloneProbes = PROBES ? Object.values(routes).map((url) => startProbe(url, auth)) : [];
    if (PROBES) await new Promise((resolve) => setTimeout(resolve, 3000));
    const alone = await Promise.all(aloneProbes.map((p) => p.stop()));
    progress('routes probed alone');
    const probes = PROBES ? Object.values(routes).map((url) => startProbe(url, auth)) : [];
    const early = peers.smtpControl.received.length - earlier;
    if (early > 0) console.log(`  (${early} mails were sent while the routes were probed alone)`);
    // Running: the planner's job (every minute on each instance) plans every prospect at once. (The embedded
    // database's campaign was set running before its one server started.)
    if (store.databaseUrl) await withRunning(store, campaignId);
    const launched = Date.now();
    const before = store.databaseUrl ? peers.smtpControl.received.length : 0;
    // The CPU time each part has used, read at the first mail and at the last.
    const cpu = async () => ({
      servers: servers.reduce((total, server) => total + cpuSeconds(server.pid), 0),
      bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
      database: store.databaseUrl ? await databaseCpuSeconds(store.databaseUrl) : 0,
    });
    let first = 0;
    let last = 0;
    let cpuAtFirst = { servers: 0, bench: 0, database: 0 };
    for (;;) {
      const received = peers.smtpControl.received.length - before;
      if (received > 0 && first === 0) {
        first = Date.now();
        cpuAtFirst = await cpu();
      }
      if (received >= SENDS) {
        last = Date.now();
        break;
      }
      if (Date.now() - launched > 15 * 60_000)
        throw new Error(`only ${received} of ${SENDS} mails arrived in 15 minutes`);
      if (Date.now() % 10_000 < 20) progress(`${received} received`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cpuAtLast = await cpu();
    const during = await Promise.all(probes.map((p) => p.stop()));
    const seconds = (last - first) / 1000;
    const within = (result: { latencies: number[]; startedAt: number[] }) =>
      result.latencies.filter(
        (_, i) => result.startedAt[i]! >= first && result.startedAt[i]! <= last,
      );
    console.log(
      `${instances} instance${instances > 1 ? 's' : ''}: ${SENDS} mails in ${seconds.toFixed(1)} s from the first to the last received: ` +
        `${(SENDS / seconds).toFixed(0)} mails/s (the first ${((first - launched) / 1000).toFixed(1)} s after the campaign ran: the planner's next pass)`,
    );
    // Mails after the first one, over the same interval.
    const perMail = (part: keyof typeof cpuAtLast) =>
      (((cpuAtLast[part] - cpuAtFirst[part]) * 1000) / Math.max(1, SENDS - 1)).toFixed(2);
    console.log(
      `  CPU per mail: server${instances > 1 ? 's' : ''} ${perMail('servers')} ms, ` +
        (store.databaseUrl ? `PostgreSQL backends ${perMail('database')} ms, ` : '') +
        `benchmark process (SMTP peer${PROBES ? ', probes' : ''}) ${perMail('bench')} ms`,
    );
    if (PROBES) {
      console.log(
        `  dashboard alone ${stats(alone[0]!.latencies)}, while sending ${stats(within(during[0]!))}`,
      );
      console.log(
        `  inbox     alone ${stats(alone[1]!.latencies)}, while sending ${stats(within(during[1]!))}`,
      );
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** Moves the campaign to running behind the servers' back (the planner's minute pass takes it up). */
async function withRunning(store: BenchStore, campaignId: number): Promise<void> {
  if (!store.databaseUrl) throw new Error('the embedded database is held by the server');
  await withDatabase(store, async (db) => {
    await db
      .updateTable('campaigns')
      .set({ status: 'running', is_active: true })
      .where('id', '=', campaignId)
      .execute();
  });
}

async function measureFigures(
  store: BenchStore,
  env: Record<string, string>,
  campaignId: number,
): Promise<void> {
  const server = await spawnBenchServer(store, env);
  try {
    const target = {
      base: server.base,
      headers: await signIn(server.base, 'staff@example.com'),
    };
    const sequence = (await (
      await fetch(`${server.base}/api/v1/campaigns/${campaignId}/sequence`, {
        headers: target.headers,
      })
    ).json()) as { steps?: { id: number }[] };
    const step = sequence.steps?.[0]?.id;
    const first = await timed(target, `/api/v2/campaigns/${campaignId}`);
    console.log(
      `figures of a ${FIGURES_PROSPECTS.toLocaleString('en')}-prospect campaign (10 calls each, one after the other):`,
    );
    console.log(
      `  campaign read (GET /api/v2/campaigns/{id}, every prospect as a light row), first call: ${first.ms.toFixed(0)} ms (${first.status})`,
    );
    const reads: [string, string][] = [
      ['campaign read, cached', `/api/v2/campaigns/${campaignId}`],
      ['sequence with the steps’ figures', `/api/v1/campaigns/${campaignId}/sequence`],
      ...(['contacted', 'opened', 'clicked', 'answered'] as const).flatMap(
        (figure): [string, string][] => [
          [
            `${figure}: the campaign's prospects`,
            `/api/v1/campaigns/${campaignId}/figures/${figure}/prospects`,
          ],
          [
            `${figure}: step 1's prospects`,
            `/api/v1/campaigns/${campaignId}/figures/${figure}/prospects?step_id=${step}`,
          ],
        ],
      ),
    ];
    for (const [label, path] of reads) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < 10; i += 1) {
        const call = await timed(target, path);
        times.push(call.ms);
        status = call.status;
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(36)} median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${status})`,
      );
    }
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const peers = await startMailPeers(senders);
  const store = await benchStore('bench-engine', DATABASE_URL ? { databaseUrl: DATABASE_URL } : {});
  try {
    const key = randomBytes(32);
    const hosts = peersMailHosts(peers);
    const env = {
      SENDING_ENGINE: 'true',
      // Campaign mails to the mailboxes' SMTP server (the peer), not to the development catcher.
      MAIL_CATCHER: 'false',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ENCRYPTION_KEY: key.toString('hex'),
      MAIL_HOST_ALLOWLIST: hosts.allow.join(','),
      MAIL_PORTS: hosts.extraPorts.join(','),
      // The peer's self-signed certificate, trusted as a company CA would be.
      NODE_EXTRA_CA_CERTS: peers.caFile,
      LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
      // As in production: the answers are not checked against the contract (APP_ENV=ci would check every one).
      RESPONSE_VALIDATION: 'off',
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    };
    // The first start migrates and seeds the demo data; the benchmark's own data goes in while no server runs.
    await (await spawnBenchServer(store, env)).stop();
    const box = new SecretBox(key);
    const campaigns = await withDatabase(store, async (db) => {
      const accounts = await peerMailboxes(
        db,
        box,
        peers,
        await userId(db, 'customer@example.com'),
        'smtp',
        senders.map((sender, i) => ({ ...sender, name: `Bench Sender ${i}` })),
      );
      // One campaign per run (each with its number of instances).
      const sending = [];
      for (let run = 1; run <= INSTANCES.length; run += 1)
        sending.push(await sendingCampaign(db, accounts, `run${run}`));
      const figures = FIGURES_PROSPECTS > 0 ? await figuresCampaign(db, FIGURES_PROSPECTS) : null;
      return { sending, figures };
    });
    console.log(
      `bench:engine, ${store.database}: ${SENDS} sends on ${MAILBOXES} mailboxes to the SMTP peer on this machine; ${machineLoad()}`,
    );
    if (!store.databaseUrl && campaigns.sending.length > 0) {
      // One process holds the embedded database: the campaign is set running before the server starts.
      await withDatabase(store, async (db) => {
        await db
          .updateTable('campaigns')
          .set({ status: 'running', is_active: true })
          .where('id', '=', campaigns.sending[0]!)
          .execute();
      });
    }
    for (const [i, instances] of INSTANCES.entries())
      await measureSending(store, env, peers, campaigns.sending[i]!, instances);
    if (campaigns.figures !== null) await measureFigures(store, env, campaigns.figures);
    console.log(machineLoad());
  } finally {
    await store.drop();
    await peers.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
