import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { readPeers } from '../support/peers';
import { APP_VERSION, freshHeaders, liveStreamOpen, signIn, tokensFor } from '../support/session';

/**
 * The integrations tab against the real server with the demo data (§2, §4, §7, §8), beside a real Dovecot,
 * SMTP server and a local OAuth provider standing in for Google (support/serve-with-peers.ts): the live check of a
 * mailbox accepts good credentials and says when they are wrong or the server cannot be reached, the Google sign-in
 * runs in a new window, the mailbox watch reads the connected mailbox (XOAUTH2) and its prospects' mails reach the
 * inbox, and an unused LinkedIn account is validated with its cookie.
 */

const peers = readPeers();

async function openIntegrations(page: Page, email = 'customer@example.com') {
  const session = await signIn(page, email);
  await page.goto(`/users/${session.user.id}/user/integrations`);
  return session;
}

/** Opens 'Add an email account', picks Other and fills the form for a mailbox of the local Dovecot and SMTP server (STARTTLS). */
async function fillOtherForm(page: Page, mailbox: { user: string }, password: string) {
  await page.getByRole('button', { name: 'Add an email account' }).click();
  const modal = page.getByRole('dialog', { name: 'Add an email account' });
  await modal.getByRole('button', { name: 'Other', exact: true }).click();
  const form = modal.getByRole('form', { name: 'Your mailbox at another provider' });
  await form.getByLabel(/^E-mail address/).fill(mailbox.user);
  await form
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await form.getByLabel(/^SMTP server/).fill('127.0.0.1');
  await form.getByLabel(/^SMTP port/).fill(String(peers.smtp.starttls));
  await form.getByLabel(/^IMAP server/).fill('127.0.0.1');
  await form.getByLabel(/^IMAP port/).fill(String(peers.imap.starttls));
  await form.getByRole('button', { name: 'Add the account' }).click();
  return { modal, form };
}

/** The sidebar's unread badge says the count (none at all when there is nothing unread). */
async function expectUnreadBadge(page: Page, count: number) {
  const inbox = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Inbox/ });
  if (count === 0) await expect(inbox).not.toContainText('unread');
  else
    await expect(inbox).toContainText(count === 1 ? '1 unread answer' : `${count} unread answers`);
}
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text);
const emailRow = (page: Page, address: string) =>
  page
    .getByRole('table', { name: 'E-mail accounts' })
    .getByRole('row')
    .filter({ hasText: address });

