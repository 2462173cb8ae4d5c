import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveImapChecker, type ImapChecker } from '../src/integrations/imap';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let other: string;
let staff: string;
let imapAnswer: Awaited<ReturnType<ImapChecker>> = 'ok';

beforeAll(async () => {
  t = await startTestApp({ smtpAccountLimit: 2 }, async () => imapAnswer);
  customer = (await t.login('customer@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
});
afterAll(async () => t?.close());

const smtpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'mailbox-password',
  smtp_host: 'mail.infomaniak.com',
  smtp_port: 465,
  smtp_secure: 'ssl',
  imap_host: 'mail.infomaniak.com',
  imap_port: 993,
  imap_secure: 'ssl',
  provider: 'infomaniak',
  ...extra,
});

describe('e-mail accounts', () => {
  it('lists the accounts of the user (staff may pass user_id)', async () => {
    const res = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expectContract('listEmailAccounts', res, 200);
    expect(res.json().email_accounts_list).toHaveLength(1);
    expectContract('listEmailAccounts', await t.call('GET', `/api/v2/integrations/email?user_id=${t.facts.customerId}`, { token: staff }), 200);
    expectContract('listEmailAccounts', await t.call('GET', `/api/v2/integrations/email?user_id=${t.facts.customerId}`, { token: other }), 403);
    expectContract('listEmailAccounts', await t.call('GET', '/api/v2/integrations/email?user_id=999999', { token: staff }), 400);
  });

  it('adds an SMTP account after the IMAP check and stores the password encrypted', async () => {
    imapAnswer = 'ok';
    const res = await t.call('POST', '/api/v2/integrations/email/smtp', { token: customer, body: smtpBody('julien@moreau-solutions-rh.fr') });
    expectContract('createSmtpEmailAccount', res, 201);
    expect(res.json().email_account).toMatchObject({ email: 'julien@moreau-solutions-rh.fr', account_type: 'INFOMANIAK_SMTP', is_valid: true, auth_url: null });
    const row = await t.database.db.selectFrom('email_accounts').select(['password_enc', 'id']).where('id', '=', res.json().email_account.id).executeTakeFirstOrThrow();
    expect(row.password_enc).toMatch(/^v1\./);
    expect(row.password_enc).not.toContain('mailbox-password');
    expect(t.app.services.secretBox.decrypt(row.password_enc as string, `email_account:${row.id}`)).toBe('mailbox-password');
  });

  it('answers the integration error codes', async () => {
    const duplicate = await t.call('POST', '/api/v2/integrations/email/smtp', { token: customer, body: smtpBody('julien@moreau-solutions-rh.fr') });
    expectContract('createSmtpEmailAccount', duplicate, 409);
    expect(duplicate.json().message.state_message).toBe('email_account_already_exists');

    const limit = await t.call('POST', '/api/v2/integrations/email/smtp', { token: customer, body: smtpBody('third@moreau-solutions-rh.fr', { provider: 'other' }) });
    expectContract('createSmtpEmailAccount', limit, 422);
    expect(limit.json().message.state_message).toBe('number_of_smtp_accounts_reached');

    imapAnswer = 'bad_credentials';
    const bad = await t.call('POST', '/api/v2/integrations/email/smtp', { token: other, body: smtpBody('emma@northwind-analytics.co.uk', { provider: 'ovh_pro', smtp_port: 587, smtp_secure: 'tls' }) });
    expectContract('createSmtpEmailAccount', bad, 400);
    expect(bad.json()).toMatchObject({ detail: 'Incorrect credentials, please check your login information.', message: { state_message: 'bad_imap_credentials' } });
    imapAnswer = 'unreachable';
    const unreachable = await t.call('POST', '/api/v2/integrations/email/smtp', { token: other, body: smtpBody('emma@northwind-analytics.co.uk') });
    expectContract('createSmtpEmailAccount', unreachable, 400);

    await t.database.db.insertInto('email_accounts').values({ user_id: t.facts.otherCustomerId, name: 'Emma', email: 'old@northwind-analytics.co.uk', account_type: 'OVH_SMTP', is_valid: false }).execute();
    imapAnswer = 'ok';
    const inactive = await t.call('POST', '/api/v2/integrations/email/smtp', { token: other, body: smtpBody('new@northwind-analytics.co.uk', { provider: 'ovh' }) });
    expectContract('createSmtpEmailAccount', inactive, 409);
    expect(inactive.json().message.state_message).toBe('inactive_email_account_already_exists');
  });

  it('validates the form and the target user', async () => {
    expectContract('createSmtpEmailAccount', await t.call('POST', '/api/v2/integrations/email/smtp', { token: customer, body: smtpBody('x@y.fr', { smtp_port: 0 }) }), 400);
    expectContract('createSmtpEmailAccount', await t.call('POST', '/api/v2/integrations/email/smtp', { token: customer, body: smtpBody('x@y.fr', { smtp_secure: true }) }), 400);
    expectContract('createSmtpEmailAccount', await t.call('POST', '/api/v2/integrations/email/smtp', { token: customer, body: smtpBody('not-an-email') }), 400);
    expectContract('createSmtpEmailAccount', await t.call('POST', `/api/v2/integrations/email/smtp?user_id=${t.facts.otherCustomerId}`, { token: customer, body: smtpBody('x@y.fr') }), 403);
    expectContract('createSmtpEmailAccount', await t.call('POST', '/api/v2/integrations/email/smtp?user_id=999999', { token: staff, body: smtpBody('x@y.fr') }), 400);
  });

  it('answers 501 oauth_not_available for the external sign-in providers', async () => {
    const res = await t.call('POST', '/api/v2/integrations/email/google', { token: customer });
    expectContract('createOAuthEmailAccount', res, 501);
    expect(res.json().message.state_message).toBe('oauth_not_available');
    expectContract('createOAuthEmailAccount', await t.call('POST', '/api/v2/integrations/email/microsoft', { token: customer }), 501);
    expectContract('createOAuthEmailAccount', await t.call('POST', '/api/v2/integrations/email/yahoo', { token: customer }), 400);
    expectContract('createOAuthEmailAccount', await t.call('POST', `/api/v2/integrations/email/google?user_id=${t.facts.otherCustomerId}`, { token: customer }), 403);
  });
});

