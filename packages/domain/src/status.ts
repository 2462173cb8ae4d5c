/**
 * Prospect statuses and how they are displayed (§4, §2 Dashboard, §2 Campaign detail). The lists are
 * checked against the contract: a status added to or removed from openapi.yaml breaks the build here.
 */
import type { ProspectStatus } from './contract';

export type { ProspectStatus } from './contract';

/** Every prospect status, in the contract's order. */
export const PROSPECT_STATUSES = [
  'pending',
  'ongoing',
  'to_call',
  'converted',
  'lost',
  'nurture',
  'nurtured',
] as const satisfies readonly ProspectStatus[];

/** True when the list names every member of the union (compile-time check, used below). */
type Covers<List extends readonly string[], Union extends string> = [Union] extends [List[number]]
  ? true
  : never;
const everyStatus: Covers<typeof PROSPECT_STATUSES, ProspectStatus> = true;
void everyStatus;

export function isProspectStatus(value: unknown): value is ProspectStatus {
  return typeof value === 'string' && (PROSPECT_STATUSES as readonly string[]).includes(value);
}

/**
 * The names of the statuses in the server's own English texts (history entries, refusals, the export's status
 * column): the app shows its translated labels instead.
 */
export const STATUS_NAMES_EN = {
  pending: 'pending',
  ongoing: 'ongoing',
  to_call: 'to call',
  converted: 'new opportunity',
  lost: 'lost',
  nurture: 'opportunity to engage',
  nurtured: 'nurtured',
} as const satisfies Record<ProspectStatus, string>;

/** Contacted prospects the campaign engine is still working on: ongoing or to_call. */
export const IN_PROGRESS_STATUSES = [
  'ongoing',
  'to_call',
] as const satisfies readonly ProspectStatus[];

export function isInProgress(status: ProspectStatus): boolean {
  return (IN_PROGRESS_STATUSES as readonly ProspectStatus[]).includes(status);
}

/** Nurture-all (§4, contract): in progress (ongoing or to_call), no response, campaign no longer active. */
export function isNurtureAllCandidate(p: {
  prospecting_status: ProspectStatus;
  has_responses: boolean;
  campaign_is_active: boolean;
}): boolean {
  return isInProgress(p.prospecting_status) && !p.has_responses && !p.campaign_is_active;
}

/** Campaign columns (§2 Campaign detail). */
export const CAMPAIGN_CATEGORIES = [
  'ongoing',
  'to_call',
  'answerers',
  'lost',
  'converted',
  'nurture',
] as const;
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];

/**
 * Displayed category (§4): lost, converted and nurture win first; then
 * has_responses makes the prospect an answerer; else to_call or ongoing.
 * pending shows as ongoing; nurtured (already handled) leaves the board: null.
 */
export function displayCategory(p: {
  prospecting_status: ProspectStatus;
  has_responses: boolean;
}): CampaignCategory | null {
  switch (p.prospecting_status) {
    case 'lost':
    case 'converted':
    case 'nurture':
      return p.prospecting_status;
    case 'nurtured':
      return null;
    default:
      if (p.has_responses) return 'answerers';
      return p.prospecting_status === 'to_call' ? 'to_call' : 'ongoing';
  }
}

/** Dashboard columns (§2 Dashboard): to_nurture holds nurture, new_opportunity holds converted. */
export const DASHBOARD_COLUMNS = ['ongoing', 'to_call', 'to_nurture', 'new_opportunity'] as const;
export type DashboardColumn = (typeof DASHBOARD_COLUMNS)[number];

export function dashboardColumn(p: { prospecting_status: ProspectStatus }): DashboardColumn | null {
  switch (p.prospecting_status) {
    case 'pending':
    case 'ongoing':
      return 'ongoing';
    case 'to_call':
      return 'to_call';
    case 'nurture':
      return 'to_nurture';
    case 'converted':
      return 'new_opportunity';
    default:
      return null;
  }
}

/** Statuses that have a dashboard column (see dashboardColumn). */
export const DASHBOARD_STATUSES: readonly ProspectStatus[] = PROSPECT_STATUSES.filter(
  (status) => dashboardColumn({ prospecting_status: status }) !== null,
);

/** Statuses whose answered prospects still wait in the inbox (still to handle). */
export const INBOX_STATUSES = [
  'pending',
  'ongoing',
  'to_call',
] as const satisfies readonly ProspectStatus[];

export function isInboxStatus(status: ProspectStatus): boolean {
  return (INBOX_STATUSES as readonly ProspectStatus[]).includes(status);
}
