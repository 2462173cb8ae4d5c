import { useEffect, useRef } from 'react';

/**
 * The app's windows tell each other that the e-mail accounts changed: a Google or Microsoft sign-in ends in
 * its own window, and the window that opened it (which says "the account then appears as valid here") asks for the
 * accounts again at once. Same origin only (BroadcastChannel); where the browser has none, the list refreshes when its
 * window gets the focus back, as every list does.
 */
const CHANNEL = 'prospecta.integrations';
const EMAIL_ACCOUNTS_CHANGED = 'email-accounts-changed';

export function announceEmailAccountsChanged(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(EMAIL_ACCOUNTS_CHANGED);
  channel.close();
}

/** Calls `onChanged` when another window of the app announces that the e-mail accounts changed. */
export function useEmailAccountsChangedElsewhere(onChanged: () => void): void {
  const latest = useRef(onChanged);
  useEffect(() => {
    latest.current = onChanged;
  });
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === EMAIL_ACCOUNTS_CHANGED) latest.current();
    };
    return () => channel.close();
  }, []);
}
