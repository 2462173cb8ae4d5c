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
import { mkdtempSync, openAsBlob, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { isImportRunning, type ImportState } from '@prospecta/domain';
import { machineLoad, percentile } from './bench-stats';
import { rssMb, signIn, startBenchServer, startProbe } from './bench-server';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const formats = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
const progress = process.env.BENCH_PROGRESS === '1';

const HEADER = ['Prénom', 'Nom', 'E-mail', 'Société', 'Poste', 'Téléphone', 'LinkedIn', 'Tags'];
function row(prefix: string, i: number): string[] {
  return [
    `Prénom${i}`,
    `Nom${i}`,
    `${prefix}.${i}@bench.example.com`,
    `Société ${i % 997}`,
    i % 3 === 0 ? 'Directeur commercial' : 'CEO',
    `+33 6 ${String(i).padStart(8, '0')}`,
    `https://www.linkedin.com/in/bench-${prefix}-${i}`,
    i % 5 === 0 ? 'VIP, Bench' : 'Bench',
  ];
}

async function writeFiles(dir: string): Promise<Record<'csv' | 'xlsx', string>> {
  const csvPath = join(dir, 'prospects.csv');
  const lines = [HEADER.join(';')];
  for (let i = 0; i < rows; i += 1) lines.push(row('csv', i).join(';'));
  writeFileSync(csvPath, `\uFEFF${lines.join('\r\n')}\r\n`);
  const xlsxPath = join(dir, 'prospects.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: xlsxPath,
    useSharedStrings: true,
  });
  const sheet = workbook.addWorksheet('Prospects');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i += 1) sheet.addRow(row('xlsx', i)).commit();
  sheet.commit();
  await workbook.commit();
  return { csv: csvPath, xlsx: xlsxPath };
}

async function main(): Promise<void> {
  const files = mkdtempSync(join(tmpdir(), 'prospecta-bench-import-files-'));
  const paths = await writeFiles(files);
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

    const call = async (method: string, path: string) => {
      const res = await fetch(`${base}${path}`, { method, headers: auth });
      const body = (await res.json()) as { state: ImportState; id: number; counts: object };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const until = async (id: number) => {
      for (;;) {
        const item = await call('GET', `/api/v1/imports/${id}`);
        if (progress)
          console.error(
            `  ${new Date().toISOString()} ${item.state} ${JSON.stringify((item as { progress?: object }).progress)}`,
          );
        if (!isImportRunning(item.state)) return item;
        await new Promise((resolve) => setTimeout(resolve, progress ? 2000 : 100));
      }
    };

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
      const started = performance.now();
      // When each step ended (Date.now(), the probe's clock): the probe's figures are also given step by step.
      const ends: { step: string; at: number }[] = [];
      const form = new FormData();
      // Read from the disk as it is sent.
      form.append('file', await openAsBlob(paths[format]), `prospects.${format}`);
      const upload = await fetch(`${base}/api/v1/campaigns/${campaign.id}/imports`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const created = (await upload.json()) as { id: number };
      if (upload.status !== 202)
        throw new Error(`upload: ${upload.status} ${JSON.stringify(created)}`);
      const analysed = await until(created.id);
      if (analysed.state !== 'mapping') throw new Error(`analysis: ${JSON.stringify(analysed)}`);
      const toAnalysed = performance.now() - started;
      ends.push({ step: 'upload and analysis', at: Date.now() });
      await call('POST', `/api/v1/imports/${created.id}/validate`);
      const checked = await until(created.id);
      if (checked.state !== 'validated') throw new Error(`validation: ${JSON.stringify(checked)}`);
      const toValidated = performance.now() - started;
      ends.push({ step: 'validation', at: Date.now() });
      await call('POST', `/api/v1/imports/${created.id}/commit`);
      const done = await until(created.id);
      if (done.state !== 'done') throw new Error(`commit: ${JSON.stringify(done)}`);
      const toStored = performance.now() - started;
      ends.push({ step: 'commit', at: Date.now() });
      clearInterval(sampler);
      peakRss = Math.max(peakRss, rssMb(server.pid));
      const probed = await probe.stop();
      const latencies = [...probed.latencies].sort((a, b) => a - b);
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `${format.toUpperCase()} (${(size / 1024 / 1024).toFixed(1)} MB): analysed ${s(toAnalysed)}, ` +
          `validated preview ${s(toValidated)}, stored ${s(toStored)}; counts ${JSON.stringify(done.counts)}`,
      );
      console.log(
        `  server memory: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB (growth ${(peakRss - idleRss).toFixed(0)} MB); ` +
          `GET /api/users/user meanwhile: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (${latencies.length} calls, ${probed.failures} unanswered)`,
      );
      const bySteps = ends.map(({ step, at }, i) => {
        const from = i === 0 ? 0 : ends[i - 1]!.at;
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
