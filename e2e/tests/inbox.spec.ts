import { expect, test, type Page } from '@playwright/test';
import {
  APP_VERSION,
  DEMO_PASSWORD,
  freshHeaders,
  liveStreamOpen,
  signIn,
  tokensFor,
} from '../support/session';

/**
 * The inbox and the unread answers at sign-in (§2 Inbox, §4, §6) against the real server and the demo data.
 * The sign-in modal needs a sign-in through the form; the other tests hand tokens to the app (no modal).
 */

const CUSTOMER = 'customer@example.com';
const OTHER = 'other.customer@example.com';

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation', includeHidden: true });
}
const inboxLink = (page: Page) =>
  // includeHidden: while the sign-in modal is open, the page behind it is hidden from assistive technology.
  sidebar(page).getByRole('link', { name: /Inbox/, includeHidden: true });

async function signInThroughTheForm(page: Page, email: string) {
  await page.addInitScript((version) => {
    if (sessionStorage.getItem('e2e.prepared') === null) {
      localStorage.setItem('prospecta.locale', 'en');
      localStorage.setItem('prospecta.appVersion', version);
      sessionStorage.setItem('e2e.prepared', '1');
    }
  }, APP_VERSION);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail address').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Decision 0080, stated on purpose: an answer on screen this long in the sign-in modal counts as read. */
const READ_AFTER_MS = 3000;

test.describe('the inbox', () => {
  test('the customer steps through the unread answers at sign-in, reads one in the inbox and converts its prospect', async ({
    page,
  }) => {
    const { user } = await tokensFor(page, CUSTOMER);
    const before = (await (
      await page.request.get(`/api/v1/users/${user.id}/inbox-messages`, {
        headers: {
          Authorization: `Bearer ${(await tokensFor(page, CUSTOMER)).access}`,
          'X-App-Version': APP_VERSION,
        },
      })
    ).json()) as { unread_count: number };
    expect(before.unread_count).toBeGreaterThan(3);

    await signInThroughTheForm(page, CUSTOMER);
    const modal = page.getByRole('dialog', { name: 'Unread answers' });
    await expect(modal.getByText(`Answer 1 of ${before.unread_count}`)).toBeVisible({
      timeout: 15_000,
    });
    await expect(modal.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // 'Next' reads the answer stepped past; the second one is read after staying on screen for a moment.
    await modal.getByRole('button', { name: 'Next' }).click();
    await expect(modal.getByText(`Answer 2 of ${before.unread_count}`)).toBeVisible();
    await expect(inboxLink(page)).toContainText(String(before.unread_count - 2), {
      timeout: READ_AFTER_MS + 10_000,
    });
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    // The two answers read; the others stay unread.
    await expect(inboxLink(page)).toContainText(String(before.unread_count - 2));

    await inboxLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/inbox`));
    // The answers that wait for one (an unread automatic reply does not count in the badge).
    await page.getByRole('link', { name: /^To answer \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/filter=needs_answer/);
    const rows = page.getByTestId('inbox-row');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    const states = await rows.evaluateAll((list) => list.map((row) => row.dataset.unread));
    // Pinned by position: a locator on `data-unread="true"` would move to the next unread row once this one is read.
    const unreadRow = rows.nth(states.indexOf('true'));
    await unreadRow.click();
    await expect(inboxLink(page)).toContainText(String(before.unread_count - 3));

    const pane = page.getByTestId('inbox-pane');
    const name = (await pane.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await pane.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: /Convert/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    // It leaves the list…
    await expect(page.getByTestId('inbox-row').filter({ hasText: name })).toHaveCount(0);

    // …and shows among the new opportunities of the dashboard.
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await page
      .getByRole('searchbox')
      .first()
      .fill(name.split(' ').at(-1) ?? name);
    await expect(
      page.getByTestId('dashboard-column-new_opportunity').getByText(name).first(),
    ).toBeVisible();
  });

  test('a customer who has handled every answer sees no answers', async ({ page }) => {
    const session = await tokensFor(page, OTHER);
    const headers = { Authorization: `Bearer ${session.access}`, 'X-App-Version': APP_VERSION };
    const inbox = (await (
      await page.request.get(`/api/v1/users/${session.user.id}/inbox-messages`, { headers })
    ).json()) as {
      items: { prospect: { id: number } }[];
    };
    // Handle every answer through the API (as the customer would, one by one, from the inbox).
    for (const item of inbox.items) {
      const response = await page.request.put(`/api/v1/prospects/${item.prospect.id}/status`, {
        headers,
        data: { prospecting_status: 'lost' },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await signIn(page, OTHER);
    await page.goto(`/users/${session.user.id}/inbox`);
    await expect(page.getByTestId('inbox-empty')).toContainText('No answers');
    await expect(page.getByTestId('inbox-count')).toHaveText('No answer to handle');
  });

  test('an answer recorded on the server appears in the open inbox and the badge without a reload', async ({
    page,
  }) => {
    const { user } = await signIn(page, CUSTOMER);
    const live = liveStreamOpen(page);
    await page.goto(`/users/${user.id}/inbox`);
    await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 15_000 });
    const inbox = await page.request.get(`/api/v1/users/${user.id}/inbox-messages`, {
      headers: await freshHeaders(page, CUSTOMER),
    });
    const badgeBefore = ((await inbox.json()) as { unread_count: number }).unread_count;
    await expect(inboxLink(page)).toContainText(`${badgeBefore} unread answers`);
    await live;

    const content = `Bonjour, nous sommes intéressés : pouvez-vous nous rappeler ? (${Date.now()})`;
    const added = await page.request.post('/api/dev/inbox-answers', {
      data: { email: CUSTOMER, content },
    });
    expect(added.status(), await added.text()).toBe(201);

    // The tab's live event stream says the inbox changed: the list and the badge are asked again, no reload, no poll.
    await expect(
      page.getByTestId('inbox-row').filter({ hasText: content.slice(0, 40) }),
    ).toBeVisible();
    await expect(inboxLink(page)).toContainText(`${badgeBefore + 1} unread answers`);
  });

  test('an answer read and a status change in one tab reach the badge of another tab without a reload', async ({
    page,
  }) => {
    const { user } = await signIn(page, CUSTOMER);
    const unreadCount = async () =>
      (
        (await (
          await page.request.get(`/api/v1/users/${user.id}/inbox-messages`, {
            headers: await freshHeaders(page, CUSTOMER),
          })
        ).json()) as { unread_count: number }
      ).unread_count;
    const before = await unreadCount();
    expect(before).toBeGreaterThan(2);

    // Tab A: the inbox. Tab B, the same sign-in: the dashboard, with the sidebar's badge.
    // Only answers that need one count in the badge: tab A lists those.
    const live = liveStreamOpen(page);
    await page.goto(`/users/${user.id}/inbox?filter=needs_answer`);
    const other = await page.context().newPage();
    const otherLive = liveStreamOpen(other);
    await other.goto(`/users/${user.id}/dashboard`);
    await expect(inboxLink(other)).toContainText(`${before} unread answers`, { timeout: 15_000 });
    await Promise.all([live, otherLive]);

    // Opening an unread answer in tab A marks it read: tab B's badge follows.
    const rows = page.getByTestId('inbox-row');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    const states = await rows.evaluateAll((list) => list.map((row) => row.dataset.unread));
    // Pinned by position: a locator on `data-unread="true"` would move to the next unread row once this one is read.
    const unreadRow = rows.nth(states.indexOf('true'));
    await unreadRow.click();
    await expect(unreadRow).toHaveAttribute('data-unread', 'false');
    await expect(inboxLink(other)).toContainText(`${before - 1} unread answers`);

    // A status change made elsewhere (another device, through the API) takes another unread answer out of the inbox.
    const headers = await freshHeaders(page, CUSTOMER);
    const inbox = (await (
      await page.request.get(`/api/v1/users/${user.id}/inbox-messages?filter=needs_answer`, {
        headers,
      })
    ).json()) as { items: { is_read: boolean; prospect: { id: number } }[] };
    const next = inbox.items.find((item) => !item.is_read);
    expect(next).toBeDefined();
    const changed = await page.request.put(`/api/v1/prospects/${next!.prospect.id}/status`, {
      headers,
      data: { prospecting_status: 'converted' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await expect(inboxLink(other)).toContainText(`${before - 2} unread answers`);
    await expect(inboxLink(page)).toContainText(`${before - 2} unread answers`);
    expect(await unreadCount()).toBe(before - 2);
  });

  test('an automatic reply shows labelled under its filter without counting; relabelling an answer moves the count to handle and is recorded', async ({
    page,
  }) => {
    const { user } = await signIn(page, CUSTOMER);
    const counts = async () =>
      (await (
        await page.request.get(`/api/v1/users/${user.id}/inbox-messages`, {
          headers: await freshHeaders(page, CUSTOMER),
        })
      ).json()) as {
        to_handle_count: number;
        unread_count: number;
        counts: { auto_replies: number };
      };
    const before = await counts();
    const away = `Je suis absent jusqu’au 7 décembre, je vous répondrai à mon retour. (${Date.now()})`;
    const added = await page.request.post('/api/dev/inbox-answers', {
      data: { email: CUSTOMER, content: away, label: 'auto_reply' },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.goto(`/users/${user.id}/inbox?filter=auto_replies`);
    const row = page.getByTestId('inbox-row').filter({ hasText: away.slice(0, 30) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByTestId('inbox-row-label')).toContainText('Automatic reply');
    await expect(
      page.getByRole('link', { name: `Automatic replies (${before.counts.auto_replies + 1})` }),
    ).toHaveAttribute('aria-current', 'page');
    // Unread, but not an answer to handle: the badge did not move.
    await expect(inboxLink(page)).toContainText(`${before.unread_count} unread answers`);

    // A human answer filed as a refusal by hand: one answer fewer to handle, and the history says who did it.
    await page.getByRole('link', { name: /^To answer \(\d+\)$/ }).click();
    await page.locator('[data-testid="inbox-row"][data-unread="false"]').first().click();
    const pane = page.getByTestId('inbox-pane');
    await pane.getByRole('combobox', { name: 'Label of this answer' }).click();
    await page.getByRole('option', { name: 'Not interested' }).click();
    await expect(pane.getByTestId('answer-label-origin')).toContainText('Chosen by hand');
    await expect(
      pane.getByText(
        /^Julien Moreau (changed the label of an answer from|gave an answer the label)/,
      ),
    ).toBeVisible();
    await expect(page.getByTestId('inbox-count')).toContainText(
      `${before.to_handle_count - 1} answers to handle`,
    );
    expect((await counts()).to_handle_count).toBe(before.to_handle_count - 1);
  });

  test('an answer sent from the pane marks its row answered, in this tab and through the live events in another', async ({
    page,
  }) => {
    const { user } = await signIn(page, CUSTOMER);
    const content = `Bonjour, pouvez-vous m’envoyer votre offre ? (${Date.now()})`;
    const added = await page.request.post('/api/dev/inbox-answers', {
      data: { email: CUSTOMER, content },
    });
    expect(added.status(), await added.text()).toBe(201);
    const rowIn = (tab: Page) =>
      tab.getByTestId('inbox-row').filter({ hasText: content.slice(0, 40) });

    // Tab B, the same sign-in, shows the answer not answered yet.
    await page.goto(`/users/${user.id}/inbox`);
    const other = await page.context().newPage();
    await other.goto(`/users/${user.id}/inbox`);
    await expect(rowIn(other)).toBeVisible({ timeout: 15_000 });
    await expect(rowIn(other).getByTestId('inbox-row-answered')).toHaveCount(0);

    // Tab A answers it from the pane (the demo server hands the mail to its catcher).
    await rowIn(page).click();
    const pane = page.getByTestId('inbox-pane');
    await pane.getByRole('button', { name: 'Answer by e-mail' }).click();
    await pane.getByRole('combobox', { name: 'Send from' }).click();
    await page.getByRole('option', { name: 'julien.moreau@moreau-solutions-rh.fr' }).click();
    await pane
      .getByRole('textbox', { name: /^Your answer to / })
      .fill('Volontiers, je vous l’envoie demain.');
    await pane.getByRole('button', { name: 'Send' }).click();
    await expect(pane.getByRole('status')).toContainText('Answer sent from');
    await expect(pane.getByTestId('inbox-answered')).toContainText('Answered from the inbox on');
    await expect(rowIn(page).getByTestId('inbox-row-answered')).toHaveCount(1);
    // Tab B hears of it from its live event stream: no reload.
    await expect(rowIn(other).getByTestId('inbox-row-answered')).toContainText('Answered on');
  });
});
