/**
 * Benchmark (not a test): requests/s and p99 latency of the dashboard call and of
 * the profile (GET /api/users/user: the unread answers' count) over the
 * 10,000-prospect load dataset, next to a trivial route of the same server
 * (GET /config.json), and their ratio.
 *
 *   pnpm --filter @prospecta/api bench
 *
 * Env: BENCH_DURATION (seconds per route, default 10), BENCH_CONNECTIONS (concurrent
 * requests, default 16), BENCH_PROSPECTS (default 10000), BENCH_DATABASE_URL (PostgreSQL;
 * default: a throw-away in-memory PGlite). The server runs with production settings
 * (no response validation, no logs); only the seed uses cheap scrypt parameters to save time.
 * The dashboard is measured uncached (the database builds it each time), then with LIST_CACHE on: plain, in
 * brotli, in brotli with a write (a comment on one of its prospects) every second giving it a new version — by another
 * session (another device of the same user: readers may get the previous list during the rebuild), by the readers'
 * own session (read your writes: they wait for it) — and with a write every second to another customer's list (it
 * stays cached), and revalidated with If-None-Match (304). One run more serves the cached dashboard with the
 * development contract check on (RESPONSE_VALIDATION=log, as `pnpm start` outside production): a cached list version
 * is checked once, so it should match the run without it.
 */
import { Agent, get as httpGet } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchConfig } from './bench-config';
import { dropSchema, openDatabase } from '../src/db/index';
import { SecretBox } from '../src/security/secret-box';
import { seedDemo, DEMO_PASSWORD } from '../src/seed/demo';
import { seedLoad, LOAD_USER_EMAIL } from '../src/seed/load';
import { buildServer } from '../src/server';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const prospects = Number(process.env.BENCH_PROSPECTS ?? 10000);
const seedScrypt = { N: 1024, r: 8, p: 1, keyLength: 64 };

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const machineLoad = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request through node:http: the body is read as it comes off the wire, never decoded (fetch would spend the
 * bench's own time decompressing every answer in this very process, the server's), so the bytes are the wire's.
 */
function request(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function run(
  name: string,
  url: string,
  headers: Record<string, string>,
  okStatus = 200,
): Promise<Result> {
  // Warm-up.
  for (let i = 0; i < 20; i += 1) await request(url, headers);
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const end = performance.now() + duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await request(url, headers);
        latencies.push(performance.now() - t0);
        bytes += res.body.length;
        if (res.status !== okStatus) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytes: bytes / latencies.length,
  };
}