test.describe('integrations', () => {
  test("the customer adds an Other account on the local Dovecot and SMTP server: 'Saved', and the account is valid", async ({
    page,
  }) => {
    await openIntegrations(page);
    const { modal } = await fillOtherForm(
      page,
      peers.mailboxes.other,
      peers.mailboxes.other.password,
    );
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(modal).toBeHidden();
    // Valid and not used by a campaign yet: §4's pending state.
    const row = emailRow(page, peers.mailboxes.other.user);
    await expect(row.getByTestId('email-account-state')).toHaveAttribute('data-state', 'pending');
    await expect(row).toContainText('Valid, not used by a campaign yet.');
    await expect(row).toContainText('SMTP / IMAP');
  });

  test('a wrong password: the §8 credentials text, and the form keeps what was typed', async ({
    page,
  }) => {
    await openIntegrations(page);
    const { modal, form } = await fillOtherForm(
      page,
      peers.mailboxes.wrongPassword,
      'not-the-password',
    );
    const text = 'Incorrect credentials, please check your login information.';
    await expect(toast(page, text)).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText(text);
    await expect(modal).toBeVisible();
    await expect(form.getByLabel(/^E-mail address/)).toHaveValue(
      peers.mailboxes.wrongPassword.user,
    );
    await expect(form.getByLabel(/^Password/).first()).toHaveValue('not-the-password');
    await expect(form.getByLabel(/^IMAP port/)).toHaveValue(String(peers.imap.starttls));
    await expect(form.getByLabel(/^SMTP server/)).toHaveValue('127.0.0.1');
    await expect(
      page
        .getByRole('table', { name: 'E-mail accounts', includeHidden: true })
        .getByText(peers.mailboxes.wrongPassword.user),
    ).toHaveCount(0);
  });

  test('the customer adds an Other account whose IMAP server cannot be reached: the toast says so, the form keeps its values', async ({
    page,
  }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await page.goto(`/users/${user.id}/user/profile`);
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Integrations' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/user/integrations$`));
    const emailTable = page.getByRole('table', { name: 'E-mail accounts' });
    await expect(emailTable.getByText('julien.moreau@moreau-solutions-rh.fr')).toBeVisible();

    await page.getByRole('button', { name: 'Add an email account' }).click();
    const modal = page.getByRole('dialog', { name: 'Add an email account' });
    await modal.getByRole('button', { name: 'Other', exact: true }).click();
    const form = modal.getByRole('form', { name: 'Your mailbox at another provider' });
    await form.getByLabel(/^E-mail address/).fill('ventes@moreau-solutions-rh.fr');
    await form
      .getByLabel(/^Password/)
      .first()
      .fill('a-mailbox-password');
    // Nothing listens on that port of this machine: the server's live check cannot reach it.
    await form.getByLabel(/^SMTP server/).fill('127.0.0.1');
    await form.getByLabel(/^SMTP port/).fill(String(peers.closedPort));
    await form.getByLabel(/^IMAP server/).fill('127.0.0.1');
    await form.getByLabel(/^IMAP port/).fill(String(peers.closedPort));
    await form.getByRole('button', { name: 'Add the account' }).click();

    const unreachable =
      'The IMAP server could not be reached. Check the server address, the port and the SSL setting.';
    await expect(page.locator('[data-sonner-toast]').getByText(unreachable)).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText(unreachable);
    await expect(form.getByLabel(/^E-mail address/)).toHaveValue('ventes@moreau-solutions-rh.fr');
    await expect(modal).toBeVisible();
    await expect(emailTable.getByText('ventes@moreau-solutions-rh.fr')).toHaveCount(0);
  });

  test('Outlook is not configured on this server: the modal says so and opens no window', async ({
    page,
  }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await page.goto(`/users/${user.id}/user/integrations`);
    await page.getByRole('button', { name: 'Add an email account' }).click();
    const modal = page.getByRole('dialog', { name: 'Add an email account' });
    let popups = 0;
    page.on('popup', () => popups++);
    // The e2e server configures Google only.
    await modal.getByRole('button', { name: 'Outlook (Microsoft 365)', exact: true }).click();
    await expect(modal.getByTestId('sign-in-failed')).toContainText(
      'Signing in with this provider is not configured on this server.',
    );
    expect(popups).toBe(0);
  });

  test('the customer connects Gmail: the sign-in runs at the provider in a new window, then the mailbox is connected', async ({
    page,
  }) => {
    const { user } = await openIntegrations(page);
    await page.getByRole('button', { name: 'Add an email account' }).click();
    const popupOpened = page.waitForEvent('popup');
    await page
      .getByRole('dialog', { name: 'Add an email account' })
      .getByRole('button', { name: 'Gmail', exact: true })
      .click();
    const popup = await popupOpened;
    // The first window says where to finish (the modal closed).
    await expect(
      toast(
        page,
        'Finish signing in with Gmail in the new window; the account then appears as valid here.',
      ),
    ).toBeVisible();

    // The provider's consent page, on its own origin: the user says which mailbox, and allows.
    await expect(
      popup.getByRole('heading', { name: 'Sign in to continue to Prospecta' }),
    ).toBeVisible();
    expect(new URL(popup.url()).origin).toBe(peers.oauthIssuer);
    await popup.getByLabel('E-mail address').fill(peers.mailboxes.gmail.user);
    await popup.getByRole('button', { name: 'Allow' }).click();

    // The provider sends the window back to the server, which ends it in the Integrations tab: the app's first load
    // in that window, which takes longer than an expectation's 7 s on a loaded machine.
    await expect(toast(popup, 'The mailbox is connected.')).toBeVisible({ timeout: 15_000 });
    await expect(popup).toHaveURL(new RegExp(`/users/${user.id}/user/integrations$`));
    const row = emailRow(popup, peers.mailboxes.gmail.user);
    await expect(row.getByTestId('email-account-state')).toHaveAttribute('data-state', 'pending');
    await expect(row).toContainText('Google');
    await expect(row.getByRole('button', { name: /^Validate/ })).toHaveCount(0);

    // The first window shows the account as valid too, without a reload.
    await expect(
      emailRow(page, peers.mailboxes.gmail.user).getByTestId('email-account-state'),
    ).toHaveAttribute('data-state', 'pending');
  });

  test("a prospect's mail delivered into a connected Gmail mailbox reaches the inbox and its badge without a reload", async ({
    page,
  }) => {
    // Room for the mailbox watch's wait below.
    test.setTimeout(60_000);
    // The other customer connects a Gmail mailbox (the sign-in window's requests, without the window: tested above).
    const owner = await tokensFor(page, 'other.customer@example.com');
    const headers = { Authorization: `Bearer ${owner.access}`, 'X-App-Version': APP_VERSION };
    const started = await page.request.post('/api/v2/integrations/email/google', { headers });
    expect(started.status(), await started.text()).toBe(201);
    const consent = new URL(
      ((await started.json()) as { email_account: { redirect_url: string } }).email_account
        .redirect_url,
    );
    consent.pathname = consent.pathname.replace(/\/consent$/, '/authorize');
    consent.searchParams.set('login_hint', peers.mailboxes.watchedGmail.user);
    consent.searchParams.set('decision', 'allow');
    const atProvider = await page.request.get(consent.href, { maxRedirects: 0 });
    const back = await page.request.get(atProvider.headers().location ?? '', { maxRedirects: 0 });
    expect(back.headers().location).toMatch(/connected=1$/);

    // A prospect of that customer who has not answered yet, in a status the inbox lists.
    const dashboard = (await (
      await page.request.get(`/api/v1/users/${owner.user.id}/dashboard`, { headers })
    ).json()) as {
      prospects: { email: string | null; has_responses: boolean; prospecting_status: string }[];
    };
    const prospect = dashboard.prospects.find(
      (p) => p.email && !p.has_responses && ['ongoing', 'to_call'].includes(p.prospecting_status),
    );
    expect(prospect).toBeDefined();
    const unread = async () =>
      (await (
        await page.request.get(`/api/v1/users/${owner.user.id}/inbox-messages`, {
          headers: await freshHeaders(page, 'other.customer@example.com'),
        })
      ).json()) as { unread_count: number; items: { content: string }[] };

    // The inbox is open, its live event stream too.
    await signIn(page, 'other.customer@example.com');
    const live = liveStreamOpen(page);
    await page.goto(`/users/${owner.user.id}/inbox`);
    await expect(page.getByTestId('inbox-count')).toBeVisible();
    const before = (await unread()).unread_count;
    await expectUnreadBadge(page, before);
    await live;

    const content = `Bonjour, votre proposition nous intéresse : appelez-moi demain. (${Date.now()})`;
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port: peers.imap.implicit,
      secure: true,
      auth: {
        user: peers.mailboxes.watchedGmail.user,
        pass: peers.mailboxes.watchedGmail.password,
      },
      logger: false,
      tls: { ca: readFileSync(peers.caFile) },
    });
    await imap.connect();
    await imap.append(
      'INBOX',
      [
        `From: ${prospect?.email}`,
        `To: ${peers.mailboxes.watchedGmail.user}`,
        'Subject: Re: Notre échange',
        `Message-ID: <e2e-${Date.now()}@prospect.example>`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        content,
        '',
      ].join('\r\n'),
    );
    await imap.logout();

    // The server's mailbox watch (every second here) reads the mailbox with XOAUTH2 and records the answer: a few
    // seconds, up to about 25 s on a machine running ten times its cores' load (the sending file's reply, the same way).
    await expect
      .poll(async () => (await unread()).items.some((item) => item.content === content), {
        timeout: 30_000,
      })
      .toBe(true);
    // The open page's live event stream says the inbox changed: the list and the badge are asked again, no reload.
    await expect(
      page.getByTestId('inbox-row').filter({ hasText: content.slice(0, 40) }),
    ).toBeVisible();
    await expectUnreadBadge(page, before + 1);
  });

  test('the customer validates the unused LinkedIn account with its session cookie', async ({
    page,
  }) => {
    const { user } = await signIn(page, 'customer@example.com');
    await page.goto(`/users/${user.id}/user/integrations`);
    const table = page.getByRole('table', { name: 'LinkedIn accounts' });
    const row = table.getByRole('row').filter({ hasText: 'Julien Moreau (compte secondaire)' });
    await expect(row.getByTestId('linkedin-account-state')).toHaveAttribute(
      'data-state',
      'pending',
    );
    await row.getByRole('button', { name: 'Validate Julien Moreau (compte secondaire)' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Validate the LinkedIn account Julien Moreau (compte secondaire)',
    });
    await dialog
      .getByLabel(/^Session cookie/)
      .first()
      .fill('AQEDARe2e-session-cookie-value-9876');
    const answer = page.waitForResponse((r) =>
      r.url().endsWith('/api/v2/integrations/linkedin/connection'),
    );
    await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
    // The cookie never comes back in clear: a mask with its last 4 characters.
    expect(
      ((await (await answer).json()) as { session_cookie: string | null }).session_cookie,
    ).toBe('••••9876');
    await expect(
      page.getByText('The LinkedIn account Julien Moreau (compte secondaire) is validated.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('linkedin-account-state')).toHaveAttribute('data-state', 'valid');
    await expect(row.getByRole('button', { name: /^Validate/ })).toHaveCount(0);
  });
});
