/**
 * Benchmark (not a test) of the two ways to give each watched mailbox's IDLE connection to one server instance at a
 * time, on PostgreSQL, with BENCH_MAILBOXES mailboxes and two instances (two pools, as two processes) that each have
 * room for 60 % of them:
 *
 * - the lease table (src/repositories/mailbox-leases.ts), driven by the rounds MailboxIdleWatch runs every third of
 *   the lease (the watched ids, a renewal of the held leases, the free ones taken), without IMAP;
 * - the job queue's singleton: one pg-boss job per mailbox (`exclusive` policy, keyed by the mailbox) that runs as
 *   long as the connection lives, with a heartbeat; each instance runs one worker per connection it may keep (a
 *   worker's batch ends with its slowest job, so a job that never ends needs a worker of its own).
 *
 * Printed for each: the time until every mailbox has its holder, whether any mailbox ever had two, the database's
 * transactions per second once settled (pg_stat_database of a database of the benchmark's own), and for the lease the
 * time until the survivor holds a dead instance's mailboxes.
 *
 *   pnpm --filter @prospecta/api bench:mailbox-leases
 *
 * Env: BENCH_MAILBOXES (default 500), BENCH_LEASE_SECONDS (default 6), BENCH_SETTLE_SECONDS (default 20),
 * BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test: where the benchmark's database is created).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { openDatabase, type Database } from '../src/db/index';
import { mailboxLeasesRepository } from '../src/repositories/mailbox-leases';
import { integrationsRepository } from '../src/repositories/integrations';
import { benchCustomer } from './bench-server';
import { machineLoad, percentile } from './bench-stats';

const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 500);
const LEASE_SECONDS = Number(process.env.BENCH_LEASE_SECONDS ?? 6);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 20);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOM = Math.ceil(MAILBOXES * 0.6);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const name = `bench_leases_${randomBytes(4).toString('hex')}`;
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();

/** The transactions committed in the benchmark's database so far (the statistics are read afresh). */
async function commits(): Promise<number> {
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ n: string }>(
    'select xact_commit as n from pg_stat_database where datname = $1',
    [name],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Transactions per second over `seconds`, once what came before has been flushed to the statistics. */
async function rate(seconds: number): Promise<number> {
  await sleep(1_500);
  const before = await commits();
  await sleep(seconds * 1000);
  await sleep(1_500);
  return ((await commits()) - before) / (seconds + 3);
}

async function seed(database: Database): Promise<void> {
  const userId = await benchCustomer(database.db);
  await database.db
    .insertInto('email_accounts')
    .values(
      Array.from({ length: MAILBOXES }, (_, i) => ({
        user_id: userId,
        name: `Boîte ${i}`,
        email: `bench-${i}@customer.example`,
        account_type: 'SMTP',
        is_valid: true,
        imap_host: 'imap.customer.example',
        imap_port: 993,
        imap_secure: true,
        password_enc: 'sealed',
      })),
    )
    .execute();
}

/** One instance's rounds, as MailboxIdleWatch runs them (src/integrations/mailbox-idle.ts), without IMAP. */
class LeaseInstance {
  held = new Set<number>();
  rounds: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  constructor(
    private readonly database: Database,
    readonly holder: string,
    private readonly room = ROOM,
  ) {}

  async round(): Promise<void> {
    const started = performance.now();
    const leases = mailboxLeasesRepository(this.database.db);
    const watched = await integrationsRepository(this.database.db).watchedAccountIds([]);
    this.held = new Set(await leases.renew(this.holder, [...this.held], LEASE_SECONDS));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const room = this.room - this.held.size;
      if (room <= 0) break;
      const free = await leases.free(
        watched.filter((id) => !this.held.has(id)),
        room,
      );
      if (free.length === 0) break;
      const taken = await leases.acquire(this.holder, free, LEASE_SECONDS);
      for (const id of taken) this.held.add(id);
      if (taken.length === free.length) break;
    }
    this.rounds.push(performance.now() - started);
  }

  start(): void {
    let running: Promise<void> | null = null;
    this.timer = setInterval(
      () => {
        running ??= this.round().finally(() => (running = null));
      },
      (LEASE_SECONDS * 1000) / 3,
    );
    void this.round();
  }

  /** Stops renewing (as a process that dies): its leases stay until they expire. */
  die(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

async function leases(): Promise<void> {
  const [a, b] = [
    await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }),
    await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }),
  ];
  const instances = [new LeaseInstance(a, 'instance-a'), new LeaseInstance(b, 'instance-b')];
  let overlaps = 0;
  const started = performance.now();
  for (const instance of instances) instance.start();
  let covered = 0;
  while (covered === 0) {
    const [heldA, heldB] = instances.map((i) => i.held);
    overlaps += [...heldA!].filter((id) => heldB!.has(id)).length;
    if (heldA!.size + heldB!.size === MAILBOXES) covered = performance.now() - started;
    await sleep(20);
  }
  const perSecond = await rate(SETTLE_SECONDS);
  const [heldA, heldB] = instances.map((i) => i.held.size);
  const roundTimes = instances.flatMap((i) => i.rounds).sort((x, y) => x - y);
  // The first instance dies; the second goes on, now with room for every mailbox.
  instances[0]!.die();
  instances[1]!.die();
  const lost = [...instances[0]!.held];
  const died = performance.now();
  const survivor = new LeaseInstance(b, 'instance-b', MAILBOXES);
  survivor.held = new Set(instances[1]!.held);
  survivor.start();
  while (!lost.every((id) => survivor.held.has(id))) await sleep(20);
  const takenOver = performance.now() - died;
  survivor.die();
  console.log(
    `lease table, ${MAILBOXES} mailboxes, 2 instances with room for ${ROOM} each, lease ${LEASE_SECONDS} s: ` +
      `every mailbox held after ${covered.toFixed(0)} ms (${heldA} + ${heldB}), mailboxes held twice: ${overlaps}; ` +
      `one round (ids, renewal, free, take) p50 ${percentile(roundTimes, 50).toFixed(1)} ms, p95 ${percentile(roundTimes, 95).toFixed(1)} ms; ` +
      `settled: ${perSecond.toFixed(1)} transactions/s; a dead instance's ${lost.length} mailboxes taken over after ${(takenOver / 1000).toFixed(1)} s; ${machineLoad()}`,
  );
  await a.close();
  await b.close();
}

