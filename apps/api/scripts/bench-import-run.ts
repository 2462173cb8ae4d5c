/**
 * What the benchmarks that import prospects share (bench-import here, bench:dashboard's imported customer in
 * apps/web/bench): a generated file of prospects, CSV or XLSX, and its import into a campaign through the server's
 * real calls (upload, analysis, validation, commit), as the builder's import panel makes them.
 */
import { openAsBlob, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { isImportRunning } from '@prospecta/domain';
import {
  FRENCH_COMPANIES,
  FRENCH_FIRST,
  FRENCH_LAST,
  FRENCH_POSITIONS,
} from '@prospecta/domain/demo';
import type { Import } from '@prospecta/domain/contract';

export type ImportFormat = 'csv' | 'xlsx';

const HEADER = ['Prénom', 'Nom', 'E-mail', 'Société', 'Poste', 'Téléphone', 'LinkedIn', 'Tags'];
const FIRST_NAMES = [...FRENCH_FIRST.miss, ...FRENCH_FIRST.mister];

/**
 * Row `i` of a file: names, company and position from the demo world's French people (as a customer's file has
 * real ones, which the dashboard's search then narrows letter by letter), an address that carries `prefix` and `i`,
 * so that two files make different prospects. With `badEvery`, every badEvery-th row (the last of each run of
 * badEvery rows) has no valid address, a row the validation refuses.
 */
function row(prefix: string, i: number, badEvery: number): string[] {
  const bad = badEvery > 0 && i % badEvery === badEvery - 1;
  return [
    FIRST_NAMES[i % FIRST_NAMES.length]!,
    FRENCH_LAST[Math.floor(i / FIRST_NAMES.length) % FRENCH_LAST.length]!,
    bad ? `not-an-address-${i}` : `${prefix}.${i}@bench.example.com`,
    FRENCH_COMPANIES[i % FRENCH_COMPANIES.length]!.name,
    FRENCH_POSITIONS[i % FRENCH_POSITIONS.length]!,
    `+33 6 ${String(i).padStart(8, '0')}`,
    `https://www.linkedin.com/in/bench-${prefix}-${i}`,
    i % 5 === 0 ? 'VIP, Bench' : 'Bench',
  ];
}

/** How many of `rows` rows the validation refuses with `badEvery`. */
export const badRows = (rows: number, badEvery = 0): number =>
  badEvery > 0 ? Math.floor(rows / badEvery) : 0;

/**
 * Writes `rows` prospects to `path` under French headers: a CSV (UTF-8 with its byte order mark, semicolons, CRLF,
 * as a French spreadsheet saves it) or an XLSX (streamed, shared strings).
 */
export async function writeProspectsFile(
  path: string,
  format: ImportFormat,
  rows: number,
  options: { badEvery?: number } = {},
): Promise<void> {
  const badEvery = options.badEvery ?? 0;
  if (format === 'csv') {
    const lines = [HEADER.join(';')];
    for (let i = 0; i < rows; i += 1) lines.push(row('csv', i, badEvery).join(';'));
    writeFileSync(path, `\uFEFF${lines.join('\r\n')}\r\n`);
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
  });
  const sheet = workbook.addWorksheet('Prospects');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i += 1) sheet.addRow(row('xlsx', i, badEvery)).commit();
  sheet.commit();
  await workbook.commit();
}

/** When a step of the import ended: milliseconds since the upload's start, and the wall clock (`Date.now()`). */
export interface ImportStep {
  step: 'upload and analysis' | 'validation' | 'commit';
  ms: number;
  at: number;
}

/**
 * Imports the file at `path` into campaign `campaignId` with the headers of a signed-in staff member (`auth`):
 * upload (read from the disk as it is sent), analysis, validation with the proposed mapping, commit, each awaited by
 * reading the import every 100 ms (every 2 s with `onProgress`, which is given each reading). Throws when a step
 * does not end in the state that follows it. Answers the stored import and when each step ended.
 */
export async function importFile(
  base: string,
  auth: Record<string, string>,
  campaignId: number,
  path: string,
  options: { onProgress?: (item: Import) => void } = {},
): Promise<{ done: Import; steps: ImportStep[] }> {
  const { onProgress } = options;
  const call = async (method: string, route: string): Promise<Import> => {
    const res = await fetch(`${base}${route}`, { method, headers: auth });
    const body = (await res.json()) as Import;
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const until = async (id: number): Promise<Import> => {
    for (;;) {
      const item = await call('GET', `/api/v1/imports/${id}`);
      onProgress?.(item);
      if (!isImportRunning(item.state)) return item;
      await new Promise((resolve) => setTimeout(resolve, onProgress ? 2000 : 100));
    }
  };
  const started = performance.now();
  const steps: ImportStep[] = [];
  const ended = (step: ImportStep['step']) =>
    steps.push({ step, ms: performance.now() - started, at: Date.now() });

  const form = new FormData();
  form.append('file', await openAsBlob(path), basename(path));
  const upload = await fetch(`${base}/api/v1/campaigns/${campaignId}/imports`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const created = (await upload.json()) as Import;
  if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${JSON.stringify(created)}`);
  const analysed = await until(created.id);
  if (analysed.state !== 'mapping') throw new Error(`analysis: ${JSON.stringify(analysed)}`);
  ended('upload and analysis');
  await call('POST', `/api/v1/imports/${created.id}/validate`);
  const checked = await until(created.id);
  if (checked.state !== 'validated') throw new Error(`validation: ${JSON.stringify(checked)}`);
  ended('validation');
  await call('POST', `/api/v1/imports/${created.id}/commit`);
  const done = await until(created.id);
  if (done.state !== 'done') throw new Error(`commit: ${JSON.stringify(done)}`);
  ended('commit');
  return { done, steps };
}
