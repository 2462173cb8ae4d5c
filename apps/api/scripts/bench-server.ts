/**
 * What the benchmarks that drive the real server process share (bench-upload, bench-import): the server started
 * from src/main.ts on a fresh data directory (or a fresh PostgreSQL database), signed in, its memory read from
 * /proc, and a probe that times a route from a thread of its own while the benchmark works; and what the benchmarks
 * of the sending engine and the mailbox watch put in a database first (a customer, mailboxes on the mail peers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { APP_VERSION } from '@prospecta/domain';
import { REPO_ROOT } from '../src/config';
import type { Db } from '../src/db/index';
import type { SecretBox } from '../src/security/secret-box';
import { DEMO_PASSWORD } from '../src/seed/demo';
import type { MailPeers } from '../test/peers/mail-peers';

const apiRoot = join(REPO_ROOT, 'apps', 'api');

/** The CPU time a process has used so far (user and system), in seconds, from /proc. */
export function cpuSeconds(pid: number): number {
  // The fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Clock ticks of 1/100 s (USER_HZ on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The CPU time the PostgreSQL server's processes serving `databaseUrl`'s database have used so far, in seconds: its
 * backends (the servers' pools), read from /proc (the PostgreSQL server on this machine). A backend that ended
 * meanwhile no longer counts.
 */
export async function databaseCpuSeconds(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    let total = 0;
    for (const { pid } of rows) {
      try {
        total += cpuSeconds(pid);
      } catch {
        // Ended between the two reads.
      }
    }
    return total;
  } finally {
    await client.end();
  }
}

/** The resident memory of a process, in MB (VmRSS). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  base: string;
  pid: number;
  /** A directory of the benchmark's own, removed by `stop`. */
  root: string;
  /** "embedded PGlite" or "PostgreSQL <version>". */
  database: string;
  stop(): Promise<void>;
}

/** Where benchmark servers keep their data: an embedded database's directory, or a database of its own. */
export interface BenchStore {
  /** A directory of the benchmark's own (the embedded database, uploads, dev secrets), removed by `drop`. */
  root: string;
  /** "embedded PGlite" or "PostgreSQL <version>". */
  database: string;
  /** The database's address when on PostgreSQL. */
  databaseUrl?: string;
  /** The embedded database's directory (unused on PostgreSQL). */
  dataDir: string;
  /** The server's environment for this store (DATA_DIR or DATABASE_URL, UPLOAD_DIR, DEV_SECRETS_FILE). */
  env: Record<string, string>;
  /** Removes the directory and drops the database. */
  drop(): Promise<void>;
}

/** A fresh store: a directory, and a database of its own created on the PostgreSQL server of `databaseUrl`. */
export async function benchStore(
  name: string,
  options: { databaseUrl?: string } = {},
): Promise<BenchStore> {
  const root = mkdtempSync(join(tmpdir(), `prospecta-${name}-`));
  let database = 'embedded PGlite';
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.databaseUrl) {
    const dbName = `${name.replaceAll('-', '_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    const { rows } = await admin.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    database = `PostgreSQL ${rows[0]?.v.split(' ')[0] ?? ''}`;
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(options.databaseUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    };
  }
  const dataDir = join(root, 'pglite');
  return {
    root,
    database,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: {
      DATA_DIR: dataDir,
      UPLOAD_DIR: join(root, 'uploads'),
      DEV_SECRETS_FILE: join(root, 'secrets.json'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    async drop() {
      await dropDatabase();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The server process (src/main.ts) on `store`, with the demo data when the database is empty and `env` added to its
 * environment; several may share a PostgreSQL store. An exit before `stop` is told on the error output.
 */
export async function spawnBenchServer(
  store: BenchStore,
  env: Record<string, string> = {},
): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_CPU_PROF=<directory>: each server writes its CPU profile there as it stops (Chrome's format).
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const server: ChildProcess = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      '--import',
      'tsx',
      join(apiRoot, 'src', 'main.ts'),
    ],
    {
      cwd: apiRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_ENV: 'ci',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        ...store.env,
        ...env,
      },
      stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  let stopping = false;
  server.once('exit', (code, signal) => {
    if (!stopping) console.error(`the server exited (code ${code}, signal ${signal})`);
  });
  const stop = async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  };
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const up = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: server.pid!, stop };
}

/**
 * The server process with the demo data, on an embedded database on disk, or on a database of its own created on
 * the PostgreSQL server of `databaseUrl` (dropped by `stop`). An exit before `stop` is told on the error output.
 */
export async function startBenchServer(
  name: string,
  options: { databaseUrl?: string } = {},
): Promise<BenchServer> {
  const store = await benchStore(name, options);
  let server;
  try {
    server = await spawnBenchServer(store);
  } catch (error) {
    await store.drop();
    throw error;
  }
  const running = server;
  return {
    base: running.base,
    pid: running.pid,
    root: store.root,
    database: store.database,
    async stop() {
      await running.stop();
      await store.drop();
    },
  };
}

/** A session of a demo account (demo password): its tokens and its user, as the sign-in answers them. */
export async function demoSession(
  base: string,
  email: string,
): Promise<{ access: string; refresh: string; user: { id: number } }> {
  const login = await fetch(`${base}/api/v2/auth/token/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-version': APP_VERSION },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return (await login.json()) as { access: string; refresh: string; user: { id: number } };
}

