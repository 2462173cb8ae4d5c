/**
 * Benchmark (not a test), with the production scrypt cost (N=2^17, 128 MiB):
 * - latency of other routes while 8 clients sign in without pause: p50/p99 of `GET /` (the web app, when built; else
 *   /config.json) and of the profile call (GET /api/users/user), first alone, then during the sign-in storm;
 * - a wrong-password storm (8 clients trying unknown accounts without pause): how long a correct sign-in takes from
 *   the owner's browser (it holds the device cookie) and from a new browser, and how many attempts are answered 429
 *   at once because the queue of password checks is full (security/password.ts LOGIN_QUEUE_LIMIT).
 *
 *   pnpm --filter @prospecta/api bench:login-storm
 *
 * Env: BENCH_DURATION (seconds per phase, default 8), BENCH_LOGINS (concurrent sign-ins, default 8).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../src/config';
import { benchConfig } from './bench-config';
import { openDatabase } from '../src/db/index';
import { HASH_CONCURRENCY, hashPassword, OWASP_SCRYPT_PARAMS } from '../src/security/password';
import { SecretBox } from '../src/security/secret-box';
import { seedDemo, DEMO_PASSWORD } from '../src/seed/demo';
import { buildServer } from '../src/server';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const logins = Number(process.env.BENCH_LOGINS ?? 8);
const headers = { 'x-app-version': '9.9.9' };

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
  );
}

/** One client calling the URL in a loop until `end`; latencies in ms. */
async function sample(url: string, init: RequestInit, end: number): Promise<number[]> {
  const latencies: number[] = [];
  while (performance.now() < end) {
    const t0 = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

function line(name: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${name.padEnd(28)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms`;
}

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite' });
  const secretKey = randomBytes(32);
  const cheap = { N: 1024, r: 8, p: 1, keyLength: 64 };
  await seedDemo(database.db, { scrypt: cheap, secretBox: new SecretBox(secretKey) });
  // The signing-in user gets a production-cost hash.
  await database.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(DEMO_PASSWORD, OWASP_SCRYPT_PARAMS) })
    .where('email', '=', 'staff@example.com')
    .execute();
  const webDist = join(REPO_ROOT, 'apps', 'web', 'dist');
  const config = benchConfig({
    database: { kind: 'pglite' },
    encryptionKey: secretKey,
    scrypt: OWASP_SCRYPT_PARAMS,
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : null,
  });
  const app = await buildServer({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const loginBody = JSON.stringify({ email: 'customer@example.com', password: DEMO_PASSWORD });
  await database.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(DEMO_PASSWORD, cheap) })
    .where('email', '=', 'customer@example.com')
    .execute();
  const session = (await (
    await fetch(`${base}/api/v2/auth/token/get`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: loginBody,
    })
  ).json()) as { access: string };
  const pageUrl = config.webDist ? `${base}/` : `${base}/config.json`;
  const pageName = config.webDist ? 'GET /' : 'GET /config.json';
  const profileInit = { headers: { ...headers, authorization: `Bearer ${session.access}` } };

  const phase = async (storm: boolean) => {
    const end = performance.now() + duration * 1000;
    let signIns = 0;
    let refused = 0;
    const stormers = storm
      ? Array.from({ length: logins }, async () => {
          while (performance.now() < end) {
            const res = await fetch(`${base}/api/v2/auth/token/get`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
            });
            await res.arrayBuffer();
            // 429: refused at once, the queue of password checks being full; people try again after Retry-After.
            if (res.status === 429) {
              refused += 1;
              await new Promise((resolve) =>
                setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000),
              );
            } else if (res.status !== 200) throw new Error(`login answered ${res.status}`);
            else signIns += 1;
          }
        })
      : [];
    const [page, profile] = await Promise.all([
      Promise.all([sample(pageUrl, { headers }, end), sample(pageUrl, { headers }, end)]).then(
        (r) => r.flat(),
      ),
      Promise.all([
        sample(`${base}/api/users/user`, profileInit, end),
        sample(`${base}/api/users/user`, profileInit, end),
      ]).then((r) => r.flat()),
      ...stormers,
    ]);
    console.log(
      storm
        ? `\nDuring ${logins} concurrent sign-ins (${signIns} sign-ins in ${duration} s, ${refused} answered 429 at once):`
        : `Alone (${duration} s):`,
    );
    console.log(line(pageName, page));
    console.log(line('GET /api/users/user', profile));
  };

  console.log(
    `scrypt N=2^17 r=8 p=1; ${HASH_CONCURRENCY} hashes at most at once; libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4} threads\n`,
  );
  await phase(false);
  await phase(true);

  // A wrong-password storm, and correct sign-ins of staff@example.com (production cost) during it.
  const signIn = (cookie?: string) =>
    fetch(`${base}/api/v2/auth/token/get`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
    });
  const owner = await signIn();
  const cookie = owner.headers.get('set-cookie')?.split(';')[0];
  await owner.arrayBuffer();
  const end = performance.now() + duration * 1000;
  const storm = { wrong: 0, refused: 0 };
  const stormers = Array.from({ length: logins }, async (_, client) => {
    for (let i = 0; performance.now() < end; i += 1) {
      const res = await fetch(`${base}/api/v2/auth/token/get`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `storm-${client}-${i}@example.com`, password: 'wrong' }),
      });
      await res.arrayBuffer();
      if (res.status === 429) storm.refused += 1;
      else if (res.status === 401) storm.wrong += 1;
      else throw new Error(`a wrong password answered ${res.status}`);
    }
  });
  const correct = async (withCookie: boolean) => {
    const latencies: number[] = [];
    let tooMany = 0;
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await signIn(withCookie ? cookie : undefined);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status === 429) tooMany += 1;
      else if (res.status !== 200) throw new Error(`a correct sign-in answered ${res.status}`);
      // A person signs in now and then, not in a loop.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { latencies, tooMany };
  };
  const [fromOwner, fromNew] = await Promise.all([correct(true), correct(false), ...stormers]);
  console.log(
    `\nDuring a wrong-password storm of ${logins} clients (${storm.wrong} answered 401, ${storm.refused} answered 429 at once, in ${duration} s):`,
  );
  console.log(
    `${line("owner's browser (cookie)", fromOwner.latencies)}  429: ${fromOwner.tooMany}`,
  );
  console.log(`${line('a new browser', fromNew.latencies)}  429: ${fromNew.tooMany}`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
