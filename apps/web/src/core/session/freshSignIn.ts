/**
 * "This tab has just signed in": set by a sign-in through the login form, read by what shows once after it (the
 * unread answers), cleared when that is done or on sign-out. Kept in session storage: a reload keeps it
 * until the modal is closed, another tab or a later visit with stored tokens never sees it.
 */
const KEY = 'prospecta.freshSignIn';

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled: nothing shows after sign-in, nothing breaks
  }
}

export function markFreshSignIn(storage: Storage | null = store()): void {
  try {
    storage?.setItem(KEY, '1');
  } catch {
    // full or disabled storage: the modal is a convenience, the inbox still lists every answer
  }
}

export function isFreshSignIn(storage: Storage | null = store()): boolean {
  try {
    return storage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearFreshSignIn(storage: Storage | null = store()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/** What shows once after a sign-in reads and clears the marker through this (tests give each app its own). */
export interface FreshSignIn {
  isFresh(): boolean;
  clear(): void;
}

/** The app's: the session-storage marker above. */
export const sessionFreshSignIn: FreshSignIn = {
  isFresh: () => isFreshSignIn(),
  clear: () => clearFreshSignIn(),
};

/** A marker of its own, in memory (stories and tests: no storage shared with another app on the page). */
export function memoryFreshSignIn(fresh: boolean): FreshSignIn {
  let value = fresh;
  return {
    isFresh: () => value,
    clear: () => {
      value = false;
    },
  };
}
