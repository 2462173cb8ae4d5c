import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * The integrations tab against the real server with the demo data (issue 13, §2, §4, §7, §8): the live check of a
 * mailbox says when its server cannot be reached, and an unused LinkedIn account is validated with its cookie.
 */

test.describe('integrations', () => {
  test('the customer adds an Other account whose IMAP server cannot be reached: the toast says so, the form keeps its values', async ({ page }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await page.goto(`/users/${user.id}/user/profile`);
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/user/integrations$`));
    const emailTable = page.getByRole('table', { name: 'E-mail accounts' });
    await expect(emailTable.getByText('julien.moreau@moreau-solutions-rh.fr')).toBeVisible();

    await page.getByRole('button', { name: 'Add an email account' }).click();
    const modal = page.getByRole('dialog', { name: 'Add an email account' });
    await modal.getByRole('button', { name: 'Other', exact: true }).click();
    const form = modal.getByRole('form', { name: 'Your Other mailbox' });
    await form.getByLabel(/^E-mail address/).fill('ventes@moreau-solutions-rh.fr');
    await form.getByLabel(/^Password/).first().fill('a-mailbox-password');
    // Nothing listens on port 1 of this machine: the server's live check cannot reach it.
    await form.getByLabel(/^SMTP server/).fill('127.0.0.1');
    await form.getByLabel(/^SMTP port/).fill('1');
    await form.getByLabel(/^IMAP server/).fill('127.0.0.1');
    await form.getByLabel(/^IMAP port/).fill('1');
    await form.getByRole('button', { name: 'Add the account' }).click();

    const unreachable = 'The IMAP server could not be reached. Check the server address, the port and the SSL setting.';
    await expect(page.locator('[data-sonner-toast]').getByText(unreachable)).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText(unreachable);
    await expect(form.getByLabel(/^E-mail address/)).toHaveValue('ventes@moreau-solutions-rh.fr');
    await expect(modal).toBeVisible();
    await expect(emailTable.getByText('ventes@moreau-solutions-rh.fr')).toHaveCount(0);
  });

  test('Gmail is not configured on this server: the modal says so and opens no window', async ({ page }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await page.goto(`/users/${user.id}/user/integrations`);
    await page.getByRole('button', { name: 'Add an email account' }).click();
    const modal = page.getByRole('dialog', { name: 'Add an email account' });
    let popups = 0;
    page.on('popup', () => popups++);
    await modal.getByRole('button', { name: 'Gmail', exact: true }).click();
    await expect(modal.getByTestId('sign-in-failed')).toContainText('Signing in with this provider is not configured on this server.');
    expect(popups).toBe(0);
  });

  test('the customer validates the unused LinkedIn account with its session cookie', async ({ page }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await page.goto(`/users/${user.id}/user/integrations`);
    const table = page.getByRole('table', { name: 'LinkedIn accounts' });
    const row = table.getByRole('row').filter({ hasText: 'Julien Moreau (compte secondaire)' });
    await expect(row.getByTestId('linkedin-account-state')).toHaveAttribute('data-state', 'pending');
    await row.getByRole('button', { name: 'Validate Julien Moreau (compte secondaire)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Validate the LinkedIn account Julien Moreau (compte secondaire)' });
    await dialog.getByLabel(/^Session cookie/).first().fill('AQEDARe2e-session-cookie-value-9876');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v2/integrations/linkedin/connection'));
    await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
    // The cookie never comes back in clear: a mask with its last 4 characters.
    expect(((await (await answer).json()) as { session_cookie: string | null }).session_cookie).toBe('••••9876');
    await expect(page.getByText('The LinkedIn account Julien Moreau (compte secondaire) is validated.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('linkedin-account-state')).toHaveAttribute('data-state', 'valid');
    await expect(row.getByRole('button', { name: /^Validate/ })).toHaveCount(0);
  });
});
