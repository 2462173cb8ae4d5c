/** History entry types (§2 prospect detail: the timeline). */
import type { HistoryEntry, HistoryMessageEntry, HistoryStatusChangeEntry, ProspectTitle } from './contract';

/** The types of a message-like entry (everything but a status change). */
export const HISTORY_MESSAGE_TYPES = ['email', 'event', 'linkedin_message', 'note'] as const satisfies readonly HistoryMessageEntry['type'][];
export type HistoryMessageType = (typeof HISTORY_MESSAGE_TYPES)[number];
export const STATUS_CHANGE_TYPE = 'status_change' satisfies HistoryStatusChangeEntry['type'];

/** The channels a prospect can answer on (an answer is an inbound entry of one of these types). */
export const ANSWER_CHANNELS = ['email', 'linkedin_message'] as const satisfies readonly HistoryMessageType[];
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];

export function isHistoryMessageType(value: unknown): value is HistoryMessageType {
  return typeof value === 'string' && (HISTORY_MESSAGE_TYPES as readonly string[]).includes(value);
}

export function isStatusChange(entry: HistoryEntry): entry is HistoryStatusChangeEntry {
  return entry.type === STATUS_CHANGE_TYPE;
}

/** A prospect's title (civility). */
export const PROSPECT_TITLES = ['mister', 'miss', 'undefined'] as const satisfies readonly ProspectTitle[];

export function isProspectTitle(value: unknown): value is ProspectTitle {
  return typeof value === 'string' && (PROSPECT_TITLES as readonly string[]).includes(value);
}