/** A sign-in (a session of its own): the headers of its calls and the user's id. */
async function signIn(
  address: string,
  email: string,
): Promise<{ headers: Record<string, string>; userId: number }> {
  const login = await fetch(`${address}/api/v2/auth/token/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-version': '2.3.5' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { access, user } = (await login.json()) as { access: string; user: { id: number } };
  return {
    headers: { authorization: `Bearer ${access}`, 'x-app-version': '2.3.5' },
    userId: user.id,
  };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const database = url
    ? await openDatabase({ kind: 'postgres', url, schema })
    : await openDatabase({ kind: 'pglite' });
  const secretKey = randomBytes(32);
  console.log(
    `Seeding ${prospects} prospects on ${url ? 'PostgreSQL' : 'PGlite (in memory)'}… (${machineLoad()})`,
  );
  await seedDemo(database.db, { scrypt: seedScrypt, secretBox: new SecretBox(secretKey) });
  const load = await seedLoad(database.db, {
    scrypt: seedScrypt,
    secretBox: new SecretBox(secretKey),
    count: prospects,
  });

  const config = benchConfig({
    database: url ? { kind: 'postgres', url } : { kind: 'pglite' },
    encryptionKey: secretKey,
    scrypt: seedScrypt,
    loginRateLimit: { perAccount: 5, perAddress: 50, windowSeconds: 900 },
    resetRateLimitPerAddress: 5,
  });
  const serve = async (listCache: boolean, responseValidation = config.responseValidation) => {
    const app = await buildServer({
      config: { ...config, listCache, responseValidation },
      database,
      logger: false,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, address, headers: (await signIn(address, LOAD_USER_EMAIL)).headers };
  };
  try {
    const plain = await serve(false);
    const dashboardUrl = `${plain.address}/api/v1/users/${load.userId}/dashboard`;
    const count = (
      (await (await fetch(dashboardUrl, { headers: plain.headers })).json()) as {
        prospects: unknown[];
      }
    ).prospects.length;
    console.log(
      `Dashboard of ${LOAD_USER_EMAIL}: ${count} prospects in its columns (of ${load.prospectCount}). ${connections} connections, ${duration}s per route.\n`,
    );
    const trivial = await run('GET /config.json (trivial)', `${plain.address}/config.json`, {});
    const profile = await run(
      'GET /api/users/user (profile, unread count)',
      `${plain.address}/api/users/user`,
      plain.headers,
    );
    const heavy = await run(
      'GET dashboard (every request hits the database)',
      dashboardUrl,
      plain.headers,
    );
    await plain.app.close();
    const cachedServer = await serve(true);
    const cachedUrl = `${cachedServer.address}/api/v1/users/${load.userId}/dashboard`;
    const cached = await run(
      'GET dashboard (LIST_CACHE on, no writes meanwhile)',
      cachedUrl,
      cachedServer.headers,
    );
    // What `pnpm start` does outside production: every answer checked against the contract (RESPONSE_VALIDATION=log),
    // a cached list once per version.
    const checkedServer = await serve(true, 'log');
    const checked = await run(
      'GET dashboard (LIST_CACHE on, development contract check)',
      `${checkedServer.address}/api/v1/users/${load.userId}/dashboard`,
      checkedServer.headers,
    );
    await checkedServer.app.close();
    const brotli = { ...cachedServer.headers, 'accept-encoding': 'br' };
    const compressed = await run(
      'GET dashboard (LIST_CACHE on, brotli, no writes)',
      cachedUrl,
      brotli,
    );
    // A write every second (a comment on one of the user's prospects) gives the list a new version meanwhile.
    const target = (
      (await (await fetch(cachedUrl, { headers: cachedServer.headers })).json()) as {
        prospects: { id: number }[];
      }
    ).prospects[0]?.id;
    const demoCustomer = await signIn(cachedServer.address, 'customer@example.com');
    const demoTarget = (
      (await (
        await fetch(`${cachedServer.address}/api/v1/users/${demoCustomer.userId}/dashboard`, {
          headers: demoCustomer.headers,
        })
      ).json()) as { prospects: { id: number }[] }
    ).prospects[0]?.id;
    let writes = 0;
    let lastWrite: Promise<unknown> = Promise.resolve();
    const withWrites = async (
      name: string,
      writer: Record<string, string>,
      prospect: number | undefined,
    ) => {
      const timer = setInterval(() => {
        writes += 1;
        lastWrite = fetch(`${cachedServer.address}/api/v1/prospects/${prospect}/comment`, {
          method: 'POST',
          headers: { ...writer, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `bench write ${writes}` }),
        }).then((res) => res.arrayBuffer());
      }, 1000);
      try {
        return await run(name, cachedUrl, brotli);
      } finally {
        clearInterval(timer);
        await lastWrite;
      }
    };
    const otherDevice = await signIn(cachedServer.address, LOAD_USER_EMAIL);
    const writesElsewhere = await withWrites(
      'GET dashboard (brotli, a write every second by another session)',
      otherDevice.headers,
      target,
    );
    const writesOwn = await withWrites(
      "GET dashboard (brotli, a write every second by the readers' own session)",
      cachedServer.headers,
      target,
    );
    const writesOther = await withWrites(
      "GET dashboard (brotli, a write every second to another customer's list)",
      demoCustomer.headers,
      demoTarget,
    );
    const etag =
      (await fetch(cachedUrl, { headers: cachedServer.headers })).headers.get('etag') ?? '';
    const notModified = await run(
      'GET dashboard (If-None-Match: unchanged, 304)',
      cachedUrl,
      { ...brotli, 'if-none-match': etag },
      304,
    );
    const { builds } = cachedServer.app.services.listCache;
    await cachedServer.app.close();
    console.log(
      `(${writes} writes during the runs with writes; lists built whole ${builds.whole}, from the changed prospects ${builds.changed}; ${machineLoad()})`,
    );
    console.table(
      [
        trivial,
        profile,
        heavy,
        cached,
        checked,
        compressed,
        writesElsewhere,
        writesOwn,
        writesOther,
        notModified,
      ].map((r) => ({
        route: r.name,
        requests: r.requests,
        errors: r.errors,
        'req/s': r.rps.toFixed(1),
        'p50 ms': r.p50.toFixed(1),
        'p99 ms': r.p99.toFixed(1),
        'KiB/resp (wire)': (r.bytes / 1024).toFixed(1),
      })),
    );
    for (const r of [
      profile,
      heavy,
      cached,
      checked,
      compressed,
      writesElsewhere,
      writesOwn,
      writesOther,
      notModified,
    ]) {
      console.log(
        `ratio ${r.name} / trivial: throughput ${(r.rps / trivial.rps).toFixed(4)} (1 in ${(trivial.rps / r.rps).toFixed(1)}), p99 ×${(r.p99 / trivial.p99).toFixed(1)}`,
      );
    }
  } finally {
    await database.close();
    if (url) await dropSchema(url, schema);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