/** The headers of a signed-in call (demo account, demo password). */
export async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const { access } = await demoSession(base, email);
  return { 'x-app-version': APP_VERSION, authorization: `Bearer ${access}` };
}

export interface ProbeResult {
  /** Milliseconds of the answered calls, in their order. */
  latencies: number[];
  /** When each answered call started (`Date.now()`), in the same order. */
  startedAt: number[];
  /** Calls that got no answer (connection refused or reset). */
  failures: number;
}

/**
 * BENCH_PROBE_REVALIDATE=1: the probes ask as the browser's cache does, with the ETag of the last answer in
 * If-None-Match (a list answers 304 while its version holds); by default every call gets the whole answer.
 */
const PROBE_REVALIDATES = process.env.BENCH_PROBE_REVALIDATE === '1';

/**
 * GET `url` every 10 ms from a thread of its own (so that the benchmark's own work does not delay it) until `stop`;
 * a call without an answer is counted, and the probe goes on.
 */
export function startProbe(
  url: string,
  headers: Record<string, string> = {},
): { stop(): Promise<ProbeResult> } {
  const probe = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     let running = true;
     parentPort.on('message', () => { running = false; });
     (async () => {
       const latencies = [];
       const startedAt = [];
       let failures = 0;
       let etag = null;
       while (running) {
         const t0 = performance.now();
         const at = Date.now();
         try {
           const headers = workerData.revalidate && etag ? { ...workerData.headers, 'if-none-match': etag } : workerData.headers;
           const response = await fetch(workerData.url, { headers });
           await response.arrayBuffer();
           if (response.status === 200) etag = response.headers.get('etag');
           latencies.push(performance.now() - t0);
           startedAt.push(at);
         } catch {
           failures += 1;
         }
         await new Promise((resolve) => setTimeout(resolve, 10));
       }
       parentPort.postMessage({ latencies, startedAt, failures });
     })();`,
    { eval: true, workerData: { url, headers, revalidate: PROBE_REVALIDATES } },
  );
  const result = new Promise<ProbeResult>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  return {
    async stop() {
      probe.postMessage('stop');
      const outcome = await result;
      await probe.terminate();
      return outcome;
    },
  };
}

/** A customer of the benchmark's own (bench@customer.example), on a database without the demo data: its id. */
export async function benchCustomer(db: Db): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      email: 'bench@customer.example',
      password_hash: 'not-used',
      first_name: 'Bench',
      last_name: 'Customer',
      flags: JSON.stringify([]),
      smtp_account_limit: null,
      company_website: null,
      company_commercial_activity: null,
      company_description: null,
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Mailboxes of `userId` on the test mail peers, their passwords encrypted as the server does (bound to each row's id):
 * `smtp` sends through the SMTP peer, `imap` is read from the IMAP peer. Their ids, in order.
 */
export async function peerMailboxes(
  db: Db,
  secretBox: SecretBox,
  peers: MailPeers,
  userId: number,
  use: 'smtp' | 'imap',
  mailboxes: readonly { user: string; password: string; name?: string }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const mailbox of mailboxes) {
    const { id } = await db
      .insertInto('email_accounts')
      .values({
        user_id: userId,
        name: mailbox.name ?? mailbox.user,
        email: mailbox.user,
        account_type: 'SMTP',
        is_valid: true,
        ...(use === 'smtp'
          ? { smtp_host: '127.0.0.1', smtp_port: peers.smtp.starttls, smtp_secure: false }
          : { imap_host: '127.0.0.1', imap_port: peers.imap.implicit, imap_secure: true }),
        created_on: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('email_accounts')
      .set({ password_enc: secretBox.encrypt(mailbox.password, `email_account:${id}`) })
      .where('id', '=', id)
      .execute();
    ids.push(id);
  }
  return ids;
}
