/**
 * What the benchmarks that drive the real server process share (bench-upload, bench-import): the server started
 * from src/main.ts on a fresh data directory (or a fresh PostgreSQL database), signed in, its memory read from
 * /proc, and a probe that times a route from a thread of its own while the benchmark works.
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
import { DEMO_PASSWORD } from '../src/seed/demo';

const apiRoot = join(REPO_ROOT, 'apps', 'api');

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

/**
 * The server process with the demo data, on an embedded database on disk, or on a database of its own created on
 * the PostgreSQL server of `databaseUrl` (dropped by `stop`). An exit before `stop` is told on the error output.
 */
export async function startBenchServer(
  name: string,
  options: { databaseUrl?: string } = {},
): Promise<BenchServer> {
  const root = mkdtempSync(join(tmpdir(), `prospecta-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
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
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(apiRoot, 'src', 'main.ts')],
    {
      cwd: apiRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(root, 'pglite'),
        UPLOAD_DIR: join(root, 'uploads'),
        DEV_SECRETS_FILE: join(root, 'secrets.json'),
        APP_ENV: 'ci',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
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
    await dropDatabase();
    rmSync(root, { recursive: true, force: true });
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
  return { base, pid: server.pid!, root, database, stop };
}

/** The headers of a signed-in call (demo account, demo password). */
export async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/v2/auth/token/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-version': APP_VERSION },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  return { 'x-app-version': APP_VERSION, authorization: `Bearer ${access}` };
}

export interface ProbeResult {
  /** Milliseconds of the answered calls, in their order. */
  latencies: number[];
  /** Calls that got no answer (connection refused or reset). */
  failures: number;
}

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
       let failures = 0;
       while (running) {
         const t0 = performance.now();
         try {
           await (await fetch(workerData.url, { headers: workerData.headers })).arrayBuffer();
           latencies.push(performance.now() - t0);
         } catch {
           failures += 1;
         }
         await new Promise((resolve) => setTimeout(resolve, 10));
       }
       parentPort.postMessage({ latencies, failures });
     })();`,
    { eval: true, workerData: { url, headers } },
  );
  const result = new Promise<ProbeResult>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  return {
    async stop() {
      probe.postMessage('stop');
      const { latencies, failures } = await result;
      await probe.terminate();
      return { latencies, failures };
    },
  };
}
