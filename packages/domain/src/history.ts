/** History entry types (§2 prospect detail: the timeline). */
import type {
  HistoryEntry,
  HistoryMessageEntry,
  HistoryStatusChangeEntry,
  ProspectTitle,
  Schemas,
} from './contract';

/** The types of a message-like entry (everything but a status change). */
export const HISTORY_MESSAGE_TYPES = [
  'email',
  'event',
  'linkedin_message',
  'note',
] as const satisfies readonly HistoryMessageEntry['type'][];
export type HistoryMessageType = (typeof HISTORY_MESSAGE_TYPES)[number];
export const STATUS_CHANGE_TYPE = 'status_change' satisfies HistoryStatusChangeEntry['type'];

/** The channels a prospect can answer on (an answer is an inbound entry of one of these types). */
export const ANSWER_CHANNELS = [
  'email',
  'linkedin_message',
] as const satisfies readonly HistoryMessageType[];
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];

/** What an `event` entry records (the app writes the sentence in the user's language from the code and its values). */
export const HISTORY_EVENT_CODES = [
  'added_to_campaign',
  'email_opened',
  'link_clicked',
  'email_bounced',
  'unsubscribed',
  'linkedin_invitation_accepted',
  'reply_label_changed',
] as const satisfies readonly HistoryEventCode[];
export type HistoryEventCode = Schemas['HistoryEvent']['code'];
export type HistoryEvent = Schemas['HistoryEvent'];
const everyEventCode: [HistoryEventCode] extends [(typeof HISTORY_EVENT_CODES)[number]]
  ? true
  : never = true;
void everyEventCode;

export function isHistoryEventCode(value: unknown): value is HistoryEventCode {
  return typeof value === 'string' && (HISTORY_EVENT_CODES as readonly string[]).includes(value);
}

export function isHistoryMessageType(value: unknown): value is HistoryMessageType {
  return typeof value === 'string' && (HISTORY_MESSAGE_TYPES as readonly string[]).includes(value);
}

export function isStatusChange(entry: HistoryEntry): entry is HistoryStatusChangeEntry {
  return entry.type === STATUS_CHANGE_TYPE;
}

/** A prospect's title (civility). */
export const PROSPECT_TITLES = [
  'mister',
  'miss',
  'undefined',
] as const satisfies readonly ProspectTitle[];

export function isProspectTitle(value: unknown): value is ProspectTitle {
  return typeof value === 'string' && (PROSPECT_TITLES as readonly string[]).includes(value);
}
