import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { closeUnreadAnswers } from '../support/session';

/**
 * Sign-in, session and shell against the real server with the demo data (§2, §4, §5, §6, §8).
 * The access token lives 15 s here (ACCESS_TOKEN_TTL in playwright.config.ts), so silent refreshes happen for real.
 */

const PASSWORD = 'prospecta-demo';
const APP_VERSION = '2.3.5';
const STAFF = 'staff@example.com';
const CUSTOMER = 'customer@example.com';
const OTHER = 'other.customer@example.com';

/** English UI and the tutorial already seen (a test of the tutorial sets its own state). */
async function prepare(context: BrowserContext, options: { locale?: 'en' | 'fr' } = {}) {
  await context.addInitScript(
    ([locale, version]) => {
      if (sessionStorage.getItem('e2e.prepared') === null) {
        localStorage.setItem('prospecta.locale', locale);
        localStorage.setItem('prospecta.appVersion', version);
        sessionStorage.setItem('e2e.prepared', '1');
      }
    },
    [options.locale ?? 'en', APP_VERSION] as const,
  );
}

async function newPreparedPage(browser: Browser, options: { locale?: 'en' | 'fr' } = {}) {
  const context = await browser.newContext();
  await prepare(context, options);
  return { context, page: await context.newPage() };
}