async function singletons(): Promise<void> {
  const queue = 'mailbox-idle';
  const bosses = [0, 1].map(
    () =>
      new PgBoss({
        connectionString: url.toString(),
        schema: 'pgboss',
        max: 4,
        supervise: true,
        schedule: false,
      }),
  );
  for (const boss of bosses) {
    boss.on('error', () => undefined);
    await boss.start();
  }
  await bosses[0]!.createQueue(queue, {
    policy: 'exclusive',
    heartbeatSeconds: 10,
    expireInSeconds: 86_400,
  });
  for (let i = 0; i < MAILBOXES; i += 1)
    await bosses[0]!.send(queue, { accountId: i }, { singletonKey: String(i) });
  const active = new Map<number, number>();
  let overlaps = 0;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const started = performance.now();
  for (const [index, boss] of bosses.entries())
    for (let w = 0; w < ROOM; w += 1)
      await boss.work<{ accountId: number }>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: 2 },
        async ([job]) => {
          if (!job) return;
          const other = active.get(job.data.accountId);
          if (other !== undefined && other !== index) overlaps += 1;
          active.set(job.data.accountId, index);
          await stopped;
        },
      );
  while (active.size < MAILBOXES) {
    if (performance.now() - started > 300_000) break;
    await sleep(20);
  }
  const covered = performance.now() - started;
  const perSecond = await rate(SETTLE_SECONDS);
  console.log(
    `pg-boss singleton jobs, ${MAILBOXES} mailboxes, 2 instances with ${ROOM} workers each (heartbeat 10 s, the least pg-boss takes): ` +
      `${active.size} mailboxes held after ${(covered / 1000).toFixed(1)} s, mailboxes held twice: ${overlaps}; ` +
      `settled: ${perSecond.toFixed(1)} transactions/s; ${machineLoad()}`,
  );
  stop();
  for (const boss of bosses) await boss.stop({ graceful: false, close: true, timeout: 5_000 });
}

await admin.query(`create database ${name}`);
try {
  const migrated = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  await seed(migrated);
  await migrated.close();
  await leases();
  await singletons();
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
