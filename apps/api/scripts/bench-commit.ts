/**
 * Benchmark (not a test), what durable commits cost on the embedded database. Each measure runs twice per
 * round, on a fresh data directory on disk: 'plain' is PGlite as it comes (fsync off, flushes dropped: an
 * acknowledged commit may be lost on power loss), 'durable' is the server's database (src/db/durable-pglite.ts:
 * fdatasync of the WAL at every commit).
 *
 *   pnpm --filter @prospecta/api bench:commit
 *
 * 1. Commits straight on the database, one after the other (autocommit inserts of a ~200-byte row): commits/s and
 *    commit latency p50/p99.
 * 2. The real server (a child process) answering BENCH_WRITERS concurrent clients that add comments without pause
 *    (each request commits 3 times: list version at the start, the comment, list version before the answer), while
 *    one client reads the profile: writes/s, write p50/p99, and the profile's p50/p99 meanwhile (a flush holds the
 *    server's event loop, as every PGlite file operation does).
 * 3. One CHECKPOINT after BENCH_CHECKPOINT_MB (default 64) of new rows: how long it holds the event loop.
 *
 * Env: BENCH_DURATION (seconds per measure, default 8), BENCH_WRITERS (default 8), BENCH_ROUNDS (default 2; the
 * modes alternate so that a change of the machine's load hits both), BENCH_DIR (where the data directories go,
 * default the system's temporary directory: point it at the disk the server will use), BENCH_CHECKPOINT_MB (default 64).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { REPO_ROOT } from '../src/config';
import { benchConfig } from './bench-config';
import { openDurablePGlite } from '../src/db/durable-pglite';
import type { Database } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrations';
import type { DatabaseSchema } from '../src/db/types';
import { SecretBox } from '../src/security/secret-box';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { buildServer } from '../src/server';

type Mode = 'plain' | 'durable';
const duration = Number(process.env.BENCH_DURATION ?? 8);
const writers = Number(process.env.BENCH_WRITERS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const checkpointMb = Number(process.env.BENCH_CHECKPOINT_MB ?? 64);
const headers = { 'content-type': 'application/json', 'x-app-version': '9.9.9' };
const cheapScrypt = { N: 1024, r: 8, p: 1, keyLength: 64 };

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
  );
}

function stats(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms`;
}

function load(): string {
  return `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
}

/** The filesystem holding `path` (from /proc/mounts: the longest mount point that prefixes it). */
function filesystemOf(path: string): string {
  const mounts = readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .filter((f) => f.length > 2);
  const best = mounts
    .filter(
      ([, point]) =>
        point && (path === point || path.startsWith(point.endsWith('/') ? point : `${point}/`)),
    )
    .sort((a, b) => (b[1]?.length ?? 0) - (a[1]?.length ?? 0))[0];
  return best ? `${best[2]} on ${best[0]}` : 'unknown';
}

async function openPGlite(mode: Mode, dir: string): Promise<PGlite> {
  if (mode === 'durable') return openDurablePGlite(dir);
  const client = new PGlite(dir);
  await client.waitReady;
  return client;
}

async function openBenchDatabase(mode: Mode, dir: string): Promise<Database> {
  const client = await openPGlite(mode, dir);
  const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite: client }) });
  await migrateToLatest(db as Kysely<unknown>);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** 1. Sequential autocommit inserts straight on the database. */
async function commits(mode: Mode, dir: string): Promise<void> {
  const client = await openPGlite(mode, dir);
  try {
    await client.exec('create table bench_commit (id serial primary key, body text not null)');
    const body = 'x'.repeat(200);
    for (let i = 0; i < 50; i += 1)
      await client.query('insert into bench_commit (body) values ($1)', [body]);
    const latencies: number[] = [];
    const started = performance.now();
    const end = started + duration * 1000;
    while (performance.now() < end) {
      const t0 = performance.now();
      await client.query('insert into bench_commit (body) values ($1)', [body]);
      latencies.push(performance.now() - t0);
    }
    const perSecond = latencies.length / ((performance.now() - started) / 1000);
    console.log(
      `  ${mode.padEnd(8)} ${perSecond.toFixed(0).padStart(6)} commits/s  ${stats(latencies)}   (${load()})`,
    );
  } finally {
    await client.close();
  }
}

