import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMPORT_PREVIEW_ROWS,
  MAX_IMPORT_BYTES,
  canCancelImport,
  canCommitImport,
  canMapImport,
  canValidateImport,
  hasImportReport,
  importRow,
  mappingProblem,
  neutraliseFormula,
  type ImportErrorCode,
  type ImportMapping,
  type ImportState,
} from '@prospecta/domain';
import type { Schemas } from '@prospecta/domain/contract';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '../http/errors';
import { writerOf } from '../http/list-cache';
import { defineRoute, json, type BaseContext, type RouteDef } from '../http/route';
import { ImportFileError } from '../imports/errors';
import { discard, type ImportStep } from '../imports/jobs';
import { readHead, sniffFormat } from '../imports/read-file';
import { IMPORT_JOBS } from '../jobs/registry';
import type { ImportPatch, ImportRow } from '../repositories/imports';
import { dbId, principalOf, reachableCampaign } from './access';
import { enterUpload, malformed } from './onboarding';

/** The HTTP status of a file refused at upload. */
const REFUSAL_STATUS: Partial<Record<ImportErrorCode, number>> = {
  empty_file: 422,
  file_too_large: 413,
  not_a_spreadsheet: 415,
  unsupported_format: 415,
  unsupported_encoding: 415,
};

const refused = (error: ImportFileError) =>
  new HttpError(REFUSAL_STATUS[error.code] ?? 422, error.message, {
    detail: error.message,
    code: error.code,
  });

const tooLarge = () =>
  new ImportFileError(
    'file_too_large',
    `The file exceeds ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into several imports.`,
  );

const number = (value: string | number) => Number(value);

/** An import as the contract shapes it; the preview's reasons from the validation when there is one. */
export function importAnswer(
  row: ImportRow,
  reasons?: ReadonlyMap<number, string | null>,
): Schemas['Import'] {
  const mapping = row.mapping as ImportMapping;
  const preview =
    mapping.length === 0
      ? []
      : row.first_rows.slice(0, IMPORT_PREVIEW_ROWS).map((cells, index) => {
          const { prospect, reason } = importRow(cells, mapping);
          const at = index + 2;
          const checked = reasons?.has(at) ? reasons.get(at) : reason;
          return {
            row: at,
            prospect,
            reason: (checked ?? null) as Schemas['ImportRowReason'] | null,
          };
        });
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    user_id: row.user_id,
    file_name: row.file_name,
    format: row.format,
    encoding: row.encoding,
    delimiter: row.delimiter,
    state: row.state as ImportState,
    progress: { done: number(row.progress_done), total: number(row.progress_total) },
    columns: row.columns,
    mapping,
    other_campaigns: row.other_campaigns as Schemas['ImportOtherCampaigns'],
    preview,
    counts: {
      rows: row.row_count,
      valid: row.valid_count,
      refused: row.refused_count,
      imported: row.imported_count,
      by_reason: row.by_reason as Schemas['ImportCounts']['by_reason'],
    },
    error: row.error_code
      ? { code: row.error_code as ImportErrorCode, detail: row.error_detail ?? '' }
      : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The answer of an import, with the validation's reasons of its preview rows once validated. */
async function answerOf(ctx: BaseContext, row: ImportRow): Promise<Schemas['Import']> {
  const reasons = hasImportReport(row.state as ImportState)
    ? await ctx.services.repos.imports.reasonsUpTo(row.id, IMPORT_PREVIEW_ROWS + 1)
    : undefined;
  return importAnswer(row, reasons);
}

/** An import of a campaign the principal reaches (staff: every one). */
async function reachableImport(ctx: BaseContext, id: number): Promise<ImportRow> {
  const row = await ctx.services.repos.imports.find(dbId(id));
  if (!row) throw notFound('Import');
  await reachableCampaign(ctx, row.campaign_id);
  return row;
}

const wrongState = (row: ImportRow, action: string) =>
  conflict(`The import is ${row.state}: it cannot ${action} now.`);

/** Streams the upload to disk, counting its bytes; removes what it wrote when refused. */
async function storeFile(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  path: string,
): Promise<number> {
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) return callback(tooLarge());
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file, count, createWriteStream(path, { flags: 'wx' }));
    if (file.truncated) throw tooLarge();
  } catch (error) {
    await rm(path, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return size;
}

/** How long after its end an import's reader is still taken for one who waits for its prospects. */
const JUST_ENDED_MS = 60_000;

/**
 * An import stores its rows from a job, not from its reader's requests, so the session that watched it end has written
 * nothing the lists know of, and its next read of the campaign could be served the list from before the last batches
 * while it is rebuilt (http/list-cache.ts). The session that reads an import which ended moments ago (stored, or
 * cancelled and its rows removed) is therefore recorded as a writer: its next read waits for the list that shows the
 * import's outcome.
 */
async function readsImportsEnd(ctx: BaseContext, rows: readonly ImportRow[]): Promise<void> {
  const writer = writerOf(ctx.principal);
  const justEnded = rows.some(
    (row) =>
      (row.state === 'done' || row.state === 'cancelled') &&
      Date.now() - row.updated_at.getTime() < JUST_ENDED_MS,
  );
  if (writer && justEnded) await ctx.services.listCache.wrote(writer);
}

const listCampaignImports = defineRoute('get', '/api/v1/campaigns/{id}/imports', async (ctx) => {
  const campaign = await reachableCampaign(ctx, ctx.params.id);
  const rows = await ctx.services.repos.imports.ofCampaign(campaign.id);
  await readsImportsEnd(ctx, rows);
  return json(200, { imports: await Promise.all(rows.map((row) => answerOf(ctx, row))) });
});

const startImport = defineRoute(
  'post',
  '/api/v1/campaigns/{id}/imports',
  async (ctx) => {
    const me = principalOf(ctx);
    const campaign = await reachableCampaign(ctx, ctx.params.id);
    const leave = enterUpload(ctx.services, campaign.user_id);
    const dir = join(ctx.services.config.uploads.dir, 'imports');
    const path = join(dir, randomUUID());
    let stored: { name: string; size: number } | null = null;
    try {
      await mkdir(dir, { recursive: true });
      const parts = ctx.req.parts({
        limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 1, parts: 2 },
      });
      for await (const part of parts) {
        if (part.type !== 'file' || part.fieldname !== 'file') {
          if (part.type === 'file') part.file.resume();
          throw badRequest(`Unexpected part "${part.fieldname}"; send one "file" part.`);
        }
        if (stored) {
          part.file.resume();
          throw badRequest('Send one file per import.');
        }
        const name = (part.filename || 'import').slice(0, 255);
        stored = { name, size: await storeFile(part.file, path) };
      }
      if (!stored) throw badRequest('Send the file as a "file" part.');
      // Refused at once: nothing at all, or content that is neither text nor an XLSX archive.
      sniffFormat(await readHead(path));
      const row = await ctx.services.repos.imports.createThen(
        {
          campaignId: campaign.id,
          userId: campaign.user_id,
          createdBy: me.id,
          fileName: stored.name,
          filePath: path,
          fileSize: stored.size,
        },
        (created, trx) =>
          ctx.services.jobs.send(IMPORT_JOBS.analysing, { importId: created.id }, { db: trx }),
      );
      return json(202, await answerOf(ctx, row));
    } catch (error) {
      await rm(path, { force: true });
      if (error instanceof ImportFileError) throw refused(error);
      throw malformed(error);
    } finally {
      leave();
    }
  },
  { multipart: true },
);

