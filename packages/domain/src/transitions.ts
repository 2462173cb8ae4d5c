/**
 * The prospect-status transition rules (§4). One source of truth: the prospect-status machine, the web
 * app and the reference server all import them, so the UI and the server cannot disagree about which
 * status change is allowed.
 */
import type { ProspectStatus, UserSettableStatus } from './contract';
import { PROSPECT_STATUSES } from './status';

export type { UserSettableStatus } from './contract';

/** The three status changes a user can ask for (detail modal, inbox menu). */
export const USER_ACTIONS = ['convert', 'lose', 'nurture'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const ACTION_TARGET = {
  convert: 'converted',
  lose: 'lost',
  nurture: 'nurture',
} as const satisfies Record<UserAction, UserSettableStatus>;

/** Statuses a user may set through PUT /api/v1/prospects/{id}/status. */
export const USER_SETTABLE_STATUSES = [
  'converted',
  'lost',
  'nurture',
] as const satisfies readonly UserSettableStatus[];

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
  converted: PROSPECT_STATUSES.filter((s) => s !== 'converted'),
  lost: PROSPECT_STATUSES.filter((s) => s !== 'lost'),
  nurture: PROSPECT_STATUSES.filter((s) => s !== 'nurture' && s !== 'converted'),
  nurtured: ['nurture'],
  pending: [],
  ongoing: [],
  to_call: [],
};

export function canTransition(from: ProspectStatus, to: ProspectStatus): boolean {
  return ALLOWED_FROM[to].includes(from);
}

export function isUserSettableStatus(status: ProspectStatus): status is UserSettableStatus {
  return (USER_SETTABLE_STATUSES as readonly ProspectStatus[]).includes(status);
}

export function canUserSet(from: ProspectStatus, to: ProspectStatus): boolean {
  return isUserSettableStatus(to) && canTransition(from, to);
}

/** Which of the three user actions are offered for a prospect in this status. */
export function availableActions(from: ProspectStatus): UserAction[] {
  return USER_ACTIONS.filter((action) => canTransition(from, ACTION_TARGET[action]));
}
