import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * The local mail catcher (on in CI): a mail the server sends is caught, and staff read it on the Caught mails page
 * (docs/decisions/0177-local-mail-catcher.md, 0178-caught-mails-page.md).
 */
test('a password-reset mail is caught, and staff read it on the Caught mails page', async ({
  page,
}) => {
  const to = 'other.customer@example.com';
  const reset = await page.request.post('/api/user/reset-password', {
    data: { email: to },
    headers: { 'X-App-Version': '2.3.5' },
  });
  expect(reset.status()).toBe(204);

  await signIn(page, 'staff@example.com');
  await page.goto('/');
  await page.getByRole('link', { name: 'Caught mails' }).click();
  await expect(page).toHaveURL(/\/staff\/caught-mails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Caught mails' })).toBeVisible();

  // Newest first: the reset mail just sent (the job may take a moment).
  const row = page
    .getByTestId('caught-mail-row')
    .filter({ hasText: `To: ${to}` })
    .first();
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await row.click();
  await expect(page).toHaveURL(/\/staff\/caught-mails\/\d+$/);
  const mail = page.getByTestId('caught-mail');
  await expect(mail.getByTestId('caught-mail-text')).toContainText('/change-password?code=');
  await expect(mail.getByTestId('caught-mail-headers')).toContainText('Message-ID');
});

test('a customer has neither the link nor the page', async ({ page }) => {
  await signIn(page, 'customer@example.com');
  await page.goto('/staff/caught-mails');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('link', { name: 'Caught mails' })).toHaveCount(0);
});
