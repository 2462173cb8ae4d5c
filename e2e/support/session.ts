import { expect, type Page } from '@playwright/test';

/** The demo accounts' password and the app version the server expects (README, demo logins). */
export const DEMO_PASSWORD = 'prospecta-demo';
export const APP_VERSION = '2.3.5';

export interface SignedIn {
  access: string;
  refresh: string;
  user: { id: number; full_name: string; is_staff: boolean };
}

export interface SignInOptions {
  /** Mark the tutorial as seen (default), so that it does not cover the page. */
  tutorialSeen?: boolean;
  /** A staff member's selected customer. */
  selectedUser?: { id: number; name: string };
}

/** Asks the server for tokens (the sign-in screen has its own tests) without touching a page. */
export async function tokensFor(page: Page, email: string): Promise<SignedIn> {
  const response = await page.request.post('/api/v2/auth/token/get', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-App-Version': APP_VERSION },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SignedIn;
}

/**
 * The headers of an API call as `email`, with an access token asked for now: the suite's tokens live 15 s
 * (ACCESS_TOKEN_TTL), less than a test takes on a loaded machine, so one asked for at its start may have expired by
 * its last call.
 */
export async function freshHeaders(
  page: Page,
  email: string,
): Promise<{ Authorization: string; 'X-App-Version': string }> {
  const { access } = await tokensFor(page, email);
  return { Authorization: `Bearer ${access}`, 'X-App-Version': APP_VERSION };
}

/**
 * Resolves once the page's live event stream is open (its answer's headers arrived: the server follows the user's
 * changes from then on). Call it before the navigation that opens the stream, await it before the change that the
 * page must learn of without a reload: a change made before the stream opens is not sent to it.
 */
export function liveStreamOpen(page: Page): Promise<unknown> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/live' && response.status() === 200,
    { timeout: 30_000 },
  );
}

/**
 * Signs in through stored tokens, in English. The tokens are handed over once: after that the app owns them
 * (refresh tokens rotate, and a reload must not restore old ones).
 */
export async function signIn(
  page: Page,
  email: string,
  options: SignInOptions = {},
): Promise<SignedIn> {
  page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
  const session = await tokensFor(page, email);
  await page.addInitScript(
    ([access, refresh, tutorialSeen, selected]) => {
      // The top document only: a message's sandboxed frame may not read the storage (a page error otherwise).
      if (window !== window.top) return;
      if (sessionStorage.getItem('e2e.tokens-given') === null) {
        localStorage.setItem('prospecta.token', access);
        localStorage.setItem('prospecta.refreshToken', refresh);
        localStorage.setItem('prospecta.locale', 'en');
        localStorage.setItem('prospecta.appVersion', '2.3.5');
        if (tutorialSeen) localStorage.setItem('prospecta.tutorial', '"2.3.5"');
        if (selected) localStorage.setItem('prospecta.selectedUser', selected);
        sessionStorage.setItem('e2e.tokens-given', '1');
      }
    },
    [
      session.access,
      session.refresh,
      options.tutorialSeen ?? true,
      options.selectedUser ? JSON.stringify(options.selectedUser) : '',
    ] as const,
  );
  return session;
}

/**
 * After a sign-in through the login form, a user with unread answers gets the unread-answers modal:
 * close it (the first answer shown counts as read), so that the page behind it can be used.
 */
export async function closeUnreadAnswers(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Unread answers' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}
