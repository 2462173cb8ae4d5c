/** Comment activities (§2 prospect detail: the call outcome a comment may carry). */
import type { CommentActivity } from './contract';

export type { CommentActivity } from './contract';

export const COMMENT_ACTIVITIES = [
  'REACHED',
  'NOT_REACHED',
  'WRONG_NUMBER',
  'INCOMING_CALL',
] as const satisfies readonly CommentActivity[];

export function isCommentActivity(value: unknown): value is CommentActivity {
  return typeof value === 'string' && (COMMENT_ACTIVITIES as readonly string[]).includes(value);
}
