/**
 * The prospect-status rule set (§4). One source of truth: the prospect-status
 * machine, the web app and the reference server all import it, so the UI and the
 * server cannot disagree about which status change is allowed.
 */

export const PROSPECT_STATUSES = [
  'pending',
  'ongoing',
  'to_call',
  'converted',
  'lost',
  'nurture',
  'nurtured',
] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

/** The three status changes a user can ask for (detail modal, inbox menu). */
export const USER_ACTIONS = ['convert', 'lose', 'nurture'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const ACTION_TARGET = {
  convert: 'converted',
  lose: 'lost',
  nurture: 'nurture',
} as const satisfies Record<UserAction, ProspectStatus>;

/** Statuses a user may set through PUT /api/v1/prospects/{id}/status. */
export const USER_SETTABLE_STATUSES = ['converted', 'lost', 'nurture'] as const;
export type UserSettableStatus = (typeof USER_SETTABLE_STATUSES)[number];

/**
 * Allowed transitions, keyed by target status.
 * - converted: from every other status (a lost or nurtured prospect can still buy).
 * - lost: from every other status.
 * - nurture: from every status but converted (a won opportunity must be lost first).
 * - nurtured: only from nurture (the 'clean nurture column' batch).
 * - pending, ongoing, to_call: set by the campaign engine only, never by a user.
 * A change to the current status is refused: it is not a transition.
 */
const ALLOWED_FROM: Record<ProspectStatus, readonly ProspectStatus[]> = {
  converted: ['pending', 'ongoing', 'to_call', 'lost', 'nurture', 'nurtured'],
  lost: ['pending', 'ongoing', 'to_call', 'converted', 'nurture', 'nurtured'],
  nurture: ['pending', 'ongoing', 'to_call', 'lost', 'nurtured'],
  nurtured: ['nurture'],
  pending: [],
  ongoing: [],
  to_call: [],
};

export function canTransition(from: ProspectStatus, to: ProspectStatus): boolean {
  return ALLOWED_FROM[to].includes(from);
}

export function canUserSet(from: ProspectStatus, to: ProspectStatus): boolean {
  return (
    (USER_SETTABLE_STATUSES as readonly ProspectStatus[]).includes(to) && canTransition(from, to)
  );
}

/** Which of the three user actions are offered for a prospect in this status. */
export function availableActions(from: ProspectStatus): UserAction[] {
  return USER_ACTIONS.filter((action) => canTransition(from, ACTION_TARGET[action]));
}

/** Nurture-all (§4, contract): ongoing or to_call, no response, campaign no longer active. */
export function isNurtureAllCandidate(p: {
  prospecting_status: ProspectStatus;
  has_responses: boolean;
  campaign_is_active: boolean;
}): boolean {
  return (
    (p.prospecting_status === 'ongoing' || p.prospecting_status === 'to_call') &&
    !p.has_responses &&
    !p.campaign_is_active
  );
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
