/**
 * What the browser benchmarks share (apps/web/bench/*-bench.mjs): the production build served by the real server on
 * a fresh database seeded by the server's own CLI (embedded, or on PostgreSQL with BENCH_DATABASE_URL), headless Debian
 * Chromium, sign-in through the token call, and the statistics they print. Not a test: the scripts print figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '../../..');
const serverEntry = join(root, 'apps/api/dist/main.js');
const webIndex = join(root, 'apps/web/dist/index.html');
/** The demo accounts' password, which the benchmarks' own accounts share. */
export const DEMO_PASSWORD = 'prospecta-demo';
export const APP_VERSION = '2.3.5';

export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--enable-precise-memory-info',
  ],
};

/** Ends the benchmark with a message (the name says which script). */
export function failWith(name) {
  return (message) => {
    console.error(`${name}: ${message}`);
    process.exit(1);
  };
}

export function requireBuild(fail) {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    fail(
      `the production build is missing (${existsSync(serverEntry) ? webIndex : serverEntry}). Run \`pnpm build\` first.`,
    );
  }
}

/**
 * PostgreSQL server to measure on instead of the embedded database (BENCH_DATABASE_URL, e.g.
 * postgres://postgres@127.0.0.1:5432/test): each dataset gets a database of its own on that server, dropped at the end.
 */
const postgresUrl = process.env.BENCH_DATABASE_URL;

/** Which database the figures are for, as the scripts print it. */
export const databaseLabel = postgresUrl ? 'PostgreSQL' : 'PGlite (embedded)';

/** Loads from the server's dependencies: its PostgreSQL driver, so the benchmarks need no driver of their own. */
const fromServer = createRequire(join(root, 'apps/api/package.json'));
const dropDatabase = (name) => `drop database if exists ${name} with (force)`;

async function onPostgres(sql) {
  const { Client } = fromServer('pg');
  const client = new Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * What a run leaves behind if it ends early (`fail` exits at once): the servers it started, their directories and the
 * databases it created. The exit handler can only run synchronous code, so a database is dropped by a child process.
 */
const leftovers = { servers: new Set(), dirs: new Set(), databases: new Set() };
process.on('exit', () => {
  for (const child of leftovers.servers) child.kill('SIGKILL');
  for (const dir of leftovers.dirs) rmSync(dir, { recursive: true, force: true });
  for (const name of leftovers.databases) {
    const script = `const { Client } = require(${JSON.stringify(fromServer.resolve('pg'))});
const client = new Client({ connectionString: ${JSON.stringify(postgresUrl)} });
client.connect().then(() => client.query(${JSON.stringify(dropDatabase(name))})).finally(() => client.end());`;
    spawnSync(process.execPath, ['-e', script], { stdio: 'inherit', timeout: 30_000 });
  }
});

/**
 * A fresh database with its own directory and dev secrets: embedded in that directory, or a new database on the
 * BENCH_DATABASE_URL server (created here, dropped by `drop`, or when the script exits).
 */
export async function freshDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'prospecta-bench-'));
  leftovers.dirs.add(dir);
  let databaseUrl;
  let drop = async () => {};
  if (postgresUrl) {
    const name = `prospecta_bench_${randomBytes(4).toString('hex')}`;
    await onPostgres(`create database ${name}`);
    leftovers.databases.add(name);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      await onPostgres(dropDatabase(name));
      leftovers.databases.delete(name);
    };
  }
  return {
    dir,
    drop,
    env: {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: join(dir, 'db'),
      DEV_SECRETS_FILE: join(dir, 'secrets.json'),
      // Measure the app, not the development-time response validation of thousands of rows.
      RESPONSE_VALIDATION: 'off',
      APP_ENV: 'development',
      NODE_ENV: 'production',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
    },
  };
}

/** Runs the server's CLI (apps/api/src/cli.ts) with `args` on `database`, before the server starts. */
export async function runCli(database, args) {
  const tsx = join(root, 'node_modules/.bin/tsx');
  await new Promise((resolveRun, rejectRun) => {
    const child = spawn(tsx, [join(root, 'apps/api/src/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...database.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', rejectRun);
    child.on('exit', (code) =>
      code === 0
        ? resolveRun()
        : rejectRun(new Error(`${args[0]} exited with ${code}:\n${stderr}`)),
    );
  });
}

/** Runs the server's CLI `seed-load` with `args` on `database`, before the server starts. */
export const seedLoad = (database, args) => runCli(database, ['seed-load', ...args]);

/** Starts the real server (production build) on `database` and `port`; demo data is seeded when the database is empty. */
export async function startServer(database, port, fail) {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...database.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  leftovers.servers.add(child);
  let stopping = false;
  let stderr = '';
  child.once('exit', (code, signal) => {
    leftovers.servers.delete(child);
    // An exit the benchmark did not ask for (a crash, memory): told with the server's last words.
    if (!stopping)
      console.error(`the server exited (code ${code}, signal ${signal}):\n${stderr.slice(-4000)}`);
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the server exited with ${child.exitCode}:\n${stderr}`);
    try {
      const response = await fetch(`${origin}/config.json`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) fail(`the server did not start within 240 s:\n${stderr}`);
  return {
    origin,
    /** The server process's resident memory (VmRSS, MB; Linux), or NaN where /proc is not available. */
    memoryMb() {
      try {
        const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
        return kb ? Number(kb) / 1024 : NaN;
      } catch {
        return NaN;
      }
    },
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(database.dir, { recursive: true, force: true });
      leftovers.dirs.delete(database.dir);
      await database.drop();
    },
  };
}

/** Tokens of `email` from the token call (the sign-in screen has its own tests). */
export async function signIn(origin, email, fail) {
  const response = await fetch(`${origin}/api/v2/auth/token/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-App-Version': APP_VERSION },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok)
    fail(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
};

export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** DOM elements of the page, and the JS heap used after a garbage collection (MB). */
export async function domAndHeap(context, page) {
  await page.waitForTimeout(500);
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return {
    dom,
    heapMb: (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / (1024 * 1024),
  };
}

/** The machine's load when the figures were taken (they mean little without it). */
export function machineLoad() {
  return `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;
}
