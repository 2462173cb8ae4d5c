import { createRequire } from 'node:module';
import { APP_VERSION, DEMO_PASSWORD, signIn, type SignedIn } from '../support/session';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The dashboard and the prospect detail modal against the real server with the demo data (§2, §4, §5).
 * Sign-in goes through the real token call; the tokens are handed to the app once per test.
 */

/** §3 export sheet columns, in order, as the sheet names them in the user's language. */
const EXPORT_HEADERS = {
  fr: [
    'Civilité',
    'Prénom',
    'Nom',
    'E-mail',
    'Téléphone',
    'LinkedIn',
    'Site web de l’entreprise',
    'Référence',
    'Adresse de l’entreprise',
    'Entreprise',
    'Poste',
    'Campagne',
    'Statut',
    'Tags',
    'Dernier commentaire',
    'Étiquette de la dernière réponse',
  ],
  en: [
    'Title',
    'First name',
    'Last name',
    'E-mail',
    'Phone',
    'LinkedIn',
    'Company website',
    'Reference',
    'Company address',
    'Company name',
    'Position',
    'Campaign',
    'Status',
    'Tags',
    'Last comment',
    'Label of the last answer',
  ],
};

function column(page: Page, id: 'ongoing' | 'to_call' | 'to_nurture' | 'new_opportunity') {
  return page.getByTestId(`dashboard-column-${id}`);
}

async function openDashboard(page: Page, userId: number) {
  await page.goto(`/users/${userId}/dashboard`);
  await expect(page.getByTestId('prospect-card').first()).toBeVisible({ timeout: 15_000 });
}

/** Narrows the board to one prospect (cards are virtualised: a search makes the card certain to be rendered). */
async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', {
    name: 'Search by first name, last name, company or position',
  });
  await box.fill(text);
}

/**
 * Closes the prospect modal with Escape: the §9 toasts sit top-right, over the modal's close button,
 * and a toast under the pointer pauses (§9 pause on hover), so a click there would hit the toast.
 */
async function closeModal(modal: Locator) {
  await modal.press('Escape');
  await expect(modal).toBeHidden();
}

async function firstCardName(page: Page, columnId: 'ongoing' | 'to_call') {
  const card = column(page, columnId).getByTestId('prospect-card').first();
  await expect(card).toBeVisible();
  const name = (await card.getAttribute('data-prospect-name')) ?? '';
  expect(name).not.toBe('');
  return { card, name };
}