const getImport = defineRoute('get', '/api/v1/imports/{importId}', async (ctx) => {
  const row = await reachableImport(ctx, ctx.params.importId);
  await readsImportsEnd(ctx, [row]);
  return json(200, await answerOf(ctx, row));
});

const setImportMapping = defineRoute('put', '/api/v1/imports/{importId}/mapping', async (ctx) => {
  const row = await reachableImport(ctx, ctx.params.importId);
  if (!canMapImport(row.state as ImportState)) throw wrongState(row, 'take a mapping');
  const { mapping, other_campaigns } = ctx.body;
  const problem = mappingProblem(mapping, row.columns.length);
  if (problem?.code === 'wrong_length')
    throw unprocessable(`mapping: one entry per column (${problem.expected}).`);
  if (problem?.code === 'field_twice')
    throw unprocessable(`mapping: ${problem.field} fills one column at most.`);
  if (problem?.code === 'required_missing')
    throw unprocessable(`mapping: a column must fill ${problem.field}.`);
  const updated = await ctx.services.repos.imports.update(row.id, ['mapping', 'validated'], {
    state: 'mapping',
    mapping,
    other_campaigns,
    valid_count: 0,
    refused_count: 0,
    by_reason: {},
  });
  if (!updated) throw wrongState((await ctx.services.repos.imports.find(row.id)) ?? row, 'map');
  if (row.state === 'validated') await ctx.services.repos.imports.clearRows(row.id);
  return json(200, await answerOf(ctx, updated));
});

