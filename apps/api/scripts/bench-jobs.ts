/**
 * Benchmark (not a test) of the job queue libraries on both databases: pg-boss (what the server runs, through
 * src/jobs/queue.ts) and graphile-worker (the other candidate; on PGlite through a bench-only pool look-alike,
 * bench-jobs-pglite-pool.ts). For each library and database, on a fresh database with the demo data and the real
 * server listening beside the queue (its own jobs on, no workers):
 *
 * - the queue's first start (its tables created), in ms;
 * - enqueue: BENCH_JOBS jobs added one by one by 8 concurrent callers, jobs/s;
 * - complete: the same jobs run by BENCH_CONCURRENCY workers with an empty handler, jobs/s;
 * - the other routes meanwhile: p50/p99 of the profile and the dashboard (4 connections), before the jobs and
 *   while they run;
 * - latency: 200 jobs added one at a time to idle workers, from `send` to the handler's start, p50/p95;
 * - idle: CPU of the whole process (% of one core) and database statements per second, over BENCH_IDLE seconds,
 *   with the server and the queue before its workers start, then with its workers waiting for jobs.
 *
 *   pnpm --filter @prospecta/api bench:jobs
 *
 * Env: BENCH_JOBS (default 10000), BENCH_CONCURRENCY (default 4), BENCH_IDLE (seconds, default 15),
 * BENCH_LIBRARIES (default pg-boss,graphile-worker), BENCH_DATABASES (default pglite,postgres),
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). The embedded database is the server's
 * durable one, on disk (BENCH_DIR, default the system's temporary directory): every commit is flushed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Logger, makeWorkerUtils, run as runGraphile, type Runner } from 'graphile-worker';
import pg from 'pg';
import { DEFAULT_JOB_SETTINGS, type JobSettings } from '../src/config';
import { dropSchema, openDatabase, type Database } from '../src/db/index';
import { JobQueue, type JobDefinitions } from '../src/jobs/queue';
import { SecretBox } from '../src/security/secret-box';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { buildServer } from '../src/server';
import { benchConfig } from './bench-config';
import { machineLoad, percentile } from './bench-stats';
import { KyselyPglitePool } from './bench-jobs-pglite-pool';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE ?? 15);
const LIBRARIES = (process.env.BENCH_LIBRARIES ?? 'pg-boss,graphile-worker').split(',');
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROBES = 200;
const seedScrypt = { N: 1024, r: 8, p: 1, keyLength: 64 };
const settings: JobSettings = { ...DEFAULT_JOB_SETTINGS };

interface BenchPayload {
  sentAt: number;
  probe?: boolean;
}

interface Candidate {
  startMs: number;
  enqueue(payload: BenchPayload): Promise<void>;
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
}

type CandidateFactory = (
  database: Database,
  onJob: (payload: BenchPayload) => void,
) => Promise<Candidate>;

const silent = { info() {}, warn() {}, error() {} };

const candidates: Record<string, CandidateFactory> = {
  async 'pg-boss'(database, onJob) {
    type Payloads = { 'bench.job': BenchPayload };
    const definitions: JobDefinitions<Payloads> = {
      'bench.job': {
        retry: { limit: 0, delaySeconds: 0, backoff: false },
        expireInSeconds: 300,
        concurrency: CONCURRENCY,
        keepSeconds: 3600,
        handler: async (payload) => onJob(payload),
      },
    };
    const started = performance.now();
    const producer = new JobQueue<Payloads>(database, { ...settings, worker: false }, silent);
    await producer.start(definitions);
    const startMs = performance.now() - started;
    let consumer: JobQueue<Payloads> | null = null;
    return {
      startMs,
      enqueue: async (payload) => {
        await producer.send('bench.job', payload);
      },
      async startWorkers() {
        consumer = new JobQueue<Payloads>(database, { ...settings, worker: true }, silent);
        await consumer.start(definitions);
      },
      async stop() {
        await consumer?.stop();
        await producer.stop();
      },
    };
  },

  async 'graphile-worker'(database, onJob) {
    const schema = database.postgres?.schema ? `${database.postgres.schema}_gw` : 'graphile_worker';
    const pool =
      database.kind === 'pglite' && database.pglite
        ? (new KyselyPglitePool(database.db, database.pglite) as unknown as pg.Pool)
        : new pg.Pool({ connectionString: URL, max: settings.poolSize + 1 });
    // A pool error would end the run: measured runs have none to report.
    pool.on('error', (error: Error) => console.error(`graphile-worker pool: ${error.message}`));
    const logger = new Logger(() => () => undefined);
    const started = performance.now();
    const utils = await makeWorkerUtils({ pgPool: pool, schema, logger });
    await utils.migrate();
    const startMs = performance.now() - started;
    let runner: Runner | null = null;
    return {
      startMs,
      enqueue: async (payload) => {
        await utils.addJob('bench_job', payload);
      },
      async startWorkers() {
        runner = await runGraphile({
          pgPool: pool,
          schema,
          logger,
          concurrency: CONCURRENCY,
          pollInterval: settings.pollIntervalSeconds * 1000,
          noHandleSignals: true,
          taskList: { bench_job: async (payload) => onJob(payload as BenchPayload) },
        });
      },
      async stop() {
        await runner?.stop();
        await utils.release();
        if (database.kind === 'postgres') {
          await pool.end();
          const admin = new pg.Client({ connectionString: URL });
          await admin.connect();
          await admin.query(`drop schema if exists ${schema} cascade`);
          await admin.end();
        }
      },
    };
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statements sent to the database by this process (node-postgres queries, or PGlite's query and exec). */
function countStatements(database: Database): { count(): number } {
  let n = 0;
  const pglite = database.pglite;
  if (pglite) {
    const query = pglite.query.bind(pglite);
    const exec = pglite.exec.bind(pglite);
    pglite.query = ((...args: Parameters<typeof query>) => {
      n += 1;
      return query(...args);
    }) as typeof pglite.query;
    pglite.exec = ((...args: Parameters<typeof exec>) => {
      n += 1;
      return exec(...args);
    }) as typeof pglite.exec;
  } else {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function counted(this: unknown, ...args: unknown[]) {
      n += 1;
      return query.apply(this, args);
    };
  }
  return { count: () => n };
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function request(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The routes under load (4 connections) until `until` settles: p50 and p99 in ms. */
async function routesLoad(
  urls: string[],
  headers: Record<string, string>,
  until: Promise<unknown>,
): Promise<{ requests: number; errors: number; p50: number; p99: number }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, c) => {
      for (let i = c; !done; i += 1) {
        const url = urls[i % urls.length] as string;
        const t0 = performance.now();
        const status = await request(url, headers);
        latencies.push(performance.now() - t0);
        if (status !== 200) errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function idle(
  statements: { count(): number },
  seconds: number,
): Promise<{ cpu: number; statementsPerSecond: number }> {
  const cpu0 = process.cpuUsage();
  const n0 = statements.count();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu0);
  return {
    cpu: ((used.user + used.system) / 1e6 / elapsed) * 100,
    statementsPerSecond: (statements.count() - n0) / elapsed,
  };
}

async function measure(kind: string, library: string) {
  const factory = candidates[library];
  if (!factory) throw new Error(`unknown library ${library}`);
  const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'prospecta-bench-jobs-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const database =
    kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') })
      : await openDatabase({ kind: 'postgres', url: URL, schema });
  const statements = countStatements(database);
  const secretKey = randomBytes(32);
  await seedDemo(database.db, { scrypt: seedScrypt, secretBox: new SecretBox(secretKey) });

  let completed = 0;
  let allDone: () => void = () => undefined;
  const drained = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  let probeStarted: ((at: number) => void) | null = null;
  const onJob = (payload: BenchPayload) => {
    if (payload.probe) {
      probeStarted?.(performance.timeOrigin + performance.now());
      return;
    }
    completed += 1;
    if (completed === JOBS) allDone();
  };
  // First, on the fresh database: its first start creates its tables.
  const candidate = await factory(database, onJob);

  const app = await buildServer({
    config: benchConfig({
      database: kind === 'pglite' ? { kind: 'pglite' } : { kind: 'postgres', url: URL },
      encryptionKey: secretKey,
      scrypt: seedScrypt,
      // The server's own queue adds jobs and runs none: the candidate's workers are the only ones.
      jobs: { ...settings, worker: false },
    }),
    database,
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/v2/auth/token/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-version': '2.3.5' },
    body: JSON.stringify({ email: 'customer@example.com', password: DEMO_PASSWORD }),
  });
  const { access, user } = (await login.json()) as { access: string; user: { id: number } };
  const headers = { authorization: `Bearer ${access}`, 'x-app-version': '2.3.5' };
  const urls = [`${address}/api/users/user`, `${address}/api/v1/users/${user.id}/dashboard`];

  try {
    const idleServer = await idle(statements, IDLE_SECONDS);
    const routesBefore = await routesLoad(urls, headers, sleep(10_000));

    let next = 0;
    const enqueueStarted = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < JOBS) {
          next += 1;
          await candidate.enqueue({ sentAt: Date.now() });
        }
      }),
    );
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;

    const drainStarted = performance.now();
    const routesDuring = routesLoad(urls, headers, drained);
    await candidate.startWorkers();
    await drained;
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const during = await routesDuring;

    await sleep(2_000);
    const latencies: number[] = [];
    for (let i = 0; i < PROBES; i += 1) {
      const started = new Promise<number>((resolve) => {
        probeStarted = resolve;
      });
      const sentAt = performance.timeOrigin + performance.now();
      await candidate.enqueue({ sentAt, probe: true });
      latencies.push((await started) - sentAt);
      await sleep(20);
    }
    latencies.sort((a, b) => a - b);

    const idleQueue = await idle(statements, IDLE_SECONDS);
    return {
      database: kind,
      library,
      'first start ms': Math.round(candidate.startMs),
      'enqueue jobs/s': Math.round(JOBS / enqueueSeconds),
      'complete jobs/s': Math.round(JOBS / drainSeconds),
      'latency p50 ms': Number(percentile(latencies, 50).toFixed(1)),
      'latency p95 ms': Number(percentile(latencies, 95).toFixed(1)),
      'idle CPU % (no workers → workers)': `${idleServer.cpu.toFixed(2)} → ${idleQueue.cpu.toFixed(2)}`,
      'idle statements/s (no workers → workers)': `${idleServer.statementsPerSecond.toFixed(1)} → ${idleQueue.statementsPerSecond.toFixed(1)}`,
      'routes p50/p99 ms before': `${routesBefore.p50.toFixed(1)} / ${routesBefore.p99.toFixed(1)}`,
      'routes p50/p99 ms during the jobs': `${during.p50.toFixed(1)} / ${during.p99.toFixed(1)} (${during.requests} req, ${during.errors} errors)`,
    };
  } finally {
    await candidate.stop();
    await app.close();
    await database.close();
    if (kind === 'postgres') await dropSchema(URL, schema);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Job queues: ${JOBS} jobs, ${CONCURRENCY} workers, idle over ${IDLE_SECONDS}s (${machineLoad()})`,
  );
  const rows = [];
  for (const kind of DATABASES) {
    for (const library of LIBRARIES) {
      console.log(`… ${library} on ${kind} (${machineLoad()})`);
      const row = await measure(kind, library);
      console.log(row);
      rows.push(row);
    }
  }
  console.table(rows);
  console.log(`(${machineLoad()})`);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
