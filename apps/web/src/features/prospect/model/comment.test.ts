import { describe, expect, it } from 'vitest';
import {
  EMPTY_COMMENT_DRAFT,
  commentPayload,
  createCommentDraftStore,
  validateComment,
} from './comment';
import { COMMENT_ACTIVITIES } from '@prospecta/domain';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('validateComment', () => {
  it('refuses a comment with neither content nor activity', () => {
    expect(validateComment(EMPTY_COMMENT_DRAFT)).toBe('content_or_activity_required');
    expect(validateComment({ content: '  \n\t ', activity: '' })).toBe(
      'content_or_activity_required',
    );
  });

  it.each(COMMENT_ACTIVITIES)('accepts an activity alone (%s)', (activity) => {
    expect(validateComment({ content: '', activity })).toBeNull();
  });

  it('accepts content alone and content with an activity', () => {
    expect(validateComment({ content: 'Rappeler lundi', activity: '' })).toBeNull();
    expect(validateComment({ content: 'Rappeler lundi', activity: 'NOT_REACHED' })).toBeNull();
  });
});

describe('commentPayload', () => {
  it('trims the content and sends a missing activity as null', () => {
    expect(commentPayload({ content: '  Bonjour  ', activity: '' })).toEqual({
      content: 'Bonjour',
      activity: null,
    });
    expect(commentPayload({ content: '', activity: 'REACHED' })).toEqual({
      content: '',
      activity: 'REACHED',
    });
  });

  it('throws the §5 message for an invalid draft', () => {
    expect(() => commentPayload(EMPTY_COMMENT_DRAFT)).toThrow(
      'Either content or activity must be provided',
    );
  });
});

describe('createCommentDraftStore', () => {
  it('keeps a draft per prospect across store instances (a reload) until it is cleared', () => {
    const storage = memoryStorage();
    createCommentDraftStore(storage).set(7, { content: 'Texte en cours', activity: 'REACHED' });
    const afterReload = createCommentDraftStore(storage);
    expect(afterReload.get(7)).toEqual({ content: 'Texte en cours', activity: 'REACHED' });
    expect(afterReload.get(8)).toEqual(EMPTY_COMMENT_DRAFT);
    afterReload.clear(7);
    expect(createCommentDraftStore(storage).get(7)).toEqual(EMPTY_COMMENT_DRAFT);
  });

  it('ignores corrupted stored drafts and unknown activities', () => {
    const storage = memoryStorage();
    storage.setItem('prospecta.comment-draft.1', '{not json');
    storage.setItem(
      'prospecta.comment-draft.2',
      JSON.stringify({ content: 3, activity: 'DANCING' }),
    );
    const store = createCommentDraftStore(storage);
    expect(store.get(1)).toEqual(EMPTY_COMMENT_DRAFT);
    expect(store.get(2)).toEqual(EMPTY_COMMENT_DRAFT);
  });

  it('does not store an empty draft, and still works without storage', () => {
    const storage = memoryStorage();
    createCommentDraftStore(storage).set(3, EMPTY_COMMENT_DRAFT);
    expect(storage.map.size).toBe(0);
    const noStorage = createCommentDraftStore(null);
    noStorage.set(4, { content: 'x', activity: '' });
    expect(noStorage.get(4).content).toBe('x');
  });

  it('survives a storage that throws (quota exceeded)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createCommentDraftStore(throwing);
    store.set(5, { content: 'gardé en mémoire', activity: '' });
    expect(store.get(5).content).toBe('gardé en mémoire');
    store.clear(5);
    expect(store.get(5)).toEqual(EMPTY_COMMENT_DRAFT);
  });
});
