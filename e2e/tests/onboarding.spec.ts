import { expect, test, type Browser } from '@playwright/test';
import { signIn, tokensFor, type SignedIn } from '../support/session';

/**
 * The onboarding questionnaire against the real server (§2 "Onboarding questionnaire", §5):
 * staff fill it for a customer, the draft survives a reload, a PDF is uploaded, the answers are saved and the customer
 * finds them; an empty submit and a too-large file say what is wrong.
 */

async function customerOf(
  browser: Browser,
  email = 'customer@example.com',
): Promise<SignedIn['user']> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { user } = await tokensFor(page, email);
  await context.close();
  return user;
}

const features = [
  'Payroll in two clicks',
  'Leave requests on mobile',
  'Swiss and French payslips',
  'Exports to accounting',
  'Single sign-on',
];
const websites = [
  'https://www.example-rh.fr',
  'https://www.paie-facile.ch',
  'https://www.conges.io',
  'https://www.equipe-plus.fr',
];
const pdf = (size: number) => {
  const buffer = Buffer.alloc(size, 0x20);
  buffer.write('%PDF-1.7\n', 0, 'latin1');
  return buffer;
};

test.describe('onboarding questionnaire', () => {
  test('staff fill both steps for a customer, reload and find everything, add a PDF, save; the customer sees the answers', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const customer = await customerOf(browser);
    await signIn(page, 'staff@example.com', {
      selectedUser: { id: customer.id, name: customer.full_name },
    });
    await page.goto('/onboarding');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Onboarding questionnaire' }),
    ).toBeVisible();
    await expect(
      page.getByText(`You are filling in the questionnaire for ${customer.full_name}.`),
    ).toBeVisible();

    // Step 1: the campaign brief, with a fifth feature.
    await page.getByLabel(/^Name of the product or service/).fill('PaieSimple');
    await page.getByRole('radio', { name: 'A service' }).check();
    await page.getByLabel(/^Description/).fill('Payroll and leave management for small companies.');
    await page.getByLabel(/^Pricing model/).fill('Per employee and month');
    await page.getByRole('button', { name: 'Add a feature' }).click();
    for (const [i, feature] of features.entries())
      await page.getByLabel(new RegExp(`^Feature ${i + 1}`)).fill(feature);
    await page.getByLabel(/^Dedicated website/).fill('https://www.paiesimple.example');
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 2: the audience, with a fourth website.
    await expect(page.getByRole('tab', { name: 'Target audience', selected: true })).toBeVisible();
    await page
      .getByLabel(/^Describe your best clients/)
      .fill('Companies of 20 to 200 employees with a part-time HR manager.');
    await page.getByLabel(/^Industries to target/).fill('Retail, logistics');
    await page.getByLabel(/^Industries to exclude/).fill('Public sector');
    await page.getByLabel(/^Geographic area/).fill('Suisse romande, Rhône-Alpes');
    await page.getByRole('checkbox', { name: '11–50 employees' }).click();
    await page.getByLabel(/^Types of people to contact/).fill('HR managers and CFOs');
    await page.getByRole('button', { name: 'Add a website' }).click();
    for (const [i, website] of websites.entries())
      await page.getByLabel(new RegExp(`^Website ${i + 1}`)).fill(website);

    // A reload loses nothing: both steps come back from the browser's storage.
    await page.reload();
    await page.getByRole('tab', { name: 'Target audience' }).click();
    await expect(page.getByLabel(/^Geographic area/)).toHaveValue('Suisse romande, Rhône-Alpes');
    await expect(page.getByRole('checkbox', { name: '11–50 employees' })).toBeChecked();
    for (const [i, website] of websites.entries())
      await expect(page.getByLabel(new RegExp(`^Website ${i + 1}`))).toHaveValue(website);
    await page.getByRole('tab', { name: 'Product or service' }).click();
    await expect(page.getByLabel(/^Name of the product or service/)).toHaveValue('PaieSimple');
    for (const [i, feature] of features.entries())
      await expect(page.getByLabel(new RegExp(`^Feature ${i + 1}`))).toHaveValue(feature);

    // A PDF goes up with its progress and is listed once stored.
    await page.getByTestId('file-drop-input').setInputFiles({
      name: 'presentation-paiesimple.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(200_000),
    });
    await expect(
      page.getByRole('button', { name: 'Remove presentation-paiesimple.pdf' }),
    ).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

    await page.getByRole('tab', { name: 'Target audience' }).click();
    await page.getByRole('button', { name: 'Save the questionnaire' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The questionnaire was saved on' }),
    ).toBeVisible({ timeout: 15_000 });

    // Staff viewing the customer's info tab read the answers.
    await page.goto(`/users/${customer.id}/user/info`);
    await expect(page.getByText('PaieSimple', { exact: true })).toBeVisible();
    await expect(page.getByText(/^presentation-paiesimple\.pdf/)).toBeVisible();
    await expect(page.getByText('https://www.equipe-plus.fr')).toBeVisible();

    // The customer finds them on their own info tab.
    const context = await browser.newContext();
    const own = await context.newPage();
    await signIn(own, 'customer@example.com');
    await own.goto(`/users/${customer.id}/user/info`);
    await expect(own.getByLabel(/^Name of the product or service/)).toHaveValue('PaieSimple');
    await expect(own.getByText('presentation-paiesimple.pdf')).toBeVisible();
    await own.getByRole('tab', { name: 'Target audience' }).click();
    await expect(own.getByLabel(/^Website 4/)).toHaveValue('https://www.equipe-plus.fr');
    await context.close();
  });

  test("an empty submit says 'Required' and asks for a company size", async ({ page, browser }) => {
    // Staff fill in a questionnaire for the customer they selected (their own account has none): the second
    // customer, whose questionnaire no other test saves, so that it starts empty whatever ran before.
    const customer = await customerOf(browser, 'other.customer@example.com');
    await signIn(page, 'staff@example.com', {
      selectedUser: { id: customer.id, name: customer.full_name },
    });
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(
      page.getByText('Some answers are missing. Check the highlighted fields.'),
    ).toBeVisible();
    await expect(page.getByText('Required').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Target audience' }).click();
    await page.getByRole('button', { name: 'Save the questionnaire' }).click();
    await page.getByRole('tab', { name: 'Target audience' }).click();
    await expect(page.getByText('You must select at least one option.')).toBeVisible();
    await expect(page.getByText('Required').first()).toBeVisible();
  });

  test('a 16 MB file is refused with the size message', async ({ page, browser }) => {
    // The 16 MB handed to the page's file input go through the browser's protocol: seconds on a loaded machine, where
    // the test took 27–32 s in all.
    test.setTimeout(60_000);
    // Staff fill in a questionnaire for the customer they selected (their own account has none): the second
    // customer, whose questionnaire no other test saves, so that it starts empty whatever ran before.
    const customer = await customerOf(browser, 'other.customer@example.com');
    await signIn(page, 'staff@example.com', {
      selectedUser: { id: customer.id, name: customer.full_name },
    });
    await page.goto('/onboarding');
    await page.getByTestId('file-drop-input').setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(16 * 1024 * 1024),
    });
    await expect(page.getByText('Some files exceed the 15MB size limit.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove huge.pdf' })).toHaveCount(0);
  });
});
