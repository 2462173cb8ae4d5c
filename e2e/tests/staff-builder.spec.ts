import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { APP_VERSION, signIn, tokensFor } from '../support/session';

/**
 * The campaign builder against the real server (docs/decisions/0120-builder-draft-in-the-address.md): staff choose a
 * customer in the sidebar and build a campaign through the five steps (settings with the customer's mailbox, the brief
 * pre-filled from the questionnaire, the draft sequence, a landing page linked from an e-mail, the summary), import
 * 500 rows of which 12 are refused into its audience from the summary, download the refused rows, and launch; the
 * customer then finds the campaign, its sequence read-only and its prospects.
 *
 * The customer's onboarding questionnaire is the brief's source. onboarding.spec.ts expects to fill it while it is
 * still empty, so this file runs after it (files run in name order on the suite's one worker) and, run alone, saves
 * one itself when there is none. The campaign's name starts with "Zz" so that it sorts after the demo campaigns the
 * other files open by name.
 */

const headers = { 'X-App-Version': APP_VERSION };

/** The customer's latest questionnaire, saved by staff first when there is none. */
async function questionnaireOf(page: Page, access: string, userId: number): Promise<string> {
  const auth = { ...headers, Authorization: `Bearer ${access}` };
  const response = await page.request.get(`/api/v1/users/${userId}/onboarding`, { headers: auth });
  expect(response.status()).toBe(200);
  const { submission } = (await response.json()) as {
    submission: { brief: { nameOfCampaignType: string } } | null;
  };
  if (submission) return submission.brief.nameOfCampaignType;
  const saved = await page.request.post(`/api/v1/users/${userId}/onboarding`, {
    headers: auth,
    data: {
      brief: {
        nameOfCampaignType: 'PaieSimple',
        campaignType: 'service',
        description: 'Payroll and leave management for small companies.',
        pricingModel: 'Per employee and month',
        mainFeatures: [
          { value: 'Payslips in two clicks' },
          { value: 'Leave requests on the phone' },
          { value: 'Exports to accounting' },
          { value: 'Support in French' },
        ],
        dedicatedWebsite: 'https://www.paiesimple.example',
        salesPresentation: [],
        additionalInformation: '',
      },
      audience: {
        bestClientsDescription: 'Companies of 20 to 200 employees with a part-time HR manager.',
        targetIndustries: 'Retail, logistics',
        excludeIndustries: 'Public sector',
        geographicArea: 'Rhône-Alpes',
        companySizes: {
          freelancer: false,
          '1-10': false,
          '11-50': true,
          '51-200': true,
          '201-500': false,
          '501-1000': false,
          '1000+': false,
          allCompanies: false,
        },
        typesOfPeople: 'HR managers and CFOs',
        providedWebsites: [
          { value: 'https://www.equipe-plus.example' },
          { value: 'https://www.atelier-rh.example' },
          { value: 'https://www.paie-conseil.example' },
        ],
        additionalInformationAudience: '',
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return 'PaieSimple';
}

/**
 * 500 rows under English headers, separated by commas: 488 good ones, 6 invalid addresses, 3 without an address and
 * 3 repeating an earlier row's address. The addresses carry `stamp`, so that no other campaign holds them; the first
 * names are zero-padded so that none is the start of another (the other files search prospects by name).
 */
function prospectsCsv(stamp: string): { csv: string; refusedRows: number[] } {
  const lines = ['First name,Last name,Email,Company,Position'];
  const refusedRows: number[] = [];
  for (let n = 1; n <= 500; n += 1) {
    let email = `builder.${stamp}.${n}@example.com`;
    if (n % 50 === 10 && n <= 260) {
      email = `no-address-${n}`; // 6 rows: 10, 60, …, 260
      refusedRows.push(n + 1);
    } else if (n % 100 === 35 && n <= 235) {
      email = ''; // 3 rows: 35, 135, 235
      refusedRows.push(n + 1);
    } else if (n >= 498) {
      email = `builder.${stamp}.${n - 400}@example.com`; // 3 rows repeat 98, 99, 100's
      refusedRows.push(n + 1);
    }
    const first = `Bâtisseur${String(n).padStart(3, '0')}`;
    lines.push(`${first},Builder${stamp},${email},Atelier ${n},Head of HR`);
  }
  return { csv: `${lines.join('\r\n')}\r\n`, refusedRows: refusedRows.sort((a, b) => a - b) };
}

test.describe('campaign builder', () => {
  test('staff build a campaign for a customer through the five steps, import 500 rows (12 refused) from the summary and launch; the customer sees it', async ({
    page,
    browser,
  }) => {
    // 84 s seen on two cores running ten times their load; the import of 500 rows, its longest part, has the same
    // room as in imports.spec.ts.
    test.setTimeout(180_000);
    const stamp = String(Date.now());
    const name = `Zz Builder ${stamp}`;
    const subject = `Payroll without the paperwork (${stamp})`;
    const { csv, refusedRows } = prospectsCsv(stamp);
    expect(refusedRows).toHaveLength(12);

    const staff = await signIn(page, 'staff@example.com');
    const customer = await tokensFor(page, 'customer@example.com');
    const offerName = await questionnaireOf(page, staff.access, customer.user.id);

    // Staff choose the customer in the sidebar, then open the builder.
    await page.goto('/');
    const lastName = customer.user.full_name.split(' ').at(-1)!;
    await page.getByRole('combobox', { name: 'Show the data of' }).fill(lastName);
    await page.getByRole('option', { name: new RegExp(customer.user.full_name) }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${customer.user.id}/dashboard$`));
    await page.getByRole('navigation').getByRole('link', { name: 'AI campaign wizard' }).click();
    const start = page.getByRole('form', { name: 'Start a new campaign' });
    await start.getByRole('textbox', { name: /Campaign name/ }).fill(name);
    await start.getByRole('radio', { name: 'English' }).click();
    await start.getByRole('button', { name: 'Create the draft' }).click();
    await expect(page).toHaveURL(/\/ai-wizard\/step\/settings\?draft=\d+$/);
    const draft = Number(new URL(page.url()).searchParams.get('draft'));
    await expect(
      page.getByRole('heading', { name: `Campaign “${name}” for ${customer.user.full_name}` }),
    ).toBeVisible();

    // 1. Settings: the name and language as created, the customer's mailbox that can send.
    const settings = page.getByRole('form', { name: 'Settings' });
    await expect(settings.getByRole('textbox', { name: /Campaign name/ })).toHaveValue(name);
    await expect(settings.getByRole('radio', { name: 'English' })).toBeChecked();
    const mailbox = settings.getByRole('checkbox', {
      name: 'julien.moreau@moreau-solutions-rh.fr (Julien Moreau)',
    });
    await expect(mailbox).toBeEnabled();
    if (!(await mailbox.isChecked())) await mailbox.click();
    await expect(mailbox).toBeChecked();
    await settings.getByRole('button', { name: 'Save and continue' }).click();

    // 2. Brief: pre-filled from the questionnaire; one field changed.
    const brief = page.getByRole('form', { name: 'Campaign brief' });
    await expect(
      brief.getByRole('textbox', { name: 'Name of the product or service' }),
    ).toHaveValue(offerName);
    await brief.getByRole('textbox', { name: 'Pricing' }).fill('From 4 € per employee and month');
    await brief.getByRole('button', { name: 'Save and continue' }).click();

    // 3. Messaging strategy: the draft from templates; the first e-mail's subject changed.
    await expect(page.getByRole('heading', { level: 2, name: 'Messaging strategy' })).toBeVisible();
    const firstStep = page.getByTestId('sequence-editor-step').first();
    await expect(firstStep.getByTestId('draft-badge')).toBeVisible();
    await firstStep.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 4. Landing pages: one page; its key follows its name.
    await expect(page.getByRole('heading', { level: 2, name: 'Landing pages' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a landing page' }).click();
    const landing = page.getByTestId('landing-page');
    await landing.getByRole('textbox', { name: /^Name/ }).fill('Online demo');
    await landing
      .getByRole('textbox', { name: /^Address/ })
      .fill('https://www.paiesimple.example/demo');
    await expect(landing.getByRole('textbox', { name: /^Key used by the links/ })).toHaveValue(
      'online-demo',
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible();
    // No e-mail links to the page yet: the summary warns.
    await expect(page.getByText('No step links to the landing page online-demo.')).toBeVisible();

    // Back in the sequence, the first e-mail links to the page (inserted at the end of its text).
    await page
      .getByRole('navigation', { name: 'Steps of the wizard' })
      .getByRole('button', { name: 'Messaging strategy' })
      .click();
    const body = firstStep.getByRole('textbox', { name: 'Text' });
    await body.focus();
    await body.press('Control+End');
    await firstStep.getByRole('button', { name: 'Insert a link' }).click();
    await page.getByRole('menuitem', { name: 'Link to “Online demo”' }).click();
    await expect(body).toHaveValue(/\{\{link:online-demo\|Online demo\}\}$/);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Landing pages' })).toBeVisible();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 5. Summary: no audience yet, so the launch waits.
    await expect(page.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/ai-wizard/step/summary\\?draft=${draft}$`));
    await expect(page.getByText('No prospect in the campaign yet.')).toBeVisible();
    await expect(
      page.getByText('The campaign has no prospect yet: import its audience.'),
    ).toBeVisible();
    await expect(page.getByText('No step links to the landing page')).toHaveCount(0);
    const launch = page.getByRole('button', { name: 'Launch the campaign' });
    await expect(launch).toBeDisabled();

    // The audience: the import panel of the summary.
    const panel = page.getByTestId('imports-panel');
    await panel.getByRole('button', { name: 'Import prospects' }).click();
    await panel.getByTestId('file-drop-input').setInputFiles({
      name: 'audience.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const detail = panel.getByTestId('import-detail');
    await expect(detail).toHaveAttribute('data-state', 'mapping', { timeout: 30_000 });
    await expect(panel.getByTestId('import-file-summary')).toHaveText(
      'CSV file “audience.csv”: 500 rows, 5 columns.',
    );
    await panel.getByRole('button', { name: 'Check the rows' }).click();
    await expect(detail).toHaveAttribute('data-state', 'validated', { timeout: 60_000 });
    await expect(panel.getByTestId('import-valid-count')).toHaveText('488 valid rows');
    await expect(panel.getByTestId('import-refused-count')).toHaveText('12 refused rows');

    // The report of the refused rows: a header and the 12 rows, with their numbers in the file.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download the refused rows (CSV)' }).click();
    const report = (await readFile((await (await download).path())!, 'utf8')).replace(
      /^\uFEFF/,
      '',
    );
    const rows = report.split(/\r?\n/).filter((line) => line !== '');
    expect(rows).toHaveLength(13);
    expect(rows.slice(1).map((line) => Number(line.split(',')[0]!.replace(/"/g, '')))).toEqual(
      refusedRows,
    );

    await panel.getByRole('button', { name: 'Import 488 prospects' }).click();
    await expect(detail).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await expect(panel.getByTestId('import-done')).toContainText(
      '488 prospects were added to the campaign; 12 rows were refused.',
    );
    // The summary reads the campaign again once the import is done, in the same page.
    await expect(page.getByText('488 prospects in the campaign.')).toBeVisible();
    await expect(
      page.getByText('No blocking problem: the campaign can be launched.'),
    ).toBeVisible();
    await expect(launch).toBeEnabled();
    // The import the panel followed still shows its outcome.
    await expect(panel.getByTestId('import-done')).toBeVisible();
    await launch.click();
    await expect(page).toHaveURL(new RegExp(`/users/${customer.user.id}/campaigns/${draft}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // The customer finds the campaign, its sequence read-only and its prospects.
    const customerView = await browser.newContext();
    const view = await customerView.newPage();
    await signIn(view, 'customer@example.com');
    await view.goto(`/users/${customer.user.id}/campaigns`);
    await view.getByRole('table', { name: 'Campaigns' }).getByRole('link', { name }).click();
    await expect(view.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(view.getByTestId('campaign-summary')).toHaveText('488 prospects', {
      timeout: 15_000,
    });
    const sequence = view.getByTestId('campaign-sequence');
    await expect(sequence.getByTestId('sequence-step')).toHaveCount(4);
    await expect(sequence.getByTestId('sequence-step-subject').first()).toHaveText(subject);
    await expect(sequence.getByTestId('sequence-step-body').first()).toContainText('Online demo');
    await expect(sequence.getByRole('textbox')).toHaveCount(0);
    await expect(sequence.getByRole('button')).toHaveCount(0);
    await expect(view.getByTestId('imports-panel')).toHaveCount(0);
    await view
      .getByRole('searchbox', { name: 'Search by first name, last name, company or position' })
      .fill('Bâtisseur488');
    await expect(view.getByTestId('campaign-summary')).toHaveText('1 prospect shown out of 488');
    await customerView.close();
  });
});
