/**
 * Benchmark (not a test), while three 15 MB uploads run, how fast does a trivial route answer, and how much
 * memory does the server take? The real server process (src/main.ts) on an embedded database on disk, a fresh data
 * directory; the client runs in this process, so the server's memory is read from /proc/<pid>/status (VmRSS).
 *
 *   pnpm --filter @prospecta/api bench:upload
 *
 * Env: BENCH_UPLOADS (concurrent uploads, default 3), BENCH_UPLOAD_MB (default 15, the §9 limit less a byte),
 * BENCH_ROUNDS (upload rounds, default 10). Targets: health p99 < 100 ms, server RSS growth < 100 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { APP_VERSION, MAX_UPLOAD_BYTES } from '@prospecta/domain';
import { REPO_ROOT } from '../src/config';
import { DEMO_PASSWORD } from '../src/seed/demo';

const uploads = Number(process.env.BENCH_UPLOADS ?? 3);
const uploadBytes =
  Math.min(MAX_UPLOAD_BYTES, Number(process.env.BENCH_UPLOAD_MB ?? 15) * 1024 * 1024) - 1;
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const apiRoot = join(REPO_ROOT, 'apps', 'api');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function rssMb(pid: number): number {
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

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'prospecta-bench-upload-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(apiRoot, 'src', 'main.ts')], {
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
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const up = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const headers = { 'content-type': 'application/json', 'x-app-version': APP_VERSION };
    const login = await fetch(`${base}/api/v2/auth/token/get`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const me = (await (
      await fetch(`${base}/api/users/user`, {
        headers: { ...headers, authorization: `Bearer ${access}` },
      })
    ).json()) as { id: number };
    const pdf = new Uint8Array(uploadBytes);
    pdf.set(new TextEncoder().encode('%PDF-1.7\n'));
    const file = new Blob([pdf], { type: 'application/pdf' });

    // Warm up, then the idle baseline.
    for (let i = 0; i < 50; i += 1) await (await fetch(`${base}/api/health`)).arrayBuffer();
    const idleRss = rssMb(server.pid!);
    let peakRss = idleRss;
    const statuses = new Map<number, number>();
    // The probe runs on its own thread so that building and sending the uploads here does not delay it.
    const probe = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       let running = true;
       parentPort.on('message', () => { running = false; });
       (async () => {
         const latencies = [];
         while (running) {
           const t0 = performance.now();
           await (await fetch(workerData.url)).arrayBuffer();
           latencies.push(performance.now() - t0);
           await new Promise((resolve) => setTimeout(resolve, 10));
         }
         parentPort.postMessage(latencies);
       })();`,
      { eval: true, workerData: { url: `${base}/api/health` } },
    );
    const probed = new Promise<number[]>((resolve) => probe.once('message', resolve));
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server.pid!));
    }, 20);
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all(
        Array.from({ length: uploads }, async (_, i) => {
          const form = new FormData();
          form.append('files', file, `deck-${round}-${i}.pdf`);
          const res = await fetch(`${base}/api/v1/users/${me.id}/onboarding/files`, {
            method: 'POST',
            headers: { 'x-app-version': APP_VERSION, authorization: `Bearer ${access}` },
            body: form,
          });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      );
    }
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(server.pid!));
    probe.postMessage('stop');
    const latencies = await probed;
    await probe.terminate();
    const slowest = latencies
      .map((ms, i) => ({ ms, i }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    if (process.env.BENCH_DEBUG)
      console.log(
        'slowest probes (index, ms):',
        slowest.map((s) => `#${s.i} ${s.ms.toFixed(0)}`).join(', '),
      );
    latencies.sort((a, b) => a - b);
    const mb = (uploadBytes / 1024 / 1024).toFixed(1);
    console.log(
      `${rounds} rounds of ${uploads} concurrent ${mb} MB uploads in ${(elapsed / 1000).toFixed(1)} s; answers ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}`,
    );
    console.log(
      `GET /api/health during the uploads: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (target p99 < 100 ms)`,
    );
    console.log(
      `Server RSS: ${idleRss.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB at most, +${(peakRss - idleRss).toFixed(0)} MB (target < 100 MB)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
