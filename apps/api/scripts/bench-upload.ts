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
import { performance } from 'node:perf_hooks';
import { MAX_UPLOAD_BYTES } from '@prospecta/domain';
import { percentile } from './bench-stats';
import { rssMb, signIn, startBenchServer, startProbe } from './bench-server';

const uploads = Number(process.env.BENCH_UPLOADS ?? 3);
const uploadBytes =
  Math.min(MAX_UPLOAD_BYTES, Number(process.env.BENCH_UPLOAD_MB ?? 15) * 1024 * 1024) - 1;
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);

async function main(): Promise<void> {
  const server = await startBenchServer('bench-upload');
  const { base } = server;
  try {
    const auth = await signIn(base, 'staff@example.com');
    const me = (await (await fetch(`${base}/api/users/user`, { headers: auth })).json()) as {
      id: number;
    };
    const pdf = new Uint8Array(uploadBytes);
    pdf.set(new TextEncoder().encode('%PDF-1.7\n'));
    const file = new Blob([pdf], { type: 'application/pdf' });

    // Warm up, then the idle baseline.
    for (let i = 0; i < 50; i += 1) await (await fetch(`${base}/api/health`)).arrayBuffer();
    const idleRss = rssMb(server.pid);
    let peakRss = idleRss;
    const statuses = new Map<number, number>();
    const probe = startProbe(`${base}/api/health`);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server.pid));
    }, 20);
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all(
        Array.from({ length: uploads }, async (_, i) => {
          const form = new FormData();
          form.append('files', file, `deck-${round}-${i}.pdf`);
          const res = await fetch(`${base}/api/v1/users/${me.id}/onboarding/files`, {
            method: 'POST',
            headers: auth,
            body: form,
          });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      );
    }
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(server.pid));
    const { latencies, failures } = await probe.stop();
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
      `GET /api/health during the uploads: ${latencies.length} requests (${failures} unanswered), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (target p99 < 100 ms)`,
    );
    console.log(
      `Server RSS: ${idleRss.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB at most, +${(peakRss - idleRss).toFixed(0)} MB (target < 100 MB)`,
    );
  } finally {
    await server.stop();
  }
}

await main();
