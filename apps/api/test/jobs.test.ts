import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dropSchema, openDatabase, type Database } from '../src/db/index';
import { JobQueue, type JobDefinitions, type JobLog } from '../src/jobs/queue';
import { hangDefinitions, HANG_EXPIRE_SECONDS, type HangPayloads } from './fixtures/hang-job';
import { SecretBox } from '../src/security/secret-box';
import { seedDemo } from '../src/seed/demo';
import { buildServer } from '../src/server';
import {
  API_ROOT,
  contract,
  isolatedDatabase,
  migratedDataDir,
  TEST_JOB_SETTINGS,
  TEST_SCRYPT,
  testConfig,
} from './helpers';
import { freePort } from './peers/free-port';

/**
 * The job queue (src/jobs/queue.ts) on both databases: retries with a growing delay and a failure kept with its
 * reason, exactly once across instances, a killed worker's job taken over after its expiry, a clean stop, the
 * instance that only adds jobs, and a job added inside a transaction.
 */
type Payloads = {
  'test.flaky': { n: number };
  'test.count': { n: number };
  'test.keyed': { key: string };
};

interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}

function recordingLog(): JobLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (obj: object, msg: string) =>
    void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

let database: Awaited<ReturnType<typeof isolatedDatabase>>;
const queues: JobQueue<never>[] = [];
beforeAll(async () => {
  database = await isolatedDatabase();
});
// A queue left running by a failed test would take the next test's jobs.
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
});
afterAll(async () => {
  await database?.dispose();
});

function queueOn<P extends Record<string, object>>(
  on: Database,
  settings: Partial<typeof TEST_JOB_SETTINGS> = {},
  log: JobLog = recordingLog(),
): JobQueue<P> {
  const queue = new JobQueue<P>(on, { ...TEST_JOB_SETTINGS, ...settings }, log);
  queues.push(queue as unknown as JobQueue<never>);
  return queue;
}

function definitions(handlers: {
  flaky?: (payload: { n: number }) => Promise<void>;
  count?: (payload: { n: number }) => Promise<void>;
  keyed?: (payload: { key: string }) => Promise<void>;
}): JobDefinitions<Payloads> {
  const none = async () => undefined;
  return {
    'test.flaky': {
      retry: { limit: 2, delaySeconds: 1, backoff: true },
      expireInSeconds: 30,
      handler: handlers.flaky ?? none,
    },
    'test.count': {
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 30,
      concurrency: 4,
      handler: handlers.count ?? none,
    },
    'test.keyed': {
      policy: 'exclusive',
      singletonKey: ({ key }) => key,
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 30,
      concurrency: 2,
      handler: handlers.keyed ?? none,
    },
  };
}

