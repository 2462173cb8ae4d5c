/**
 * The three jobs of an import (registered in jobs/registry.ts), each the work of one state:
 *
 * - analysing → mapping: the file's format, encoding and separator, its columns, its first rows, its row count, and
 *   the mapping proposed from its headers;
 * - validating → validated: every row as it will be stored and its refusal reason, written to import_rows (nothing
 *   to the prospects), then the checks against the database, then the counts;
 * - committing → done: the valid rows stored as prospects, a batch per transaction with the import's progress (1,000
 *   rows; 250 on the embedded database, `importBatchRows`), so that a failure or a restart goes on after the last stored
 *   batch (docs/decisions/0115-import-of-prospects.md); cancelling → cancelled: the prospects the import stored removed.
 *
 * On the embedded database each batch first waits until no request is in flight (at most 200 ms), so that the
 * requests' statements do not queue behind the import's one batch after the other (http/request-activity.ts,
 * docs/decisions/0200-embedded-import-gives-way-to-requests.md).
 *
 * Every step reads the import's state before it starts and writes its progress conditionally on it: a cancelled
 * import stops at the next batch, and two workers cannot move one import (the jobs are also one per import).
 * A file refused for its content fails the import with its code at once; any other error is retried by the queue,
 * and the last attempt's error fails the import with `internal_error` and its message.
 */
import { rm } from 'node:fs/promises';
import {
  IMPORT_PREVIEW_ROWS,
  MAX_IMPORT_ROWS,
  automaticMapping,
  importRow,
  type ImportMapping,
  type ImportRowReason,
  type ImportState,
} from '@prospecta/domain';
import { IMPORTED_TABLES, analyzeTables } from '../db/index';
import type { Services } from '../http/route';
import { campaignsRepository } from '../repositories/campaigns';
import { ImportNoLongerCommitting, type NewImportRow } from '../repositories/imports';
import { ImportFileError } from './errors';
import { fileShape, openRows, type FileShape } from './read-file';

/**
 * Rows written or checked per statement while validating, and stored per transaction while committing, on each
 * database. PostgreSQL serves the requests on other connections meanwhile: 1,000. The embedded database has one
 * connection, which serves the import's statements and the requests' in turn (a request's statements each wait for
 * the import's statement or transaction in progress), and each statement holds the event loop for its whole length:
 * 250 rows keep each wait short (docs/performance.md, the import's figures step by step).
 */
export function importBatchRows(kind: 'pglite' | 'postgres'): number {
  return kind === 'pglite' ? 250 : 1000;
}
/** Progress written every this many rows while analysing. */
const ANALYSIS_PROGRESS_ROWS = 5000;

export type ImportStep = 'analysing' | 'validating' | 'committing';

export interface StepContext {
  /** The queue will not try again after this attempt. */
  lastAttempt: boolean;
  signal: AbortSignal;
}

function stopped(signal: AbortSignal): void {
  if (signal.aborted) throw new Error('the import job was stopped (expired, or the server stops)');
}

/** Runs one step; a refused file or the last failed attempt fails the import with its reason. */
export async function runImportStep(
  services: Services,
  importId: number,
  step: ImportStep,
  context: StepContext,
): Promise<void> {
  try {
    if (step === 'analysing') await analyse(services, importId, context.signal);
    else if (step === 'validating') await validate(services, importId, context.signal);
    else await commit(services, importId, context.signal);
  } catch (error) {
    const missing = (error as { code?: string }).code === 'ENOENT';
    if (error instanceof ImportFileError || missing || context.lastAttempt) {
      const code =
        error instanceof ImportFileError ? error.code : missing ? 'file_missing' : 'internal_error';
      const detail = missing
        ? 'The uploaded file is no longer on the server; upload it again.'
        : error instanceof Error
          ? error.message
          : String(error);
      await services.repos.imports.update(importId, [step], {
        state: 'failed',
        failed_step: step,
        error_code: code,
        error_detail: detail,
      });
      if (error instanceof ImportFileError || missing) return;
    }
    throw error;
  }
}

const shapeOf = (row: {
  format: string | null;
  encoding: string | null;
  delimiter: string | null;
}): FileShape => ({
  format: row.format === 'xlsx' ? 'xlsx' : 'csv',
  encoding: row.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8',
  delimiter: row.delimiter === ';' || row.delimiter === '\t' ? row.delimiter : ',',
});

async function analyse(services: Services, importId: number, signal: AbortSignal): Promise<void> {
  const { imports } = services.repos;
  const row = await imports.find(importId);
  if (!row || row.state !== 'analysing') return;
  const shape = await fileShape(row.file_path);
  const source = await openRows(row.file_path, shape);
  let header: string[] | null = null;
  const first: string[][] = [];
  let count = 0;
  for await (const cells of source.rows()) {
    if (!header) {
      header = cells.map((cell) => cell.trim());
      continue;
    }
    count += 1;
    if (count > MAX_IMPORT_ROWS)
      throw new ImportFileError(
        'too_many_rows',
        `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows.`,
      );
    if (first.length < IMPORT_PREVIEW_ROWS) first.push(cells);
    if (count % ANALYSIS_PROGRESS_ROWS === 0) {
      stopped(signal);
      const still = await imports.update(importId, ['analysing'], {
        progress_done: source.bytesRead(),
        progress_total: source.totalBytes,
      });
      if (!still) return;
    }
  }
  if (!header) throw new ImportFileError('empty_file', 'The file holds no row.');
  if (count === 0) throw new ImportFileError('no_rows', 'The file has a header and no row.');
  const columns = header;
  // A short row is read as if its missing cells were empty; a longer one keeps only the header's columns.
  await imports.update(importId, ['analysing'], {
    state: 'mapping',
    format: shape.format,
    encoding: shape.encoding,
    delimiter: shape.delimiter,
    columns,
    mapping: automaticMapping(columns),
    first_rows: first.map((cells) => cells.slice(0, columns.length)),
    row_count: count,
    progress_done: source.totalBytes,
    progress_total: source.totalBytes,
  });
}

