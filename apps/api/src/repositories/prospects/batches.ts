import {
  IN_PROGRESS_STATUSES,
  isNurtureAllCandidate,
  type ProspectStatus,
} from '@prospecta/domain';
import type { Db } from '../../db/index';
import type { StatusOf } from './rows';

/** Read model: the prospects a batch action moves (nurture-all, clean-nurture), with the status they were read with. */
export function prospectBatches(db: Db) {
  return {
    /** The user's prospects that nurture-all moves (isNurtureAllCandidate of @prospecta/domain), with their status. */
    async nurtureAllCandidates(userId: number): Promise<StatusOf[]> {
      const rows = await db
        .selectFrom('prospects as p')
        .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .select([
          'p.id',
          'p.prospecting_status',
          'p.has_responses',
          'c.is_active as campaign_is_active',
        ])
        .where('p.user_id', '=', userId)
        .where('p.prospecting_status', 'in', IN_PROGRESS_STATUSES)
        .execute();
      return rows.filter((r) =>
        isNurtureAllCandidate({
          prospecting_status: r.prospecting_status as ProspectStatus,
          has_responses: r.has_responses,
          campaign_is_active: r.campaign_is_active,
        }),
      );
    },

    /** The user's prospects in one status. */
    inStatus(userId: number, status: ProspectStatus): Promise<StatusOf[]> {
      return db
        .selectFrom('prospects')
        .select(['id', 'prospecting_status'])
        .where('user_id', '=', userId)
        .where('prospecting_status', '=', status)
        .execute();
    },
  };
}
