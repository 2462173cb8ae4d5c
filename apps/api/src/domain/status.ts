import type { ProspectStatus } from '@prospecta/domain';

/** The statuses in the English words of history notes, conflict messages and the export's status column. */
export const STATUS_LABELS: Record<ProspectStatus, string> = {
  pending: 'pending',
  ongoing: 'ongoing',
  to_call: 'to call',
  converted: 'new opportunity',
  lost: 'lost',
  nurture: 'opportunity to engage',
  nurtured: 'nurtured',
};

