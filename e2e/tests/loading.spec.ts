import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * How the production build's files load (first cards; apps/web/build/chunking.ts): the sign-in page
 * downloads none of the signed-in area's code, and with a stored session index.html's early script preloads it
 * before the app's own modules run. The server writes the runtime configuration into the page, so neither the script
 * nor the app waits for /config.json.
 */

const SIGNED_IN_CODE = /\/assets\/signed-in-[\w-]+\.js$/;

test('the sign-in page downloads none of the signed-in area’s code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(2);
  expect(scripts.filter((path) => SIGNED_IN_CODE.test(path))).toEqual([]);
});

test('with a stored session, the early script preloads the signed-in area’s code, styles and messages before the app runs', async ({
  page,
}) => {
  const session = await signIn(page, 'customer@example.com');
  await page.goto(`/users/${session.user.id}/dashboard`);
  await expect(page.getByTestId('prospect-card').first()).toBeVisible({ timeout: 15_000 });
  const preloads = await page.evaluate(() => {
    const app = document.querySelector('script[type="module"]');
    // The early script's links come before the app's module scripts in the page; the bundler's own come after.
    return Array.from(
      document.querySelectorAll<HTMLLinkElement>(
        'link[rel="modulepreload"], link[rel="preload"][as="style"]',
      ),
    )
      .filter(
        (link) =>
          app !== null &&
          (link.compareDocumentPosition(app) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      )
      .map((link) => new URL(link.href).pathname);
  });
  expect(preloads.some((path) => SIGNED_IN_CODE.test(path))).toBe(true);
  expect(preloads.some((path) => /\/assets\/messages-app-en-[\w-]+\.js$/.test(path))).toBe(true);
  expect(preloads.some((path) => path.endsWith('.css'))).toBe(true);
  // Each file came once: the app's own imports found the preloaded ones.
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  expect(fetched.filter((path) => SIGNED_IN_CODE.test(path))).toHaveLength(1);
});

test('the page carries the runtime configuration: the first screen’s call starts without asking for /config.json', async ({
  page,
}) => {
  const session = await signIn(page, 'customer@example.com');
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`/users/${session.user.id}/dashboard`);
  await expect(page.getByTestId('prospect-card').first()).toBeVisible({ timeout: 15_000 });
  expect(requested).not.toContain('/config.json');
  expect(
    requested.filter((path) => path === `/api/v1/users/${session.user.id}/dashboard`),
  ).toHaveLength(1);
  const written = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[data-config]')?.dataset.config ?? '',
  );
  expect(JSON.parse(written)).toEqual(await (await page.request.get('/config.json')).json());
});