function loginForm(page: Page) {
  return page.getByRole('form', { name: 'Sign in' });
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('E-mail address').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function userIdOf(page: Page, email: string): Promise<number> {
  const response = await page.request.post('/api/v2/auth/token/get', {
    data: { email, password: PASSWORD },
    headers: { 'X-App-Version': APP_VERSION },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: { id: number } }).user.id;
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

test.describe('sign-in and session', () => {
  test.beforeEach(async ({ context }) => {
    await prepare(context);
  });

  test('a wrong password shows Invalid Credentials under the form', async ({ page }) => {
    await logIn(page, CUSTOMER, 'not-the-password');
    // The password check (scrypt, 128 MB) alone takes seconds on a loaded machine.
    await expect(loginForm(page).getByRole('alert')).toHaveText('Invalid Credentials', {
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the form asks for the missing fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await loginForm(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(loginForm(page).getByText('Required')).toHaveCount(2);
  });

  test('the customer logs in and lands on their dashboard; the public pages send them back home', async ({
    page,
  }) => {
    await logIn(page, CUSTOMER);
    // Customers with unread answers get them in a modal after the form's sign-in.
    await closeUnreadAnswers(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu of Julien Moreau' })).toBeVisible();
    // Customers have no user search and no AI link.
    await expect(sidebar(page).getByRole('combobox')).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'AI campaign wizard' })).toHaveCount(0);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
  });

  test('a customer is forced back to their own id; staff-only areas are closed to them', async ({
    page,
  }) => {
    // Three password checks and five page loads: 37 s seen on a loaded machine.
    test.setTimeout(60_000);
    const ownId = await userIdOf(page, CUSTOMER);
    const otherId = await userIdOf(page, OTHER);
    await logIn(page, CUSTOMER);
    // Customers with unread answers get them in a modal after the form's sign-in.
    await closeUnreadAnswers(page);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();

    await page.goto(`/users/${otherId}/dashboard`);
    await expect(page).toHaveURL(new RegExp(`/users/${ownId}/dashboard$`));
    await page.goto(`/users/${otherId}/user/profile`);
    await expect(page).toHaveURL(new RegExp(`/users/${ownId}/user/profile$`));
    await expect(page.getByRole('heading', { name: 'Account of Julien Moreau' })).toBeVisible();

    await page.goto('/ai-wizard');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the staff user switches to another customer from the sidebar search', async ({ page }) => {
    const customerId = await userIdOf(page, CUSTOMER);
    await logIn(page, STAFF);
    // Staff who have not chosen a customer yet land on the customer picker.
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a customer' })).toBeVisible();

    const search = sidebar(page).getByRole('combobox', { name: 'Show the data of' });
    await search.fill('Moreau');
    await page.getByRole('option', { name: /Julien Moreau/ }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${customerId}/dashboard$`));
    await expect(
      sidebar(page).getByText('You are viewing the data of Julien Moreau.'),
    ).toBeVisible();
    // The badge count is only for the logged-in user's own view.
    await expect(sidebar(page).getByRole('link', { name: /Inbox/ })).toContainText('?');

    // The user segment is rewritten on every page of the user area.
    await sidebar(page).getByRole('link', { name: 'Campaigns' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${customerId}/campaigns$`));
    await search.fill('Clarke');
    await page.getByRole('option', { name: /Emma Clarke/ }).click();
    await expect(page).toHaveURL(/\/users\/\d+\/campaigns$/);
    await expect(page).not.toHaveURL(new RegExp(`/users/${customerId}/`));
  });

  test('the whole reset flow through the dev outbox, then back to the demo password from the profile', async ({
    page,
  }) => {
    // Seven password hashes or checks (scrypt, 128 MB each), seconds each on a loaded machine, where 30 s were short.
    test.setTimeout(60_000);
    await page.goto('/login');
    await loginForm(page).getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);

    const resetForm = page.getByRole('form', { name: 'Reset your password' });
    await resetForm.getByLabel('E-mail address').fill('not an address');
    await resetForm.getByRole('button', { name: 'Send the link' }).click();
    await expect(resetForm.getByText('The email address does not seem valid.')).toBeVisible();

    const since = Date.now();
    await resetForm.getByLabel('E-mail address').fill(OTHER);
    await resetForm.getByRole('button', { name: 'Send the link' }).click();
    await expect(resetForm.getByRole('status')).toContainText(
      'If an account exists for this address',
    );

    let link = '';
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/dev/outbox');
        const mails = (await response.json()) as Array<{
          to: string;
          text: string;
          created_at: string;
        }>;
        const mail = mails
          .filter((m) => m.to === OTHER && Date.parse(m.created_at) >= since - 5_000)
          .at(-1);
        link = /https?:\/\/[^\s]+\/change-password\?code=[^\s]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const { pathname, search } = new URL(link);

    const temporary = 'brand-new-password-42';
    await page.goto(`${pathname}${search}`);
    const changeForm = page.getByRole('form', { name: 'Choose a new password' });
    await changeForm.getByRole('textbox', { name: 'New password', exact: true }).fill(temporary);
    await changeForm
      .getByRole('textbox', { name: 'Confirm the new password', exact: true })
      .fill(`${temporary}-typo`);
    await changeForm.getByRole('button', { name: 'Save the new password' }).click();
    await expect(changeForm.getByText('The passwords do not match')).toBeVisible();
    await changeForm
      .getByRole('textbox', { name: 'Confirm the new password', exact: true })
      .fill(temporary);
    await changeForm.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Your password has been changed. You can now sign in with it.',
    );

    // The link is single use: opened again, the page says so at once, with no form to fill in.
    await page.goto(`${pathname}${search}`);
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
    await expect(page.getByRole('form', { name: 'Choose a new password' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

    await logIn(page, OTHER, PASSWORD);
    await expect(loginForm(page).getByRole('alert')).toHaveText('Invalid Credentials');
    await logIn(page, OTHER, temporary);
    // Customers with unread answers get them in a modal after the form's sign-in.
    await closeUnreadAnswers(page);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();

    // Back to the demo password through the profile form (per-field server error first).
    await page.getByRole('button', { name: 'Account menu of Emma Clarke' }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    const profileForm = page.getByRole('form', { name: 'Change my password' });
    await profileForm
      .getByRole('textbox', { name: 'Current password', exact: true })
      .fill('wrong-current-password');
    await profileForm.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
    await profileForm
      .getByRole('textbox', { name: 'Confirm the new password', exact: true })
      .fill(PASSWORD);
    await profileForm.getByRole('button', { name: 'Change the password' }).click();
    await expect(
      profileForm.getByRole('textbox', { name: 'Current password', exact: true }),
    ).toHaveAttribute('aria-invalid', 'true');
    await profileForm
      .getByRole('textbox', { name: 'Current password', exact: true })
      .fill(temporary);
    await profileForm.getByRole('button', { name: 'Change the password' }).click();
    // The current password checked, then the new one hashed.
    await expect(page.getByText('Your password has been changed.', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    expect(await userIdOf(page, OTHER)).toBeGreaterThan(0);
  });

  test('an expired access token is refreshed silently', async ({ page }) => {
    // 17 s of it wait for the token to expire.
    test.setTimeout(60_000);
    await logIn(page, STAFF);
    // Staff who have not chosen a customer yet land on the customer picker (the sign-in's password check is slow on
    // a loaded machine).
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a customer' })).toBeVisible({
      timeout: 15_000,
    });
    const firstToken = await page.evaluate(() => localStorage.getItem('prospecta.token'));
    expect(firstToken).toBeTruthy();

    // Longer than the 15 s access-token lifetime of the e2e server.
    await page.waitForTimeout(17_000);
    const search = sidebar(page).getByRole('combobox', { name: 'Show the data of' });
    await search.fill('Clarke');
    await expect(page.getByRole('option', { name: /Emma Clarke/ })).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('prospecta.token')))
      .not.toBe(firstToken);
    await expect(page.getByTestId('refreshing-session')).toHaveCount(0);
  });

  test('signing out in one tab signs the other tab out', async ({ context }) => {
    const first = await context.newPage();
    await logIn(first, CUSTOMER);
    // Customers with unread answers get them in a modal after the form's sign-in.
    await closeUnreadAnswers(first);
    await expect(first.getByTestId('dashboard-page')).toBeVisible();

    const second = await context.newPage();
    await second.goto('/');
    await expect(second.getByTestId('dashboard-page')).toBeVisible();

    await first.getByRole('button', { name: 'Account menu of Julien Moreau' }).click();
    await first.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(first).toHaveURL(/\/login$/);
    await expect(second).toHaveURL(/\/login$/);
    await expect(loginForm(second)).toBeVisible();
    expect(
      await second.evaluate(() => [
        localStorage.getItem('prospecta.token'),
        localStorage.getItem('prospecta.refreshToken'),
      ]),
    ).toEqual([null, null]);
  });

  test('the language switch changes the visible strings and survives a reload', async ({
    page,
  }) => {
    await logIn(page, CUSTOMER);
    // Customers with unread answers get them in a modal after the form's sign-in.
    await closeUnreadAnswers(page);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('radio', { name: 'Français' }).click();
    await expect(
      page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Tableau de bord' }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Menu du compte de Julien Moreau' }),
    ).toBeVisible();
    await expect(page.getByText('Dashboard', { exact: true })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.reload();
    await expect(
      page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Campagnes' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Menu du compte de Julien Moreau' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page.getByRole('form', { name: 'Connexion' })).toBeVisible();
    await page.getByRole('radio', { name: 'English' }).click();
    await expect(loginForm(page)).toBeVisible();
  });
});

test.describe('first visit of a version', () => {
  test('the new-features tutorial shows until finished or skipped, and reopens from the sidebar', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      if (sessionStorage.getItem('e2e.prepared') === null) {
        localStorage.setItem('prospecta.locale', 'en');
        localStorage.setItem('prospecta.appVersion', '2.2.9');
        sessionStorage.setItem('e2e.prepared', '1');
      }
    });
    const page = await context.newPage();
    await logIn(page, CUSTOMER);
    const tutorial = page.getByRole('dialog', { name: 'New features in version 2.3.5' });
    // After the password check and the signed-in area's first load, both seconds long on a loaded machine.
    await expect(tutorial).toBeVisible({ timeout: 15_000 });
    await tutorial.getByRole('button', { name: 'Skip' }).click();
    await expect(tutorial).toHaveCount(0);
    // The unread answers wait for the tutorial, then show.
    await closeUnreadAnswers(page);
    expect(await page.evaluate(() => localStorage.getItem('prospecta.appVersion'))).toBe(
      APP_VERSION,
    );

    await page.reload();
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await expect(tutorial).toHaveCount(0);
    await sidebar(page).getByRole('button', { name: 'New features' }).click();
    await expect(tutorial).toBeVisible();
    await tutorial.getByRole('button', { name: 'Next' }).click();
    await tutorial.getByRole('button', { name: 'Next' }).click();
    await tutorial.getByRole('button', { name: 'Got it' }).click();
    await expect(tutorial).toHaveCount(0);
    await context.close();
  });

  test('unknown pages show Page not found with back and home links', async ({ browser }) => {
    const { context, page } = await newPreparedPage(browser);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    // Signed out: home sends to the login page.
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });
});
