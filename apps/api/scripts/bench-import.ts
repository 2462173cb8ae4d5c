/**
 * Benchmark (not a test): an import of 100,000 prospects, from a CSV and from an XLSX, through the real server
 * process (src/main.ts, a fresh data directory): time from the upload's start to the validated preview (analysis,
 * mapping, validation done), then to stored (commit done), the server's memory growth (VmRSS of its process, peak
 * over idle), and a signed-in route's latency meanwhile (GET /api/users/user, probed every 10 ms from a thread of
 * its own).
 *
 *   pnpm --filter @prospecta/api bench:import
 *
 * On the embedded database on disk by default (its one connection is the harder case for the other route's latency),
 * on PostgreSQL with BENCH_DATABASE_URL (a database of its own created on that server, dropped at the end). Env:
 * BENCH_ROWS (default 100,000), BENCH_FORMATS (default "csv,xlsx"), BENCH_PROGRESS=1 prints the import's progress.
 * Targets: ≤ 30 s to the validated preview, ≤ 60 s to stored, memory growth ≤ 200 MB, the other route's p99
 * ≤ 100 ms. Calls the server did not answer (a reset connection) are counted and printed.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importFile, writeProspectsFile, type ImportFormat } from './bench-import-run';
import { machineLoad, percentile } from './bench-stats';
import { rssMb, signIn, startBenchServer, startProbe } from './bench-server';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const formats = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',') as ImportFormat[];
const progress = process.env.BENCH_PROGRESS === '1';

async function main(): Promise<void> {
  const files = mkdtempSync(join(tmpdir(), 'prospecta-bench-import-files-'));
  const paths = { csv: join(files, 'prospects.csv'), xlsx: join(files, 'prospects.xlsx') };
  for (const format of formats) await writeProspectsFile(paths[format], format, rows);
  const server = await startBenchServer('bench-import', {
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  const { base } = server;
  try {
    const auth = await signIn(base, 'staff@example.com');
    const { users } = (await (await fetch(`${base}/api/users/list`, { headers: auth })).json()) as {
      users: { id: number; email?: string }[];
    };
    const customer = users.find((u) => u.email === 'customer@example.com') ?? users[0];
    const { campaigns } = (await (
      await fetch(`${base}/api/v1/users/${customer!.id}/campaigns`, { headers: auth })
    ).json()) as { campaigns: { id: number; is_active: boolean }[] };

    console.log(`bench:import, ${rows.toLocaleString('en')} rows, ${server.database}`);
    for (const [index, format] of formats.entries()) {
      const campaign = campaigns[index % campaigns.length]!;
      const size = statSync(paths[format]).size;
      for (let i = 0; i < 50; i += 1)
        await (await fetch(`${base}/api/users/user`, { headers: auth })).arrayBuffer();
      const idleRss = rssMb(server.pid);
      let peakRss = idleRss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(server.pid));
      }, 50);
      // The route alone first, on this machine at this load: what the figures during the import compare with.
      const alone = startProbe(`${base}/api/users/user`, auth);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const aloneLatencies = (await alone.stop()).latencies.sort((a, b) => a - b);
      const probe = startProbe(`${base}/api/users/user`, auth);
      const { done, steps } = await importFile(base, auth, campaign.id, paths[format], {
        ...(progress
          ? {
              onProgress: (item) =>
                console.error(
                  `  ${new Date().toISOString()} ${item.state} ${JSON.stringify(item.progress)}`,
                ),
            }
          : {}),
      });
      const [toAnalysed, toValidated, toStored] = steps.map((step) => step.ms);
      clearInterval(sampler);
      peakRss = Math.max(peakRss, rssMb(server.pid));
      const probed = await probe.stop();
      const latencies = [...probed.latencies].sort((a, b) => a - b);
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `${format.toUpperCase()} (${(size / 1024 / 1024).toFixed(1)} MB): analysed ${s(toAnalysed!)}, ` +
          `validated preview ${s(toValidated!)}, stored ${s(toStored!)}; counts ${JSON.stringify(done.counts)}`,
      );
      console.log(
        `  server memory: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB (growth ${(peakRss - idleRss).toFixed(0)} MB); ` +
          `GET /api/users/user meanwhile: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (${latencies.length} calls, ${probed.failures} unanswered)`,
      );
      const bySteps = steps.map(({ step, at }, i) => {
        const from = i === 0 ? 0 : steps[i - 1]!.at;
        const during = probed.latencies
          .filter((_, call) => probed.startedAt[call]! >= from && probed.startedAt[call]! < at)
          .sort((a, b) => a - b);
        return `${step} p50 ${percentile(during, 50).toFixed(1)} / p99 ${percentile(during, 99).toFixed(1)} ms (${during.length} calls)`;
      });
      console.log(
        `  the route alone before the import p50 ${percentile(aloneLatencies, 50).toFixed(1)} / p99 ${percentile(aloneLatencies, 99).toFixed(1)} ms (${aloneLatencies.length} calls); during each step: ${bySteps.join('; ')}`,
      );
    }
    console.log(machineLoad());
  } finally {
    await server.stop();
    rmSync(files, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