async function validate(services: Services, importId: number, signal: AbortSignal): Promise<void> {
  const { imports } = services.repos;
  const row = await imports.find(importId);
  if (!row || row.state !== 'validating') return;
  const mapping = row.mapping as ImportMapping;
  const columns = row.columns.length;
  await imports.clearRows(importId);
  const source = await openRows(row.file_path, shapeOf(row));
  const seen = new Set<string>();
  let batch: NewImportRow[] = [];
  let header = true;
  let number = 1;
  const flush = async (): Promise<boolean> => {
    stopped(signal);
    await services.requestActivity.quiet();
    await imports.addRows(importId, batch);
    batch = [];
    const still = await imports.update(importId, ['validating'], {
      progress_done: number - 1,
      progress_total: row.row_count,
    });
    if (!still) await imports.clearRows(importId);
    return still !== undefined;
  };
  for await (const raw of source.rows()) {
    if (header) {
      header = false;
      continue;
    }
    number += 1;
    const cells = raw.slice(0, columns);
    const { prospect, reason } = importRow(cells, mapping);
    let refusal: ImportRowReason | null = reason;
    if (!refusal && prospect.email) {
      if (seen.has(prospect.email)) refusal = 'duplicate_in_file';
      else seen.add(prospect.email);
    }
    batch.push({ row: number, prospect, reason: refusal, cells });
    if (batch.length >= services.importBatchRows && !(await flush())) return;
  }
  if (!(await flush())) return;
  await imports.checkAgainstDatabase(row, number, services.importBatchRows, () =>
    services.requestActivity.quiet(),
  );
  const counts = await imports.countsByReason(importId);
  const byReason: Record<string, number> = {};
  let valid = 0;
  let refused = 0;
  for (const { reason, n } of counts) {
    if (reason === null) valid += n;
    else {
      byReason[reason] = n;
      refused += n;
    }
  }
  const done = await imports.update(importId, ['validating'], {
    state: 'validated',
    row_count: number - 1,
    valid_count: valid,
    refused_count: refused,
    imported_count: 0,
    committed_through: 0,
    by_reason: byReason,
    progress_done: number - 1,
    progress_total: number - 1,
  });
  if (!done) await imports.clearRows(importId);
}

async function commit(services: Services, importId: number, signal: AbortSignal): Promise<void> {
  const { imports } = services.repos;
  const row = await imports.find(importId);
  if (!row) return;
  if (row.state === 'cancelling') return undo(services, importId, signal);
  if (row.state !== 'committing') return;
  let through = row.committed_through;
  for (;;) {
    stopped(signal);
    await services.requestActivity.quiet();
    let result;
    try {
      result = await imports.commitBatch(row, through, services.importBatchRows);
    } catch (error) {
      if (error instanceof ImportNoLongerCommitting) return afterCancel(services, importId, signal);
      throw error;
    }
    if (!result) break;
    through = result.through;
  }
  // The planner's statistics of the tables the import grew, before the import says it is done and the customer
  // reads the prospects: without them (the embedded database runs no autovacuum, PostgreSQL's may come later) the
  // dashboard's slices of prospects are read by plans that go through every tag link of the database.
  await analyzeTables(services.db, IMPORTED_TABLES, () => services.requestActivity.quiet());
  // Done, and the campaign's audience (its answer's figure) counted from its prospects, in one transaction.
  const done = await imports.updateThen(importId, ['committing'], { state: 'done' }, (trx) =>
    campaignsRepository(trx).recountAudience(row.campaign_id),
  );
  if (!done) return afterCancel(services, importId, signal);
  await removeFile(done.file_path);
}

/** The import left `committing` under the job: a cancellation asks for the stored prospects to go. */
async function afterCancel(services: Services, importId: number, signal: AbortSignal) {
  const now = await services.repos.imports.find(importId);
  if (now?.state === 'cancelling') await undo(services, importId, signal);
}

async function undo(services: Services, importId: number, signal: AbortSignal): Promise<void> {
  const { imports } = services.repos;
  for (;;) {
    await services.requestActivity.quiet();
    if ((await imports.removeStoredBatch(importId, services.importBatchRows)) === 0) break;
    stopped(signal);
  }
  const before = await imports.find(importId);
  if (!before) return;
  const row = await imports.updateThen(
    importId,
    ['cancelling'],
    { state: 'cancelled', imported_count: 0, committed_through: 0 },
    (trx) => campaignsRepository(trx).recountAudience(before.campaign_id),
  );
  if (row) await discard(services, row.id, row.file_path);
}

/** What a finished or cancelled import no longer needs: its rows (cancelled) and its file. */
export async function discard(services: Services, importId: number, path: string): Promise<void> {
  await services.repos.imports.clearRows(importId);
  await removeFile(path);
}

async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** The job that carries each running state. */
export const STEP_OF_STATE: Partial<Record<ImportState, ImportStep>> = {
  analysing: 'analysing',
  validating: 'validating',
  committing: 'committing',
  cancelling: 'committing',
};
