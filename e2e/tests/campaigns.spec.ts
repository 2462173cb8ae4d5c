import { expect, test, type Page } from '@playwright/test';
import { APP_VERSION, DEMO_PASSWORD, signIn } from '../support/session';

/**
 * The campaigns list and the campaign detail against the real server with the demo data (§2, §4, §6).
 */

interface Campaign {
  id: number;
  name: string;
  is_active: boolean;
  user: { id: number };
}

async function campaignsOf(page: Page, access: string, userId: number): Promise<Campaign[]> {
  const response = await page.request.get(`/api/v1/users/${userId}/campaigns`, {
    headers: { Authorization: `Bearer ${access}`, 'X-App-Version': APP_VERSION },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { campaigns: Campaign[] }).campaigns;
}

const byName = (a: Campaign, b: Campaign) =>
  new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare(a.name, b.name) ||
  a.id - b.id;

test.describe('campaigns', () => {
  test('the customer opens Campaigns from the sidebar: sorted by name with the count; a row expands to steps and rates', async ({
    page,
  }) => {
    const { user, access } = await signIn(page, 'customer@example.com');
    const campaigns = [...(await campaignsOf(page, access, user.id))].sort(byName);
    await page.goto(`/users/${user.id}/dashboard`);
    await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Campaigns' })).toBeVisible();
    await expect(page.getByTestId('campaigns-count')).toHaveText(
      `${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'}`,
    );
    const table = page.getByRole('table', { name: 'Campaigns' });
    await expect(table.getByRole('link')).toHaveText(campaigns.map((c) => c.name));

    const first = campaigns[0]!;
    await page.getByRole('button', { name: `Show the steps of ${first.name}` }).click();
    const steps = page.getByTestId('campaign-step');
    await expect(steps.first()).toBeVisible();
    await expect(steps.first()).toContainText(/\d+\.\d{2}%/);
  });

  test('the customer opens a campaign, uses the table (sort, page size, paging) and converts a prospect from the modal', async ({
    page,
  }) => {
    const { user, access } = await signIn(page, 'customer@example.com');
    const campaign = [...(await campaignsOf(page, access, user.id))].sort(byName)[0]!;
    await page.goto(`/users/${user.id}/campaigns`);
    await page.getByRole('link', { name: campaign.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
    await expect(page.getByTestId('prospect-card').first()).toBeVisible({ timeout: 15_000 });

    // Convert the first ongoing prospect from the modal: it moves to the converted column.
    const card = page.getByTestId('campaign-column-ongoing').getByTestId('prospect-card').first();
    const name = (await card.getAttribute('data-prospect-name')) ?? '';
    await page
      .getByRole('searchbox', { name: 'Search by first name, last name, company or position' })
      .fill(name);
    await page
      .getByTestId('campaign-column-ongoing')
      .getByTestId('prospect-card')
      .filter({ hasText: name })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Convert', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(modal.getByTestId('prospect-status')).toHaveText('New opportunity');
    await page.keyboard.press('Escape');
    await expect(
      page
        .getByTestId('campaign-column-converted')
        .getByTestId('prospect-card')
        .filter({ hasText: name }),
    ).toHaveCount(1);
    await page
      .getByRole('searchbox', { name: 'Search by first name, last name, company or position' })
      .fill('');

    await page.getByRole('button', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Prospects of the campaign' });
    await expect(table).toBeVisible();
    await page.getByRole('button', { name: /^Last name/ }).click();
    await expect(page.getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const lastNames = await table.locator('tbody tr td:nth-child(4)').allTextContents();
    const sorted = [...lastNames].sort(
      new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare,
    );
    expect(lastNames).toEqual(sorted);
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '50' }).click();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    const status = await page.getByText(/^Page 1 of \d+$/).textContent();
    if (status !== 'Page 1 of 1') {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    }
  });

  test('staff refresh an active campaign, export it, and are redirected from a wrong user to the owner', async ({
    page,
  }) => {
    const customer = await page.request.post('/api/v2/auth/token/get', {
      data: { email: 'customer@example.com', password: DEMO_PASSWORD },
      headers: { 'X-App-Version': APP_VERSION },
    });
    const customerBody = (await customer.json()) as {
      access: string;
      user: { id: number; full_name: string };
    };
    const campaign = (await campaignsOf(page, customerBody.access, customerBody.user.id)).find(
      (c) => c.is_active,
    )!;
    const { user: staff } = await signIn(page, 'staff@example.com');

    await page.goto(`/users/${customerBody.user.id}/campaigns/${campaign.id}`);
    await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
    await page.getByRole('button', { name: 'Refresh the campaign' }).click();
    await expect(page.getByText('The campaign has been refreshed.')).toBeVisible();
    await expect(page.getByTestId('campaign-last-update')).toHaveText(
      /^Last update: \d{2} \w+ \d{4} - \d{2}:\d{2}$/,
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    // The campaign under the staff member's own id: the app goes to the owner's campaigns list.
    await page.goto(`/users/${staff.id}/campaigns/${campaign.id}`);
    await expect(page).toHaveURL(new RegExp(`/users/${customerBody.user.id}/campaigns$`));
    // Staff read whose campaigns these are.
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: `${customerBody.user.full_name}’s campaigns`,
      }),
    ).toBeVisible();
  });
});
