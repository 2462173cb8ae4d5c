import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { APP_VERSION, signIn, tokensFor } from '../support/session';

/**
 * The import of prospects against the real server (docs/decisions/0115-import-of-prospects.md): staff choose a
 * customer, open a campaign, upload a CSV of 500 rows of which 12 are bad, see 488 valid and 12 refused rows, download
 * the report of the refused rows, commit, and the customer then finds the prospects in the campaign.
 */

interface Campaign {
  id: number;
  name: string;
}

async function campaignsOf(page: Page, access: string, userId: number): Promise<Campaign[]> {
  const response = await page.request.get(`/api/v1/users/${userId}/campaigns`, {
    headers: { Authorization: `Bearer ${access}`, 'X-App-Version': APP_VERSION },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { campaigns: Campaign[] }).campaigns;
}

async function prospectCount(page: Page, access: string, campaignId: number): Promise<number> {
  const response = await page.request.get(`/api/v2/campaigns/${campaignId}`, {
    headers: { Authorization: `Bearer ${access}`, 'X-App-Version': APP_VERSION },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { prospects: unknown[] }).prospects.length;
}

/**
 * 500 rows under French headers, separated by semicolons: 488 good ones, 6 invalid addresses, 3 without an address
 * and 3 repeating an earlier row's address. The addresses carry `stamp`, so that no other campaign holds them.
 */
function prospectsCsv(stamp: string): { csv: string; refusedRows: number[] } {
  const lines = ['Prénom;Nom;E-mail;Société;Poste;Étiquettes'];
  const refusedRows: number[] = [];
  for (let n = 1; n <= 500; n += 1) {
    let email = `import.${stamp}.${n}@example.com`;
    if (n % 40 === 0 && n <= 240)
      email = `not-an-address-${n}`; // 6 rows: 40, 80, …, 240
    else if (n % 40 === 20 && n <= 100)
      email = ''; // 3 rows: 20, 60, 100
    else if (n >= 498) email = `import.${stamp}.${n - 410}@example.com`; // 3 rows repeat 88, 89, 90’s
    if (n % 40 === 0 && n <= 240) refusedRows.push(n + 1);
    else if (n % 40 === 20 && n <= 100) refusedRows.push(n + 1);
    else if (n >= 498) refusedRows.push(n + 1);
    lines.push(`Importé${n};Essai${stamp};${email};Société ${n};Directrice;import, e2e`);
  }
  return { csv: `${lines.join('\r\n')}\r\n`, refusedRows };
}

test.describe('imports of prospects', () => {
  test('staff import a CSV of 500 rows into a customer’s campaign: 488 stored, 12 refused in the report; the customer sees them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = String(Date.now());
    const { csv, refusedRows } = prospectsCsv(stamp);
    expect(refusedRows).toHaveLength(12);

    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    const customer = await tokensFor(customerPage, 'customer@example.com');
    const campaign = (await campaignsOf(customerPage, customer.access, customer.user.id))[0]!;
    const before = await prospectCount(customerPage, customer.access, campaign.id);

    // Staff choose the customer in the sidebar, then open the campaign.
    await signIn(page, 'staff@example.com');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a customer' })).toBeVisible();
    const lastName = customer.user.full_name.split(' ').at(-1)!;
    await page.getByRole('combobox', { name: 'Show the data of' }).fill(lastName);
    await page.getByRole('option', { name: new RegExp(customer.user.full_name) }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${customer.user.id}/dashboard$`));
    await page.goto(`/users/${customer.user.id}/campaigns`);
    await page.getByRole('link', { name: campaign.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();

    // Upload: the server reads the file and matches the French headers.
    const panel = page.getByTestId('imports-panel');
    await panel.getByRole('button', { name: 'Import prospects' }).click();
    await panel.getByTestId('file-drop-input').setInputFiles({
      name: 'prospects.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const detail = panel.getByTestId('import-detail');
    await expect(detail).toHaveAttribute('data-state', 'mapping', { timeout: 30_000 });
    await expect(panel.getByTestId('import-file-summary')).toHaveText(
      'CSV file “prospects.csv”: 500 rows, 6 columns.',
    );
    await expect(panel.getByRole('combobox', { name: 'E-mail' })).toHaveText('E-mail');
    await expect(panel.getByRole('combobox', { name: 'Société' })).toHaveText('Company');
    await expect(panel.getByTestId('import-preview').locator('tbody tr')).toHaveCount(20);

    // Validation: every row checked.
    await panel.getByRole('button', { name: 'Check the rows' }).click();
    await expect(detail).toHaveAttribute('data-state', 'validated', { timeout: 60_000 });
    await expect(panel.getByTestId('import-valid-count')).toHaveText('488 valid rows');
    await expect(panel.getByTestId('import-refused-count')).toHaveText('12 refused rows');
    await expect(panel.getByTestId('import-reasons').getByRole('listitem')).toHaveText([
      'No e-mail address: 3',
      'Not an e-mail address: 6',
      'Same e-mail as an earlier row: 3',
    ]);

    // The report: a header and the 12 refused rows, with their numbers in the file.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download the refused rows (CSV)' }).click();
    const file = await (await download).path();
    const report = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const rows = report.split(/\r?\n/).filter((line) => line !== '');
    expect(rows).toHaveLength(13);
    expect(rows.slice(1).map((line) => Number(line.split(',')[0]!.replace(/"/g, '')))).toEqual(
      refusedRows,
    );

    // Commit: the progress, then the counts.
    await panel.getByRole('button', { name: 'Import 488 prospects' }).click();
    await expect(detail).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await expect(panel.getByTestId('import-done')).toContainText(
      '488 prospects were added to the campaign; 12 rows were refused.',
    );

    // The staff's page reads the campaign again once the import is done.
    await expect(page.getByTestId('campaign-summary')).toHaveText(`${before + 488} prospects`);

    // The customer sees them in the campaign.
    // Access tokens live 15 seconds on the end-to-end server: a fresh one.
    const again = await tokensFor(customerPage, 'customer@example.com');
    // Another user's list may be served once from before the change while it is rebuilt (http/list-cache.ts).
    await expect
      .poll(() => prospectCount(customerPage, again.access, campaign.id))
      .toBe(before + 488);
    await customerContext.close();
    const customerView = await browser.newContext();
    const view = await customerView.newPage();
    await signIn(view, 'customer@example.com');
    await view.goto(`/users/${customer.user.id}/campaigns/${campaign.id}`);
    await expect(view.getByTestId('campaign-summary')).toHaveText(`${before + 488} prospects`, {
      timeout: 15_000,
    });
    await expect(view.getByTestId('imports-panel')).toHaveCount(0);
    await view
      .getByRole('searchbox', { name: 'Search by first name, last name, company or position' })
      .fill(`Essai${stamp}`);
    await expect(view.getByTestId('campaign-summary')).toHaveText(
      `488 prospects shown out of ${before + 488}`,
    );
    await customerView.close();
  });
});
