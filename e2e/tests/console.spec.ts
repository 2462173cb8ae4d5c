import { expect, test, type Page } from '@playwright/test';
import { signIn, tokensFor } from '../support/session';

/**
 * A clean session through the main screens: the console stays empty (no error, no warning, no page error) and no
 * call leaves that the app knows will fail (a 4xx or 5xx answer), including when a customer opens another user's
 * address, which sends them to their own.
 */

function watch(page: Page): string[] {
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

/**
 * Each style the page preloads is one its stylesheet links use, in the same credentials mode: otherwise Chromium
 * fetches it twice and warns, a few seconds after the load, that the preload went unused.
 */
async function expectPreloadsUsed(page: Page): Promise<void> {
  const unused = await page.evaluate(() => {
    const sheets = new Map(
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map(
        (link) => [link.href, link.getAttribute('crossorigin')],
      ),
    );
    return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]'))
      .filter(
        (link) =>
          !sheets.has(link.href) || sheets.get(link.href) !== link.getAttribute('crossorigin'),
      )
      .map((link) => `${link.href} crossorigin=${String(link.getAttribute('crossorigin'))}`);
  });
  expect(unused).toEqual([]);
}

test('a customer goes through the main screens with a clean console and no refused call', async ({
  page,
}) => {
  // Six screens one after the other: more than one screen's time.
  test.setTimeout(120_000);
  const other = await tokensFor(page, 'other.customer@example.com');
  const messages = watch(page);
  const session = await signIn(page, 'customer@example.com');
  const home = `/users/${session.user.id}`;

  await page.goto(`${home}/dashboard`);
  await expect(page.getByTestId('prospect-card').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('load');
  await expectPreloadsUsed(page);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(new RegExp(`${home}/campaigns$`));
  const firstCampaign = page.getByRole('table', { name: 'Campaigns' }).getByRole('link').first();
  await firstCampaign.click();
  await expect(page).toHaveURL(new RegExp(`${home}/campaigns/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await nav.getByRole('link', { name: /^Inbox/ }).click();
  await expect(page).toHaveURL(new RegExp(`${home}/inbox$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`${home}/user/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('load');
  await expectPreloadsUsed(page);

  // Another user's address: the app sends the customer to their own, without asking for the other's data.
  await page.goto(`/users/${other.user.id}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`${home}/dashboard$`));
  await expect(page.getByTestId('prospect-card').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('load');

  expect(messages).toEqual([]);
});
