/**
 * LinkedIn tasks: the LinkedIn steps of a launched campaign, which nothing sends, done by the customer by hand
 * (decisions 0160 and 0173).
 */
import type { CampaignEventType } from './campaign-events';
import type { TaskState } from './contract';

/** Where a task stands: open (to do), done, skipped. */
export const TASK_STATES = ['open', 'done', 'skipped'] as const satisfies readonly TaskState[];
const everyState: [TaskState] extends [(typeof TASK_STATES)[number]] ? true : never = true;
void everyState;

/** The states that close a task, and the event each records. */
export const TASK_CLOSING_EVENT = {
  done: 'task_done',
  skipped: 'task_skipped',
} as const satisfies Record<Exclude<TaskState, 'open'>, CampaignEventType>;

/** The most open tasks one list answers (the count says how many there are). */
export const TASK_LIST_LIMIT = 200;