describe('LinkedIn accounts', () => {
  it('lists and validates accounts with a session cookie stored encrypted', async () => {
    const list = await t.call('GET', '/api/v2/integrations/linkedin', { token: customer });
    expectContract('listLinkedinAccounts', list, 200);
    const unused = list.json().linkedin_accounts_list.find((a: { first_use: boolean }) => a.first_use);
    const res = await t.call('POST', '/api/v2/integrations/linkedin/connection', { token: customer, body: { linkedin_account_id: unused.id, linkedin_cookie: 'AQEDA-new-cookie' } });
    expectContract('connectLinkedinAccount', res, 200);
    expect(res.json()).toMatchObject({ is_valid: true, first_use: false, session_cookie: '••••okie' });
    const row = await t.database.db.selectFrom('linkedin_accounts').select('session_cookie_enc').where('id', '=', unused.id).executeTakeFirstOrThrow();
    expect(row.session_cookie_enc).not.toContain('AQEDA-new-cookie');
  });
  it('refuses blank cookies, unknown and foreign accounts', async () => {
    const list = (await t.call('GET', '/api/v2/integrations/linkedin', { token: customer })).json();
    const id = list.linkedin_accounts_list[0].id as number;
    expectContract('connectLinkedinAccount', await t.call('POST', '/api/v2/integrations/linkedin/connection', { token: customer, body: { linkedin_account_id: id, linkedin_cookie: '   ' } }), 400);
    expectContract('connectLinkedinAccount', await t.call('POST', '/api/v2/integrations/linkedin/connection', { token: other, body: { linkedin_account_id: id, linkedin_cookie: 'x' } }), 404);
    expectContract('connectLinkedinAccount', await t.call('POST', '/api/v2/integrations/linkedin/connection', { token: customer, body: { linkedin_account_id: 999999, linkedin_cookie: 'x' } }), 404);
    expectContract('listLinkedinAccounts', await t.call('GET', `/api/v2/integrations/linkedin?user_id=${t.facts.customerId}`, { token: other }), 403);
    expectContract('listLinkedinAccounts', await t.call('GET', '/api/v2/integrations/linkedin?user_id=999999', { token: staff }), 400);
    expectContract('listLinkedinAccounts', await t.call('GET', `/api/v2/integrations/linkedin?user_id=${t.facts.customerId}`, { token: staff }), 200);
  });
});

