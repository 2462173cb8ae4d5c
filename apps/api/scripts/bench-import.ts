/**
 * Benchmark (not a test): an import of 100,000 prospects, from a CSV and from an XLSX, through the real server
 * process (src/main.ts, a fresh data directory): time from the upload's start to the validated preview (analysis,
 * mapping, validation done), then to stored (commit done), the server's memory growth (VmRSS of its process, peak
 * over idle), and a signed-in route's latency meanwhile (GET /api/users/user, probed every 10 ms from a thread of
 * its own).
 *
 *   pnpm --filter @prospecta/api bench:import
 *
 * On the embedded database (its one connection is the harder case for the other route's latency). Env: BENCH_ROWS
 * (default 100,000), BENCH_FORMATS (default "csv,xlsx"). Targets: ≤ 30 s to the validated preview, ≤ 60 s
 * to stored, memory growth ≤ 200 MB, the other route's p99 ≤ 100 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { APP_VERSION, isImportRunning, type ImportState } from '@prospecta/domain';
import { REPO_ROOT } from '../src/config';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { machineLoad, percentile } from './bench-stats';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const formats = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
const apiRoot = join(REPO_ROOT, 'apps', 'api');

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
  const root = mkdtempSync(join(tmpdir(), 'prospecta-bench-import-'));
  const files = await writeFiles(root);
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
    const json = { 'content-type': 'application/json', 'x-app-version': APP_VERSION };
    const login = await fetch(`${base}/api/v2/auth/token/get`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const auth = { 'x-app-version': APP_VERSION, authorization: `Bearer ${access}` };
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
        if (!isImportRunning(item.state)) return item;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    console.log(`bench:import, ${rows.toLocaleString('en')} rows, embedded PGlite`);
    for (const [index, format] of formats.entries()) {
      const campaign = campaigns[index % campaigns.length]!;
      const bytes = readFileSync(files[format]);
      for (let i = 0; i < 50; i += 1)
        await (await fetch(`${base}/api/users/user`, { headers: auth })).arrayBuffer();
      const idleRss = rssMb(server.pid!);
      let peakRss = idleRss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(server.pid!));
      }, 50);
      const probe = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         let running = true;
         parentPort.on('message', () => { running = false; });
         (async () => {
           const latencies = [];
           while (running) {
             const t0 = performance.now();
             await (await fetch(workerData.url, { headers: workerData.headers })).arrayBuffer();
             latencies.push(performance.now() - t0);
             await new Promise((resolve) => setTimeout(resolve, 10));
           }
           parentPort.postMessage(latencies);
         })();`,
        { eval: true, workerData: { url: `${base}/api/users/user`, headers: auth } },
      );
      const probed = new Promise<number[]>((resolve) => probe.once('message', resolve));
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([bytes]), `prospects.${format}`);
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
      await call('POST', `/api/v1/imports/${created.id}/validate`);
      const checked = await until(created.id);
      if (checked.state !== 'validated') throw new Error(`validation: ${JSON.stringify(checked)}`);
      const toValidated = performance.now() - started;
      await call('POST', `/api/v1/imports/${created.id}/commit`);
      const done = await until(created.id);
      if (done.state !== 'done') throw new Error(`commit: ${JSON.stringify(done)}`);
      const toStored = performance.now() - started;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, rssMb(server.pid!));
      probe.postMessage('stop');
      const latencies = (await probed).sort((a, b) => a - b);
      await probe.terminate();
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `${format.toUpperCase()} (${(bytes.length / 1024 / 1024).toFixed(1)} MB): analysed ${s(toAnalysed)}, ` +
          `validated preview ${s(toValidated)}, stored ${s(toStored)}; counts ${JSON.stringify(done.counts)}`,
      );
      console.log(
        `  server memory: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB (growth ${(peakRss - idleRss).toFixed(0)} MB); ` +
          `GET /api/users/user meanwhile: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (${latencies.length} calls)`,
      );
    }
    console.log(machineLoad());
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
