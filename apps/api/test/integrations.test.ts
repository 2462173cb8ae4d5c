import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMailChecker } from '../src/integrations/mail-check';
import { expectContract, startTestApp, type TestApp } from './helpers';
import { peersMailHosts, startMailPeers, type MailPeers } from './peers/mail-peers';

let t: TestApp;
let customer: string;
let other: string;
let staff: string;
let peers: MailPeers;

// Every SMTP/IMAP account below is checked live against Dovecot and an SMTP server started here.
beforeAll(async () => {
  peers = await startMailPeers([
    { user: 'julien@moreau-solutions-rh.fr', password: 'mailbox-password' },
    { user: 'emma@northwind-analytics.co.uk', password: 'mailbox-password' },
    { user: 'new@northwind-analytics.co.uk', password: 'mailbox-password' },
    { user: 'third@moreau-solutions-rh.fr', password: 'mailbox-password' },
  ]);
  t = await startTestApp(
    { smtpAccountLimit: 2, mailHosts: peersMailHosts(peers) },
    liveMailChecker({ timeoutMs: 2_000, ca: peers.ca }),
  );
  customer = (await t.login('customer@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
});
afterAll(async () => {
  await t?.close();
  await peers?.close();
});

const smtpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'mailbox-password',
  smtp_host: '127.0.0.1',
  smtp_port: peers.smtp.implicit,
  smtp_secure: 'ssl',
  imap_host: '127.0.0.1',
  imap_port: peers.imap.implicit,
  imap_secure: 'ssl',
  provider: 'infomaniak',
  ...extra,
});

describe('e-mail accounts', () => {
  it('lists the accounts of the user (staff may pass user_id)', async () => {
    const res = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expectContract('listEmailAccounts', res, 200);
    expect(res.json().email_accounts_list).toHaveLength(1);
    expectContract(
      'listEmailAccounts',
      await t.call('GET', `/api/v2/integrations/email?user_id=${t.facts.customerId}`, {
        token: staff,
      }),
      200,
    );
    expectContract(
      'listEmailAccounts',
      await t.call('GET', `/api/v2/integrations/email?user_id=${t.facts.customerId}`, {
        token: other,
      }),
      403,
    );
    expectContract(
      'listEmailAccounts',
      await t.call('GET', '/api/v2/integrations/email?user_id=999999', { token: staff }),
      400,
    );
  });

  it('adds an SMTP account after the IMAP check and stores the password encrypted', async () => {
    const res = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: customer,
      body: smtpBody('julien@moreau-solutions-rh.fr'),
    });
    expectContract('createSmtpEmailAccount', res, 201);
    expect(res.json().email_account).toMatchObject({
      email: 'julien@moreau-solutions-rh.fr',
      account_type: 'INFOMANIAK_SMTP',
      is_valid: true,
      auth_url: null,
    });
    const row = await t.database.db
      .selectFrom('email_accounts')
      .select(['password_enc', 'id'])
      .where('id', '=', res.json().email_account.id)
      .executeTakeFirstOrThrow();
    expect(row.password_enc).toMatch(/^v1\./);
    expect(row.password_enc).not.toContain('mailbox-password');
    expect(
      t.app.services.secretBox.decrypt(row.password_enc as string, `email_account:${row.id}`),
    ).toBe('mailbox-password');
  });

  it('answers the integration error codes', async () => {
    const duplicate = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: customer,
      body: smtpBody('julien@moreau-solutions-rh.fr'),
    });
    expectContract('createSmtpEmailAccount', duplicate, 409);
    expect(duplicate.json().message.state_message).toBe('email_account_already_exists');

    const limit = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: customer,
      body: smtpBody('third@moreau-solutions-rh.fr', { provider: 'other' }),
    });
    expectContract('createSmtpEmailAccount', limit, 422);
    expect(limit.json().message.state_message).toBe('number_of_smtp_accounts_reached');

    const bad = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: other,
      body: smtpBody('emma@northwind-analytics.co.uk', {
        provider: 'ovh_pro',
        password: 'wrong',
        smtp_port: peers.smtp.starttls,
        smtp_secure: 'tls',
      }),
    });
    expectContract('createSmtpEmailAccount', bad, 400);
    expect(bad.json()).toMatchObject({
      detail: 'Incorrect credentials, please check your login information.',
      message: { state_message: 'bad_imap_credentials', server: 'imap' },
    });
    const unreachable = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: other,
      body: smtpBody('emma@northwind-analytics.co.uk', { imap_port: peers.closedPort }),
    });
    expectContract('createSmtpEmailAccount', unreachable, 400);
    expect(unreachable.json().message).toEqual({
      state_message: 'mail_server_unreachable',
      server: 'imap',
    });
    const smtpDown = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: other,
      body: smtpBody('emma@northwind-analytics.co.uk', { smtp_port: peers.closedPort }),
    });
    expect(smtpDown.json().message).toEqual({
      state_message: 'mail_server_unreachable',
      server: 'smtp',
    });
    const tlsMode = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: other,
      body: smtpBody('emma@northwind-analytics.co.uk', { imap_port: peers.imap.starttls }),
    });
    expectContract('createSmtpEmailAccount', tlsMode, 400);
    expect(tlsMode.json().message).toEqual({
      state_message: 'mail_server_tls_mismatch',
      server: 'imap',
    });
    const stranger = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: other,
      body: smtpBody('nobody@northwind-analytics.co.uk'),
    });
    expect(stranger.json().message.state_message).toBe('bad_imap_credentials');
    expect(
      await t.database.db
        .selectFrom('email_accounts')
        .select('id')
        .where('email', 'in', [
          'emma@northwind-analytics.co.uk',
          'nobody@northwind-analytics.co.uk',
        ])
        .execute(),
    ).toEqual([]);

    await t.database.db
      .insertInto('email_accounts')
      .values({
        user_id: t.facts.otherCustomerId,
        name: 'Emma',
        email: 'old@northwind-analytics.co.uk',
        account_type: 'OVH_SMTP',
        is_valid: false,
      })
      .execute();
    const inactive = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: other,
      body: smtpBody('new@northwind-analytics.co.uk', { provider: 'ovh' }),
    });
    expectContract('createSmtpEmailAccount', inactive, 409);
    expect(inactive.json().message.state_message).toBe('inactive_email_account_already_exists');
  });

  it('validates the form and the target user', async () => {
    expectContract(
      'createSmtpEmailAccount',
      await t.call('POST', '/api/v2/integrations/email/smtp', {
        token: customer,
        body: smtpBody('x@y.fr', { smtp_port: 0 }),
      }),
      400,
    );
    expectContract(
      'createSmtpEmailAccount',
      await t.call('POST', '/api/v2/integrations/email/smtp', {
        token: customer,
        body: smtpBody('x@y.fr', { smtp_secure: true }),
      }),
      400,
    );
    expectContract(
      'createSmtpEmailAccount',
      await t.call('POST', '/api/v2/integrations/email/smtp', {
        token: customer,
        body: smtpBody('not-an-email'),
      }),
      400,
    );
    expectContract(
      'createSmtpEmailAccount',
      await t.call('POST', `/api/v2/integrations/email/smtp?user_id=${t.facts.otherCustomerId}`, {
        token: customer,
        body: smtpBody('x@y.fr'),
      }),
      403,
    );
    expectContract(
      'createSmtpEmailAccount',
      await t.call('POST', '/api/v2/integrations/email/smtp?user_id=999999', {
        token: staff,
        body: smtpBody('x@y.fr'),
      }),
      400,
    );
  });

  it('answers 501 oauth_not_available for the external sign-in providers', async () => {
    const res = await t.call('POST', '/api/v2/integrations/email/google', { token: customer });
    expectContract('createOAuthEmailAccount', res, 501);
    expect(res.json().message.state_message).toBe('oauth_not_available');
    expectContract(
      'createOAuthEmailAccount',
      await t.call('POST', '/api/v2/integrations/email/microsoft', { token: customer }),
      501,
    );
    expectContract(
      'createOAuthEmailAccount',
      await t.call('POST', '/api/v2/integrations/email/yahoo', { token: customer }),
      400,
    );
    expectContract(
      'createOAuthEmailAccount',
      await t.call('POST', `/api/v2/integrations/email/google?user_id=${t.facts.otherCustomerId}`, {
        token: customer,
      }),
      403,
    );
  });
});

