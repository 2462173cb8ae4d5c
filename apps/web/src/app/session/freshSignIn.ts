/**
 * "This tab has just signed in": set by a sign-in through the login form, read by what shows once after it (the
 * unread answers, issue 12), cleared when that is done or on sign-out. Kept in session storage: a reload keeps it
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
