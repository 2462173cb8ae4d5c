/**
 * A campaign's lifecycle: draft → scheduled/running → paused → finished → archived. Which moves exist, who makes
 * each (staff through the builder, or the sending engine on its own), and where a launch or a resume lands. The
 * server refuses a move with the same rules the app uses to offer it.
 */
import type { CampaignLifecycleAction, CampaignStatusName } from './contract';

/** Every status, in lifecycle order (the contract's enum). */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'running',
  'paused',
  'finished',
  'archived',
] as const satisfies readonly CampaignStatusName[];
export type CampaignStatus = CampaignStatusName;
const everyStatus: [CampaignStatus] extends [(typeof CAMPAIGN_STATUSES)[number]] ? true : never =
  true;
void everyStatus;

export function isCampaignStatus(value: unknown): value is CampaignStatus {
  return typeof value === 'string' && (CAMPAIGN_STATUSES as readonly string[]).includes(value);
}

/** What staff may ask (the contract's enum). */
export const CAMPAIGN_ACTIONS = [
  'launch',
  'pause',
  'resume',
  'finish',
  'archive',
] as const satisfies readonly CampaignLifecycleAction[];
const everyAction: [CampaignLifecycleAction] extends [(typeof CAMPAIGN_ACTIONS)[number]]
  ? true
  : never = true;
void everyAction;

/** The engine's own moves: a scheduled campaign starts at its first slot, a running one completes. */
export const ENGINE_ACTIONS = ['start', 'complete'] as const;
export type EngineAction = (typeof ENGINE_ACTIONS)[number];
export type LifecycleAction = CampaignLifecycleAction | EngineAction;

/** Who makes a move: staff (the builder's buttons) or the sending engine. Customers make none. */
export type LifecycleActor = 'staff' | 'engine';

interface Move {
  from: readonly CampaignStatus[];
  by: LifecycleActor;
}

const MOVES: Record<LifecycleAction, Move> = {
  launch: { from: ['draft'], by: 'staff' },
  pause: { from: ['scheduled', 'running'], by: 'staff' },
  resume: { from: ['paused'], by: 'staff' },
  finish: { from: ['scheduled', 'running', 'paused'], by: 'staff' },
  archive: { from: ['finished'], by: 'staff' },
  start: { from: ['scheduled'], by: 'engine' },
  complete: { from: ['running'], by: 'engine' },
};

/** Whether `actor` may apply `action` to a campaign in `status`. */
export function canApply(
  status: CampaignStatus,
  action: LifecycleAction,
  actor: LifecycleActor,
): boolean {
  const move = MOVES[action];
  return move.by === actor && move.from.includes(status);
}

/** The staff actions the builder offers for a status, in the order of CAMPAIGN_ACTIONS. */
export function staffActions(status: CampaignStatus): CampaignLifecycleAction[] {
  return CAMPAIGN_ACTIONS.filter((action) => canApply(status, action, 'staff'));
}

/**
 * The status after a move, or null when the move is not allowed. A launch or a resume lands on `scheduled` while
 * the start (the first sending slot, or the start date) is still ahead of `now`, else on `running`.
 */
export function nextStatus(
  status: CampaignStatus,
  action: LifecycleAction,
  actor: LifecycleActor,
  options: { startsAt?: Date | null; now?: Date } = {},
): CampaignStatus | null {
  if (!canApply(status, action, actor)) return null;
  switch (action) {
    case 'launch':
    case 'resume': {
      const now = options.now ?? new Date();
      return options.startsAt && options.startsAt.getTime() > now.getTime()
        ? 'scheduled'
        : 'running';
    }
    case 'pause':
      return 'paused';
    case 'finish':
    case 'complete':
      return 'finished';
    case 'archive':
      return 'archived';
    case 'start':
      return 'running';
  }
}

/** Launched and not stopped: the campaigns list's "active" column and the refresh button (§2). */
export function isActiveStatus(status: CampaignStatus): boolean {
  return status === 'running' || status === 'scheduled';
}

/** The builder may save the definition: not while the engine sends (running), nor once it has ended. */
export function isEditableStatus(status: CampaignStatus): boolean {
  return status === 'draft' || status === 'scheduled' || status === 'paused';
}