describe('the job queue', () => {
  it('retries a failing job after growing delays, then keeps it failed with its reason, and runs it again on demand', async () => {
    const log = recordingLog();
    let succeed = false;
    const attempts: number[] = [];
    const queue = queueOn<Payloads>(database, {}, log);
    await queue.start(
      definitions({
        flaky: async ({ n }) => {
          attempts.push(n);
          if (!succeed) throw new Error(`smtp down (${attempts.length})`);
        },
      }),
    );
    const id = (await queue.send('test.flaky', { n: 7 })) as string;
    expect(id).toEqual(expect.any(String));

    // Each failure leaves the job waiting for its retry, longer each time: 1 to 2 s after the first attempt
    // started, 2 to 4 s after the second (the delay doubles, with jitter).
    const waits: number[] = [];
    for (const attempt of [1, 2]) {
      await vi.waitFor(() => expect(attempts).toHaveLength(attempt), { timeout: 15_000 });
      const waiting = await vi.waitFor(
        async () => {
          const job = await queue.find('test.flaky', id);
          expect(job).toMatchObject({
            state: 'retry',
            retryCount: attempt - 1,
            failure: `smtp down (${attempt})`,
          });
          return job;
        },
        { timeout: 5_000 },
      );
      waits.push((waiting?.startAfter.getTime() ?? 0) - (waiting?.startedOn?.getTime() ?? 0));
    }
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(2000);

    const failed = await vi.waitFor(
      async () => {
        const job = await queue.find('test.flaky', id);
        expect(job?.state).toBe('failed');
        return job;
      },
      { timeout: 15_000 },
    );
    expect(attempts).toEqual([7, 7, 7]);
    expect(failed).toMatchObject({ failure: 'smtp down (3)', retryLimit: 2, payload: { n: 7 } });
    // Every failure logged: retried twice, then given up.
    expect(log.lines.map((line) => [line.level, line.obj.attempt, line.msg])).toEqual([
      ['warn', 1, 'job failed: retried later'],
      ['warn', 2, 'job failed: retried later'],
      ['error', 3, 'job failed: given up (it can be retried)'],
    ]);

    // The reason stays readable, and the job can be run again.
    succeed = true;
    await queue.retry('test.flaky', id);
    await vi.waitFor(
      async () => expect((await queue.find('test.flaky', id))?.state).toBe('completed'),
      { timeout: 15_000 },
    );
    expect(attempts).toHaveLength(4);
    await queue.stop();
  }, 60_000);

  it('runs each job exactly once with two instances on one database', async () => {
    const second = await database.anotherConnection();
    const runs = new Map<number, string[]>();
    const handler =
      (instance: string) =>
      async ({ n }: { n: number }) => {
        runs.set(n, [...(runs.get(n) ?? []), instance]);
        await new Promise((resolve) => setTimeout(resolve, 2));
      };
    const a = queueOn<Payloads>(database);
    const b = queueOn<Payloads>(second);
    await Promise.all([
      a.start(definitions({ count: handler('a') })),
      b.start(definitions({ count: handler('b') })),
    ]);
    const total = 200;
    await Promise.all(
      Array.from({ length: total }, (_, n) => (n % 2 ? a : b).send('test.count', { n })),
    );
    await a.settled(['test.count']);
    await vi.waitFor(() => expect(runs.size).toBe(total), { timeout: 30_000 });
    expect([...runs.values()].filter((instances) => instances.length !== 1)).toEqual([]);
    const byInstance = [...runs.values()].flat();
    // Both took part (each fetches as soon as it is told of new jobs).
    expect(byInstance.filter((i) => i === 'a').length).toBeGreaterThan(0);
    expect(byInstance.filter((i) => i === 'b').length).toBeGreaterThan(0);
    await a.stop();
    await b.stop();
    await second.close();
  }, 60_000);

  it('keeps at most one waiting or running job per key, on every instance', async () => {
    const second = await database.anotherConnection();
    // Instances that only add jobs: nothing runs them yet.
    const a = queueOn<Payloads>(database, { worker: false });
    const b = queueOn<Payloads>(second, { worker: false });
    await a.start(definitions({}));
    await b.start(definitions({}));
    const first = await a.send('test.keyed', { key: 'mailbox-1' });
    expect(first).toEqual(expect.any(String));
    expect(await b.send('test.keyed', { key: 'mailbox-1' })).toBeNull();
    expect(await a.send('test.keyed', { key: 'mailbox-2' })).toEqual(expect.any(String));
    // Nothing ran them: an instance without workers only adds jobs.
    expect((await a.find('test.keyed', first as string))?.state).toBe('created');

    // Once a worker has run it, the key is free again.
    let running: () => void = () => undefined;
    const release = new Promise<void>((resolve) => {
      running = resolve;
    });
    let started = 0;
    const worker = queueOn<Payloads>(database);
    await worker.start(
      definitions({
        keyed: async () => {
          started += 1;
          await release;
        },
      }),
    );
    await vi.waitFor(() => expect(started).toBe(2), { timeout: 10_000 });
    // Running counts too: no second read of the same mailbox while the first runs.
    expect(await b.send('test.keyed', { key: 'mailbox-1' })).toBeNull();
    running();
    await worker.settled(['test.keyed']);
    expect((await a.find('test.keyed', first as string))?.state).toBe('completed');
    expect(await b.send('test.keyed', { key: 'mailbox-1' })).toEqual(expect.any(String));
    await worker.settled(['test.keyed']);
    await worker.stop();
    await a.stop();
    await b.stop();
    await second.close();
  }, 60_000);

  it('adds a job inside a transaction only when it commits', async () => {
    const ran: number[] = [];
    const queue = queueOn<Payloads>(database);
    await queue.start(definitions({ count: async ({ n }) => void ran.push(n) }));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.send('test.count', { n: 1001 }, { db: trx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction().execute(async (trx) => {
      await queue.send('test.count', { n: 1002 }, { db: trx });
    });
    await queue.settled(['test.count']);
    await vi.waitFor(() => expect(ran).toContain(1002));
    expect(ran).not.toContain(1001);
    await queue.stop();
  });

  it('stops cleanly: a running job finishes; one that outlasts the wait goes back to the queue for another instance', async () => {
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const started: number[] = [];
    const first = queueOn<HangPayloads>(database, { shutdownTimeoutSeconds: 10 });
    await first.start(
      hangDefinitions(async ({ n }) => {
        started.push(n);
        await gate;
      }),
    );
    const finished = (await first.send('test.hang', { n: 1 })) as string;
    await vi.waitFor(() => expect(started).toEqual([1]), { timeout: 10_000 });
    // The stop waits for the running job, which finishes meanwhile.
    const stopping = first.stop();
    setTimeout(finish, 300);
    await stopping;
    const other = queueOn<HangPayloads>(database, { worker: false });
    await other.start(hangDefinitions(async () => undefined));
    expect((await other.find('test.hang', finished))?.state).toBe('completed');

    // This one never ends by itself: after the wait (1 s) it is failed with a retry left…
    const stuck = queueOn<HangPayloads>(database, { shutdownTimeoutSeconds: 1 });
    await stuck.start(
      hangDefinitions(async ({ n }, context) => {
        started.push(n);
        await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      }),
    );
    const returned = (await stuck.send('test.hang', { n: 2 })) as string;
    await vi.waitFor(() => expect(started).toEqual([1, 2]), { timeout: 10_000 });
    await stuck.stop();
    expect(await other.find('test.hang', returned)).toMatchObject({ state: 'retry' });
    // …and another instance runs it.
    const ran: number[] = [];
    const next = queueOn<HangPayloads>(database);
    await next.start(hangDefinitions(async ({ n }) => void ran.push(n)));
    await vi.waitFor(
      async () => expect((await next.find('test.hang', returned))?.state).toBe('completed'),
      { timeout: 15_000 },
    );
    expect(ran).toEqual([2]);
    await next.stop();
    await other.stop();
  }, 60_000);
});

describe('a worker process killed during a job (kill -9)', () => {
  let child: ChildProcess | null = null;
  const root = mkdtempSync(join(tmpdir(), 'prospecta-jobs-crash-'));
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves its job to another worker once the attempt expires', async () => {
    const postgres = process.env.API_TEST_DB === 'postgres';
    const url = process.env.API_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const dataDir = postgres ? '' : await migratedDataDir(join(root, 'pglite'));
    child = spawn(
      process.execPath,
      ['--import', 'tsx', join(API_ROOT, 'test', 'fixtures', 'hang-worker.ts')],
      {
        cwd: API_ROOT,
        env: {
          ...process.env,
          ...(postgres
            ? { HANG_DATABASE_URL: url, HANG_SCHEMA: schema }
            : { HANG_DATA_DIR: dataDir }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const id = await new Promise<string>((resolve, reject) => {
      let out = '';
      child?.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /started (\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child?.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
    });
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // Another process opens the database (on disk, the killed one's lock is stale) and runs the queue.
    const database = postgres
      ? await openDatabase({ kind: 'postgres', url, schema })
      : await openDatabase({ kind: 'pglite', dataDir });
    const ran: number[] = [];
    const queue = new JobQueue<HangPayloads>(database, TEST_JOB_SETTINGS, recordingLog());
    try {
      await queue.start(hangDefinitions(async ({ n }) => void ran.push(n)));
      await vi.waitFor(
        async () => expect((await queue.find('test.hang', id))?.state).toBe('completed'),
        { timeout: (HANG_EXPIRE_SECONDS + 20) * 1000, interval: 200 },
      );
      expect(ran).toEqual([1]);
      expect((await queue.find('test.hang', id))?.retryCount).toBe(1);
    } finally {
      await queue.stop();
      await database.close();
      if (postgres) await dropSchema(url, schema);
    }
  }, 240_000);
});

describe('the database of the queue', () => {
  it('keeps the queue in a schema of its own, dropped with an isolated schema', async () => {
    if (process.env.API_TEST_DB !== 'postgres') return; // PostgreSQL schemas
    const url = process.env.API_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const isolated = await openDatabase({ kind: 'postgres', url, schema });
    const queue = new JobQueue<Payloads>(isolated, TEST_JOB_SETTINGS, recordingLog());
    await queue.start(definitions({}));
    await queue.stop();
    const schemas = async () =>
      (
        await sql<{
          name: string;
        }>`select nspname as name from pg_namespace where nspname like ${`${schema}%`}`.execute(
          isolated.db,
        )
      ).rows.map((row) => row.name);
    expect((await schemas()).sort()).toEqual([schema, `${schema}_jobs`]);
    await isolated.close();
    await dropSchema(url, schema);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const left = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_namespace where nspname like $1',
        [`${schema}%`],
      );
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await admin.end();
    }
  });
});

describe('the mailbox watch on the job queue', () => {
  it('reads every connected mailbox each interval on two servers, never twice at once, and waits longer after each failure', async () => {
    const own = database;
    const second = await own.anotherConnection();
    const closedPort = await freePort();
    const config = testConfig({
      mailWatchIntervalSeconds: 1,
      mailHosts: { allow: ['127.0.0.1'], extraPorts: [closedPort] },
    });
    const secretBox = new SecretBox(config.encryptionKey);
    const facts = await seedDemo(own.db, { scrypt: TEST_SCRYPT, secretBox });
    // Only this mailbox is read (the demo's point at hosts this machine cannot reach): its server is gone.
    await own.db.updateTable('email_accounts').set({ is_valid: false }).execute();
    const { id } = await own.db
      .insertInto('email_accounts')
      .values({
        user_id: facts.customerId,
        name: 'Boîte fermée',
        email: 'closed@moreau-solutions-rh.fr',
        account_type: 'SMTP',
        is_valid: true,
        imap_host: '127.0.0.1',
        imap_port: closedPort,
        imap_secure: true,
        password_enc: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await own.db
      .updateTable('email_accounts')
      .set({ password_enc: secretBox.encrypt('x', `email_account:${id}`) })
      .where('id', '=', id)
      .execute();
    const servers = [
      await buildServer({ config, database: own, logger: false, contract: contract() }),
      await buildServer({ config, database: second, logger: false, contract: contract() }),
    ];
    try {
      await Promise.all(servers.map((server) => server.ready()));
      const { jobs } = servers[0]?.services ?? {};
      if (!jobs) throw new Error('no server');
      const account = () =>
        own.db
          .selectFrom('email_accounts')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const waitingOrRunning = async (name: 'mailbox-watch.pass' | 'mailbox-watch.read') =>
        (await jobs.list(name)).filter((job) => ['created', 'retry', 'active'].includes(job.state));
      const checks: Date[] = [];
      const most = { reads: 0, waitingPasses: 0, runningPasses: 0 };
      // Over a few passes: at most one read of the mailbox, one pass waiting and one running at any moment.
      await vi.waitFor(
        async () => {
          const reads = (await waitingOrRunning('mailbox-watch.read')).filter(
            (job) => job.payload.accountId === id,
          );
          const passes = await waitingOrRunning('mailbox-watch.pass');
          most.reads = Math.max(most.reads, reads.length);
          most.waitingPasses = Math.max(
            most.waitingPasses,
            passes.filter((job) => job.state !== 'active').length,
          );
          most.runningPasses = Math.max(
            most.runningPasses,
            passes.filter((job) => job.state === 'active').length,
          );
          const row = await account();
          const at = row.last_checked_at;
          if (at && !checks.some((seen) => seen.getTime() === at.getTime())) checks.push(at);
          expect(row.watch_failures).toBeGreaterThanOrEqual(3);
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(most.reads).toBeLessThanOrEqual(1);
      expect(most.waitingPasses).toBeLessThanOrEqual(1);
      expect(most.runningPasses).toBeLessThanOrEqual(1);
      const row = await account();
      expect(row).toMatchObject({ last_error: 'mail_server_unreachable', is_valid: true });
      // The waits grow: about 2 s after the first failure, 4 s after the second (twice the interval each time).
      const gaps = checks.slice(1).map((at, i) => at.getTime() - (checks[i]?.getTime() ?? 0));
      expect(gaps[0]).toBeGreaterThanOrEqual(2000);
      expect(gaps[1]).toBeGreaterThanOrEqual(4000);
    } finally {
      for (const server of servers) await server.close();
      await second.close();
    }
  }, 90_000);
});
