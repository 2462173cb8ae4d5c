import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * The server's security headers (apps/api/src/plugins/security-headers.ts, through @fastify/helmet) as Chromium
 * reads them: no page gets a console message about its Permissions-Policy or Content-Security-Policy, and the contract
 * page (Scalar's reference, served from node_modules) works under its own policy without another origin.
 */

const HEADER_MESSAGE = /Permissions-Policy|Content Security Policy|Content-Security-Policy/i;

function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) messages.push(`${response.status()}: ${response.url()}`);
  });
  return messages;
}

test('the sign-in page and a signed-in page get no console message about their security headers', async ({
  page,
}) => {
  const messages = consoleOf(page);
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  const session = await signIn(page, 'customer@example.com');
  await page.goto(`/users/${session.user.id}/dashboard`);
  await expect(page.getByTestId('prospect-card').first()).toBeVisible({ timeout: 15_000 });
  // Both policies are read with the page; the cards come after every stylesheet and script it loads.
  await page.waitForLoadState('load');
  expect(messages.filter((message) => HEADER_MESSAGE.test(message))).toEqual([]);
});

test('the contract page shows every group of operations, loading nothing from another origin, with a clean console', async ({
  page,
  baseURL,
}) => {
  const messages = consoleOf(page);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== new URL(baseURL ?? '').origin)
      elsewhere.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page).toHaveURL(/\/api\/docs\/$/);
  await expect(page.getByRole('heading', { name: 'Prospecta API', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Sign in with e-mail and password.').first()).toBeVisible();
  await page.waitForLoadState('load');
  expect(elsewhere).toEqual([]);
  expect(messages).toEqual([]);
});
