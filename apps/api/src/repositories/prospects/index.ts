import type { Db } from '../../db/index';
import { prospectAggregate } from './aggregate';
import { prospectBatches } from './batches';
import { prospectDetail } from './detail';
import { prospectSummaries } from './summaries';
import { prospectSummaryJson } from './summary-json';

export type {
  CommentWithAuthorRow,
  LastCommentRow,
  ProspectDetailRow,
  ProspectSummaryRow,
  Replacement,
  StatusOf,
  SummaryItems,
  SummaryScope,
  TagRow,
} from './rows';

/**
 * The prospects repository: the aggregate (aggregate.ts: prospects, their status changes and substitutions, tags and
 * comments) and its four read models: a prospect's detail (detail.ts), the rows of a list (summaries.ts), the lists
 * as the contract's JSON (summary-json.ts) and the prospects a batch action moves (batches.ts). Bound to a
 * transaction (`prospectsRepository(trx)`), its writes join that transaction.
 */
export function prospectsRepository(db: Db) {
  return {
    ...prospectAggregate(db),
    ...prospectDetail(db),
    ...prospectSummaries(db),
    ...prospectSummaryJson(db),
    ...prospectBatches(db),
  };
}

export type ProspectsRepository = ReturnType<typeof prospectsRepository>;
