/** Comment activities (§2 prospect detail: the call outcome a comment may carry). */
import type { CommentActivity, CommentErrorCode } from './contract';

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

/**
 * Who may delete a comment: its author, or staff. A customer may not delete a staff member's comment on their own
 * prospect (the server refuses it with `comment_not_yours`; the app shows no delete button there).
 */
export const canDeleteComment = (viewer: { id: number; isStaff: boolean }, authorId: number) =>
  viewer.isStaff || viewer.id === authorId;

/** The code of a refused comment deletion (403). */
export const COMMENT_NOT_YOURS = 'comment_not_yours' as const satisfies CommentErrorCode;