/** Moves an import from one of `from` into the step `to` and adds the step's job, in one transaction. */
async function startStep(
  ctx: BaseContext,
  row: ImportRow,
  from: ImportState[],
  to: ImportStep,
  patch: ImportPatch = {},
): Promise<ImportRow> {
  const updated = await ctx.services.repos.imports.updateThen(
    row.id,
    from,
    { ...patch, state: to },
    (trx) => ctx.services.jobs.send(IMPORT_JOBS[to], { importId: row.id }, { db: trx }),
  );
  if (!updated) throw wrongState((await ctx.services.repos.imports.find(row.id)) ?? row, 'start');
  return updated;
}

const validateImport = defineRoute('post', '/api/v1/imports/{importId}/validate', async (ctx) => {
  const row = await reachableImport(ctx, ctx.params.importId);
  if (!canValidateImport(row.state as ImportState)) throw wrongState(row, 'be validated');
  const problem = mappingProblem(row.mapping as ImportMapping, row.columns.length);
  if (problem) throw unprocessable('mapping: set a mapping that fills the e-mail first.');
  const updated = await startStep(ctx, row, ['mapping', 'validated'], 'validating', {
    progress_done: 0,
    progress_total: row.row_count,
  });
  return json(202, await answerOf(ctx, updated));
});

const commitImport = defineRoute('post', '/api/v1/imports/{importId}/commit', async (ctx) => {
  const row = await reachableImport(ctx, ctx.params.importId);
  if (!canCommitImport(row.state as ImportState)) throw wrongState(row, 'be committed');
  const updated = await startStep(ctx, row, ['validated'], 'committing', {
    progress_done: 0,
    progress_total: row.valid_count,
    committed_through: 0,
    imported_count: 0,
  });
  return json(202, await answerOf(ctx, updated));
});

const cancelImport = defineRoute('post', '/api/v1/imports/{importId}/cancel', async (ctx) => {
  const row = await reachableImport(ctx, ctx.params.importId);
  const { imports } = ctx.services.repos;
  if (!canCancelImport(row.state as ImportState)) throw wrongState(row, 'be cancelled');
  // Nothing stored yet: cancelled at once. A commit under way or failed: its prospects are removed by its job.
  const stored =
    row.state === 'committing' || (row.state === 'failed' && row.failed_step === 'committing');
  if (stored) {
    const updated = await imports.updateThen(
      row.id,
      [row.state as ImportState],
      { state: 'cancelling' },
      (trx) => ctx.services.jobs.send(IMPORT_JOBS.committing, { importId: row.id }, { db: trx }),
    );
    if (!updated) throw wrongState((await imports.find(row.id)) ?? row, 'be cancelled');
    return json(200, await answerOf(ctx, updated));
  }
  const updated = await imports.update(row.id, [row.state as ImportState], { state: 'cancelled' });
  if (!updated) throw wrongState((await imports.find(row.id)) ?? row, 'be cancelled');
  await discard(ctx.services, row.id, row.file_path);
  return json(200, await answerOf(ctx, updated));
});

const retryImport = defineRoute('post', '/api/v1/imports/{importId}/retry', async (ctx) => {
  const row = await reachableImport(ctx, ctx.params.importId);
  const step = row.failed_step as ImportStep | null;
  if (row.state !== 'failed' || !step || !(step in IMPORT_JOBS))
    throw wrongState(row, 'be retried');
  const updated = await startStep(ctx, row, ['failed'], step, {
    failed_step: null,
    error_code: null,
    error_detail: null,
  });
  return json(202, await answerOf(ctx, updated));
});

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
const csvCell = (value: string) => `"${neutraliseFormula(value).replaceAll('"', '""')}"`;
const REPORT_SLICE = 5000;

const getImportReport = defineRoute('get', '/api/v1/imports/{importId}/report', async (ctx) => {
  const row = await reachableImport(ctx, ctx.params.importId);
  if (!hasImportReport(row.state as ImportState)) throw wrongState(row, 'give its report');
  const lines = [['row', 'reason', ...row.columns].map(csvCell).join(',')];
  for (let after = 0; ;) {
    const slice = await ctx.services.repos.imports.refusedRows(row.id, after, REPORT_SLICE);
    for (const refusedRow of slice)
      lines.push(
        [String(refusedRow.row_number), refusedRow.reason, ...refusedRow.cells]
          .map(csvCell)
          .join(','),
      );
    if (slice.length < REPORT_SLICE) break;
    after = slice[slice.length - 1]?.row_number ?? after;
  }
  const base = row.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import';
  return {
    status: 200,
    binary: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    contentType: 'text/csv; charset=utf-8',
    headers: { 'content-disposition': `attachment; filename="${base}-refused-rows.csv"` },
  };
});

export const importRoutes: RouteDef[] = [
  listCampaignImports,
  startImport,
  getImport,
  setImportMapping,
  validateImport,
  commitImport,
  cancelImport,
  retryImport,
  getImportReport,
];