describe('LinkedIn accounts', () => {
  it('lists and validates accounts with a session cookie stored encrypted', async () => {
    const list = await t.call('GET', '/api/v2/integrations/linkedin', { token: customer });
    expectContract('listLinkedinAccounts', list, 200);
    const unused = list
      .json()
      .linkedin_accounts_list.find((a: { first_use: boolean }) => a.first_use);
    const res = await t.call('POST', '/api/v2/integrations/linkedin/connection', {
      token: customer,
      body: { linkedin_account_id: unused.id, linkedin_cookie: 'AQEDA-new-cookie' },
    });
    expectContract('connectLinkedinAccount', res, 200);
    expect(res.json()).toMatchObject({
      is_valid: true,
      first_use: false,
      session_cookie: '••••okie',
    });
    const row = await t.database.db
      .selectFrom('linkedin_accounts')
      .select('session_cookie_enc')
      .where('id', '=', unused.id)
      .executeTakeFirstOrThrow();
    expect(row.session_cookie_enc).not.toContain('AQEDA-new-cookie');
  });
  it('refuses blank cookies, unknown and foreign accounts', async () => {
    const list = (await t.call('GET', '/api/v2/integrations/linkedin', { token: customer })).json();
    const id = list.linkedin_accounts_list[0].id as number;
    expectContract(
      'connectLinkedinAccount',
      await t.call('POST', '/api/v2/integrations/linkedin/connection', {
        token: customer,
        body: { linkedin_account_id: id, linkedin_cookie: '   ' },
      }),
      400,
    );
    expectContract(
      'connectLinkedinAccount',
      await t.call('POST', '/api/v2/integrations/linkedin/connection', {
        token: other,
        body: { linkedin_account_id: id, linkedin_cookie: 'x' },
      }),
      404,
    );
    expectContract(
      'connectLinkedinAccount',
      await t.call('POST', '/api/v2/integrations/linkedin/connection', {
        token: customer,
        body: { linkedin_account_id: 999999, linkedin_cookie: 'x' },
      }),
      404,
    );
    expectContract(
      'listLinkedinAccounts',
      await t.call('GET', `/api/v2/integrations/linkedin?user_id=${t.facts.customerId}`, {
        token: other,
      }),
      403,
    );
    expectContract(
      'listLinkedinAccounts',
      await t.call('GET', '/api/v2/integrations/linkedin?user_id=999999', { token: staff }),
      400,
    );
    expectContract(
      'listLinkedinAccounts',
      await t.call('GET', `/api/v2/integrations/linkedin?user_id=${t.facts.customerId}`, {
        token: staff,
      }),
      200,
    );
  });
});
