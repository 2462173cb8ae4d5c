/**
 * Comment rules (§3 Comment, §5): a comment needs content or an activity.
 * Pure: the form and the tests use the same functions.
 */
import { isCommentActivity, type CommentActivity } from '@prospecta/domain';

export interface CommentDraft {
  content: string;
  /** '' means no activity. */
  activity: CommentActivity | '';
}

export const EMPTY_COMMENT_DRAFT: CommentDraft = { content: '', activity: '' };

export type CommentError = 'content_or_activity_required';

/** Returns the error of a draft, or null when it can be sent. Blank content counts as no content. */
export function validateComment(draft: CommentDraft): CommentError | null {
  if (draft.content.trim().length === 0 && draft.activity === '')
    return 'content_or_activity_required';
  return null;
}

/** The request body of POST /prospects/{id}/comment for a valid draft. */
export function commentPayload(draft: CommentDraft): {
  content: string;
  activity: CommentActivity | null;
} {
  const error = validateComment(draft);
  if (error) throw new Error('Either content or activity must be provided');
  return { content: draft.content.trim(), activity: draft.activity === '' ? null : draft.activity };
}

/**
 * Drafts of comments being typed, per prospect, kept in session storage so a failed save,
 * closing the modal or a reload never loses the text. Cleared only after a successful save.
 */
export interface CommentDraftStore {
  get(prospectId: number): CommentDraft;
  set(prospectId: number, draft: CommentDraft): void;
  clear(prospectId: number): void;
}

const DRAFT_PREFIX = 'prospecta.comment-draft.';

export function createCommentDraftStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
): CommentDraftStore {
  const memory = new Map<number, CommentDraft>();
  return {
    get(prospectId) {
      const inMemory = memory.get(prospectId);
      if (inMemory) return inMemory;
      try {
        const raw = storage?.getItem(DRAFT_PREFIX + prospectId);
        if (!raw) return EMPTY_COMMENT_DRAFT;
        const parsed = JSON.parse(raw) as unknown;
        if (typeof parsed !== 'object' || parsed === null) return EMPTY_COMMENT_DRAFT;
        const { content, activity } = parsed as Record<string, unknown>;
        return {
          content: typeof content === 'string' ? content : '',
          activity: isCommentActivity(activity) ? activity : '',
        };
      } catch {
        return EMPTY_COMMENT_DRAFT;
      }
    },
    set(prospectId, draft) {
      memory.set(prospectId, draft);
      try {
        if (draft.content === '' && draft.activity === '')
          storage?.removeItem(DRAFT_PREFIX + prospectId);
        else storage?.setItem(DRAFT_PREFIX + prospectId, JSON.stringify(draft));
      } catch {
        // Storage full or disabled: the draft stays in memory for this page.
      }
    },
    clear(prospectId) {
      memory.delete(prospectId);
      try {
        storage?.removeItem(DRAFT_PREFIX + prospectId);
      } catch {
        // Nothing stored: nothing to clear.
      }
    },
  };
}

function defaultStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The drafts of this browser tab. */
export const commentDrafts: CommentDraftStore = createCommentDraftStore(defaultStorage());
