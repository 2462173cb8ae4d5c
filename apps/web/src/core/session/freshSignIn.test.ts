import { describe, expect, it } from 'vitest';
import { clearFreshSignIn, isFreshSignIn, markFreshSignIn } from './freshSignIn';

describe('fresh sign-in marker', () => {
  it('is set by a sign-in and cleared once shown', () => {
    const storage = window.sessionStorage;
    clearFreshSignIn(storage);
    expect(isFreshSignIn(storage)).toBe(false);
    markFreshSignIn(storage);
    expect(isFreshSignIn(storage)).toBe(true);
    clearFreshSignIn(storage);
    expect(isFreshSignIn(storage)).toBe(false);
  });

  it('never throws when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() => markFreshSignIn(refusing)).not.toThrow();
    expect(isFreshSignIn(refusing)).toBe(false);
    expect(() => clearFreshSignIn(refusing)).not.toThrow();
  });
});