test.describe('dashboard and prospect detail', () => {
  test('the customer converts a prospect from the modal; the card moves to new opportunities and stays after a reload', async ({
    page,
  }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await openDashboard(page, user.id);

    const { name } = await firstCardName(page, 'ongoing');
    await search(page, name);
    await column(page, 'ongoing')
      .getByTestId('prospect-card')
      .filter({ hasText: name })
      .first()
      .click();

    const modal = page.getByRole('dialog', { name });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Convert', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Mark ${name} as a new opportunity?`);
    await confirm.getByRole('button', { name: 'Yes' }).click();

    await expect(page.getByText('The status is now “New opportunity”.')).toBeVisible();
    await expect(modal.getByTestId('prospect-status')).toHaveText('New opportunity');
    await closeModal(modal);

    await expect(
      column(page, 'new_opportunity').getByTestId('prospect-card').filter({ hasText: name }),
    ).toHaveCount(1);
    await expect(
      column(page, 'ongoing').getByTestId('prospect-card').filter({ hasText: name }),
    ).toHaveCount(0);

    await page.reload();
    await search(page, name);
    await expect(
      column(page, 'new_opportunity').getByTestId('prospect-card').filter({ hasText: name }),
    ).toHaveCount(1);
    await expect(
      column(page, 'ongoing').getByTestId('prospect-card').filter({ hasText: name }),
    ).toHaveCount(0);
  });

  test('a comment with only an activity is saved; an empty comment shows the error', async ({
    page,
  }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await openDashboard(page, user.id);
    const { name } = await firstCardName(page, 'to_call');
    await search(page, name);
    await column(page, 'to_call')
      .getByTestId('prospect-card')
      .filter({ hasText: name })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name });
    await expect(modal).toBeVisible();

    const comments = modal.getByTestId('comment-list');
    const before = await comments.getByTestId('comment').count();

    await modal.getByRole('button', { name: 'Add the comment' }).click();
    await expect(modal.getByText('Either content or activity must be provided')).toBeVisible();
    await expect(comments.getByTestId('comment')).toHaveCount(before);

    await modal.getByRole('combobox', { name: 'Activity' }).click();
    await page.getByRole('option', { name: 'Wrong number' }).click();
    await modal.getByRole('button', { name: 'Add the comment' }).click();

    await expect(page.getByText('The comment has been added.')).toBeVisible();
    await expect(modal.getByText('Either content or activity must be provided')).toHaveCount(0);
    await expect(comments.getByTestId('comment')).toHaveCount(before + 1);
    await expect(comments.getByTestId('comment').first()).toContainText('Wrong number');

    // Saved on the server: it is still there once the modal is opened again after a reload.
    await page.reload();
    await search(page, name);
    await column(page, 'to_call')
      .getByTestId('prospect-card')
      .filter({ hasText: name })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name }).getByTestId('comment')).toHaveCount(before + 1);
  });

  test('staff exports the dashboard as an .xlsx whose header row is the export columns', async ({
    page,
  }) => {
    const staff = await signIn(page, 'staff@example.com');
    expect(staff.user.is_staff).toBe(true);
    const customer = await page.request.post('/api/v2/auth/token/get', {
      data: { email: 'customer@example.com', password: DEMO_PASSWORD },
      headers: { 'X-App-Version': APP_VERSION },
    });
    const customerId = ((await customer.json()) as SignedIn).user.id;

    await openDashboard(page, customerId);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();

    const requireFromApi = createRequire(
      fileURLToPath(new URL('../../apps/api/package.json', import.meta.url)),
    );
    const ExcelJS = requireFromApi('exceljs') as {
      Workbook: new () => {
        xlsx: { readFile(path: string): Promise<unknown> };
        worksheets: { getRow(n: number): { values: unknown[] }; rowCount: number }[];
      };
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0];
    expect(sheet).toBeDefined();
    const header = (sheet?.getRow(1).values ?? []).slice(1).map((v) => String(v).trim());
    expect([EXPORT_HEADERS.fr, EXPORT_HEADERS.en]).toContainEqual(header);
    expect(sheet?.rowCount ?? 0).toBeGreaterThan(1);
  });

  test('a refused status change rolls back and says so', async ({ page }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await openDashboard(page, user.id);
    const { name } = await firstCardName(page, 'ongoing');
    await search(page, name);

    // The answer is held until the optimistic move has been seen (a fixed delay can pass unseen on a loaded
    // machine), then refused.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/prospects/*/status', async (route) => {
      await seen;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'This transition is not allowed.' }),
      });
    });

    await column(page, 'ongoing')
      .getByTestId('prospect-card')
      .filter({ hasText: name })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name });
    const status = modal.getByTestId('prospect-status');
    await expect(status).toHaveText(/^(Pending|Ongoing)$/);
    const before = (await status.textContent()) ?? '';
    await modal.getByRole('button', { name: 'Lose', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();

    // Optimistic: the modal shows the new status at once…
    await expect(status).toHaveText('Lost');
    release();
    // …then the refusal rolls it back, with a message saying so.
    await expect(
      page.getByText(
        `The server refused this status change (the prospect may have changed meanwhile). The prospect is back to “${before}”.`,
      ),
    ).toBeVisible();
    await expect(status).toHaveText(before);
    await expect(modal.getByTestId('status-rollback')).toContainText(
      `The change was undone: the prospect is back to “${before}”.`,
    );
    await closeModal(modal);
    await expect(
      column(page, 'ongoing').getByTestId('prospect-card').filter({ hasText: name }),
    ).toHaveCount(1);
  });
});