/** 3. One CHECKPOINT after BENCH_CHECKPOINT_MB of fresh rows (it holds the event loop while it writes and flushes). */
async function checkpoint(mode: Mode, dir: string): Promise<void> {
  const client = await openPGlite(mode, dir);
  try {
    await client.exec('create table bench_checkpoint (id serial primary key, body text not null)');
    await client.exec('checkpoint');
    const rows = Math.round((checkpointMb * 1024 * 1024) / 560); // ~560 bytes a row on its page
    for (let done = 0; done < rows; done += 20_000) {
      await client.query(
        `insert into bench_checkpoint (body) select repeat(md5(g::text), 16) from generate_series(1, $1::int) g`,
        [Math.min(20_000, rows - done)],
      );
    }
    const t0 = performance.now();
    await client.exec('checkpoint');
    const ms = performance.now() - t0;
    console.log(
      `  ${mode.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms for a checkpoint after ${checkpointMb} MB of new rows   (${load()})`,
    );
  } finally {
    await client.close();
  }
}

/** Child process: the server on a fresh data directory in the given mode; prints its address once listening. */
async function serve(mode: Mode, dir: string): Promise<void> {
  const database = await openBenchDatabase(mode, dir);
  const secretKey = randomBytes(32);
  await seedDemo(database.db, { scrypt: cheapScrypt, secretBox: new SecretBox(secretKey) });
  const config = benchConfig({
    database: { kind: 'pglite', dataDir: dir },
    encryptionKey: secretKey,
    scrypt: cheapScrypt,
    listCache: true,
    uploads: {
      dir: join(dir, '..', 'uploads'),
      concurrency: 4,
      concurrencyPerCustomer: 4,
      quotaBytes: 1024 ** 4,
    },
  });
  const app = await buildServer({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`listening ${address}\n`);
}

/** 2. The server in a child process, concurrent writers and one reader. */
async function server(mode: Mode, dir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: join(REPO_ROOT, 'apps', 'api'),
    env: { ...process.env, BENCH_SERVE: mode, BENCH_SERVE_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const base = await new Promise<string>((resolveAddress, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = out.match(/listening (\S+)\n/);
        if (match?.[1]) resolveAddress(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const login = await fetch(`${base}/api/v2/auth/token/get`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    const auth = { ...headers, authorization: `Bearer ${access}` };
    const started = performance.now();
    const end = started + duration * 1000;
    const writes: number[] = [];
    const reads: number[] = [];
    const writer = async (w: number) => {
      for (let i = 0; performance.now() < end; i += 1) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/v1/prospects/1/comment`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ content: `bench ${w}-${i}` }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`a comment answered ${res.status}`);
        writes.push(performance.now() - t0);
      }
    };
    const reader = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/users/user`, { headers: auth });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`the profile answered ${res.status}`);
        reads.push(performance.now() - t0);
      }
    };
    await Promise.all([...Array.from({ length: writers }, (_, w) => writer(w)), reader()]);
    const perSecond = writes.length / ((performance.now() - started) / 1000);
    console.log(
      `  ${mode.padEnd(8)} ${perSecond.toFixed(0).padStart(6)} writes/s   write ${stats(writes)}   profile meanwhile ${stats(reads)}   (${load()})`,
    );
  } finally {
    child.kill('SIGKILL');
  }
}

async function main(): Promise<void> {
  const parent = resolve(process.env.BENCH_DIR ?? tmpdir());
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(join(parent, 'prospecta-bench-commit-'));
  console.log(
    `Data directories in ${root} (${filesystemOf(root)}); ${cpus().length} cores, ${load()} at the start`,
  );
  console.log(`${duration} s per measure, ${rounds} round(s), modes alternating\n`);
  const modes: Mode[] = ['plain', 'durable'];
  let n = 0;
  const fresh = () => {
    const dir = join(root, String((n += 1)), 'pglite');
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  try {
    console.log('1. Sequential commits on the database (autocommit insert of a ~200-byte row):');
    for (let r = 0; r < rounds; r += 1) for (const mode of modes) await commits(mode, fresh());
    console.log(
      `\n2. The server: ${writers} clients adding comments (3 commits each), 1 client reading the profile:`,
    );
    for (let r = 0; r < rounds; r += 1) for (const mode of modes) await server(mode, fresh());
    console.log(
      `\n3. A checkpoint (plain: PGlite checkpoints only when it closes; durable: also every 5 min of writes or ~540 MB of WAL):`,
    );
    for (let r = 0; r < rounds; r += 1) for (const mode of modes) await checkpoint(mode, fresh());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  console.log(`\n${load()} at the end`);
}

const role = process.env.BENCH_SERVE;
(role
  ? serve(role === 'durable' ? 'durable' : 'plain', process.env.BENCH_SERVE_DIR ?? '')
  : main()
).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