describe('live IMAP check', () => {
  // A small IMAP server with a self-signed certificate: implicit TLS on one port, STARTTLS on another.
  const dir = mkdtempSync(join(tmpdir(), 'imap-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));

  function speak(socket: net.Socket, onStartTls?: () => void) {
    socket.on('data', (data) => {
      for (const line of data.toString().split('\r\n').filter(Boolean)) {
        const [tag, command] = line.split(' ');
        if (command === 'LOGIN') socket.write(line.endsWith('"good-password"') ? `${tag} OK LOGIN completed\r\n` : `${tag} NO [AUTHENTICATIONFAILED] Invalid credentials\r\n`);
        else if (command === 'LOGOUT') socket.end(`* BYE\r\n${tag} OK\r\n`);
        else if (command === 'STARTTLS' && onStartTls) {
          socket.removeAllListeners('data');
          socket.write(`${tag} OK Begin TLS\r\n`, onStartTls);
        } else socket.write(`${tag} BAD unknown\r\n`);
      }
    });
  }

  it('checks credentials over implicit TLS and over STARTTLS', async () => {
    const implicit = tls.createServer({ key, cert }, (socket) => {
      socket.write('* OK fake IMAP ready\r\n');
      speak(socket);
    });
    const starttls = net.createServer((plain) => {
      plain.write('* OK fake IMAP ready\r\n');
      speak(plain, () => {
        const secured = new tls.TLSSocket(plain, { isServer: true, key, cert });
        speak(secured);
      });
    });
    await new Promise<void>((resolve) => implicit.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => starttls.listen(0, '127.0.0.1', resolve));
    const sslPort = (implicit.address() as net.AddressInfo).port;
    const tlsPort = (starttls.address() as net.AddressInfo).port;
    const check = liveImapChecker({ timeoutMs: 3000, ca: cert });
    try {
      expect(await check({ host: '127.0.0.1', port: sslPort, secure: true, user: 'u@x.fr', password: 'good-password' })).toBe('ok');
      expect(await check({ host: '127.0.0.1', port: sslPort, secure: true, user: 'u@x.fr', password: 'bad-password' })).toBe('bad_credentials');
      expect(await check({ host: '127.0.0.1', port: tlsPort, secure: false, user: 'u@x.fr', password: 'good-password' })).toBe('ok');
      expect(await check({ host: '127.0.0.1', port: tlsPort, secure: false, user: 'u@x.fr', password: 'nope' })).toBe('bad_credentials');
      // An untrusted certificate is refused.
      expect(await liveImapChecker({ timeoutMs: 3000 })({ host: '127.0.0.1', port: sslPort, secure: true, user: 'u', password: 'good-password' })).toBe('unreachable');
      // Nothing listening, or a value that cannot be sent safely.
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as net.AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      expect(await check({ host: '127.0.0.1', port: closedPort, secure: true, user: 'u', password: 'p' })).toBe('unreachable');
      expect(await check({ host: '127.0.0.1', port: sslPort, secure: true, user: 'u\r\nA1 LOGOUT', password: 'p' })).toBe('bad_credentials');
    } finally {
      implicit.close();
      starttls.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
