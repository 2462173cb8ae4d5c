/**
 * Imports left in a running state with no job to move them: their job's last attempt expired or its server
 * instance died (pg-boss then fails the job without its handler recording why), or the job was lost. Run by the
 * periodic `imports.recover` job (jobs/registry.ts; docs/decisions/0145-stuck-imports.md):
 *
 * - a job of the step still waits or runs (a retry is due, or an attempt whose instance died awaits its expiry):
 *   left to it;
 * - the step's last job failed with no attempt left: the import fails, with the job's reason, and can be retried
 *   (it goes on where it stopped) or cancelled;
 * - no job at all, or one that ended while the import still runs: the step's job is added again, and takes the
 *   import up where its progress says (the commit after its last stored batch).
 *
 * Safe with several instances: the import moves only from the state it was read in, and the step's job is one per
 * import on every instance (`exclusive`), so two recoveries add one job at most.
 */
import { RUNNING_IMPORT_STATES, type ImportState } from '@prospecta/domain';
import type { Services } from '../http/route';
import { IMPORT_JOBS } from '../jobs/registry';
import { STEP_OF_STATE } from './jobs';

/** An import untouched for this long with no job waiting or running is taken as stuck. */
export const STUCK_AFTER_SECONDS = 120;

export interface RecoveredImports {
  /** The step's job added again. */
  resumed: number[];
  /** Failed with the reason of the step's last job. */
  failed: number[];
}

export async function recoverImports(
  services: Services,
  options: { stuckAfterSeconds?: number } = {},
): Promise<RecoveredImports> {
  const { imports } = services.repos;
  const result: RecoveredImports = { resumed: [], failed: [] };
  const stuck = await imports.untouchedSince(
    RUNNING_IMPORT_STATES,
    options.stuckAfterSeconds ?? STUCK_AFTER_SECONDS,
  );
  for (const row of stuck) {
    const state = row.state as ImportState;
    const step = STEP_OF_STATE[state];
    if (!step) continue;
    const name = IMPORT_JOBS[step];
    const jobs = await services.jobs.list(name, { payload: { importId: row.id } });
    const last = jobs.at(-1);
    if (last && (last.state === 'created' || last.state === 'retry' || last.state === 'active'))
      continue;
    if (last?.state === 'failed' && last.retryCount >= last.retryLimit) {
      const attempts = last.retryCount + 1;
      const failed = await imports.update(row.id, [state], {
        state: 'failed',
        failed_step: step,
        error_code: 'internal_error',
        error_detail:
          `The ${step} step stopped without finishing after ${attempts} attempt${attempts > 1 ? 's' : ''} ` +
          `(its job expired or its server stopped): ${last.failure ?? 'no reason given'}. Retry it to go on.`,
      });
      if (failed) result.failed.push(row.id);
      continue;
    }
    // Added only when no job of this import and step waits or runs, on any instance.
    if (await services.jobs.send(name, { importId: row.id })) result.resumed.push(row.id);
  }
  return result;
}
