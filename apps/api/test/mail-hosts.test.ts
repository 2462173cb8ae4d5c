import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMailChecker, type MailChecker } from '../src/integrations/mail-check';
import { MailHostGuard, MailHostRefused } from '../src/integrations/mail-hosts';
import { pollMailbox } from '../src/integrations/mailbox-watch';
import { expectContract, startTestApp, type TestApp } from './helpers';

/** Every spelling of this machine, and the other addresses a user must not make the server reach. */
const INTERNAL_HOSTS = [
  'localhost',
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '0.0.0.0',
  '0',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '169.254.169.254',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '224.0.0.1',
  '255.255.255.255',
  'fe80::1',
  'fc00::1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
];

async function refusal(guard: MailHostGuard, host: string, port: number) {
  try {
    await guard.resolve(host, port);
    return null;
  } catch (error) {
    if (error instanceof MailHostRefused) return error.refusal;
    throw error;
  }
}

describe('the mail-host guard', () => {
  const strict = new MailHostGuard({ allow: [], extraPorts: [] });

  it.each(INTERNAL_HOSTS)('refuses %s without an allow-list', async (host) => {
    expect(await refusal(strict, host, 993)).toBe('address');
  });

  it('accepts a public address on a mail port, and only mail ports (plus the configured ones)', async () => {
    for (const port of [25, 465, 587, 2525, 143, 993])
      expect(await strict.resolve('93.184.215.14', port)).toEqual({ address: '93.184.215.14' });
    for (const port of [22, 80, 5432, 6379, 8080, 1])
      expect(await refusal(strict, '93.184.215.14', port)).toBe('port');
    const more = new MailHostGuard({ allow: [], extraPorts: [1025] });
    expect(await more.resolve('2a00:1450:4007:80e::2005', 1025)).toEqual({
      address: '2a00:1450:4007:80e::2005',
    });
  });

  it('resolves a name once, answers the address to connect to and keeps the name for TLS', async () => {
    const lookups: string[] = [];
    const guard = new MailHostGuard({ allow: [], extraPorts: [] }, async (host) => {
      lookups.push(host);
      return host === 'mail.example.com' ? [{ address: '93.184.215.14' }] : [];
    });
    expect(await guard.resolve('mail.example.com', 465)).toEqual({
      address: '93.184.215.14',
      servername: 'mail.example.com',
    });
    expect(lookups).toEqual(['mail.example.com']);
    expect(await refusal(guard, 'nowhere.example.com', 465)).toBe('unresolved');
  });

  it('refuses a name when any of its addresses is internal', async () => {
    const guard = new MailHostGuard({ allow: [], extraPorts: [] }, async () => [
      { address: '93.184.215.14' },
      { address: '10.1.2.3' },
    ]);
    expect(await refusal(guard, 'split.example.com', 993)).toBe('address');
  });

  it('lets the allow-list name hosts and ranges, nothing more', async () => {
    const guard = new MailHostGuard(
      { allow: ['10.20.0.0/16', 'relay.internal', 'fd00::/8'], extraPorts: [] },
      async (host) => [{ address: host === 'relay.internal' ? '192.168.5.5' : '172.16.0.9' }],
    );
    expect(await guard.resolve('10.20.3.4', 587)).toEqual({ address: '10.20.3.4' });
    expect(await guard.resolve('fd12::1', 587)).toEqual({ address: 'fd12::1' });
    expect(await guard.resolve('relay.internal', 587)).toEqual({
      address: '192.168.5.5',
      servername: 'relay.internal',
    });
    expect(await refusal(guard, 'other.internal', 587)).toBe('address');
    expect(await refusal(guard, '10.21.0.1', 587)).toBe('address');
    // An allowed range does not open every port.
    expect(await refusal(guard, '10.20.3.4', 5432)).toBe('port');
    expect(() => new MailHostGuard({ allow: ['10.0.0.0/99'], extraPorts: [] })).toThrow();
  });
});

describe('adding an SMTP/IMAP account', () => {
  let t: TestApp;
  let customer: string;
  let other: string;
  let listener: net.Server;
  let listening: number;
  let connections = 0;
  const checks: Parameters<MailChecker>[0][] = [];

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listening = (listener.address() as AddressInfo).port;
    const live = liveMailChecker({ timeoutMs: 2_000 });
    // The real check (it would connect), recorded: a refused host never reaches it.
    t = await startTestApp({ mailHosts: { allow: [], extraPorts: [listening] } }, (input) => {
      checks.push(input);
      return live(input);
    });
    customer = (await t.login('customer@example.com')).access;
    other = (await t.login('other.customer@example.com')).access;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  const body = (host: string, port: number, over: Record<string, unknown> = {}) => ({
    email: 'ventes@moreau-solutions-rh.fr',
    password: 'mailbox-password',
    smtp_host: 'smtp.example.com',
    smtp_port: 465,
    smtp_secure: 'ssl',
    imap_host: host,
    imap_port: port,
    imap_secure: 'ssl',
    provider: 'other',
    ...over,
  });

  it('refuses an internal address under every spelling before any connection, listening or not', async () => {
    for (const [i, host] of [
      'localhost',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0.0.0.0',
    ].entries()) {
      const token = i % 2 ? customer : other;
      const res = await t.call('POST', '/api/v2/integrations/email/smtp', {
        token,
        body: body(host, listening),
      });
      expectContract('createSmtpEmailAccount', res, 400);
      expect(res.json().message).toEqual({
        state_message: 'mail_server_address_refused',
        server: 'imap',
      });
    }
    const mapped = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: customer,
      body: body('93.184.215.14', 993, { smtp_host: '::ffff:127.0.0.1', smtp_port: listening }),
    });
    expectContract('createSmtpEmailAccount', mapped, 400);
    expect(mapped.json().message).toEqual({
      state_message: 'mail_server_address_refused',
      server: 'smtp',
    });
    // The same answer where nothing listens: nothing tells a closed port from an open one.
    const closed = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: other,
      body: body('127.0.0.1', 993),
    });
    expect(closed.json().message.state_message).toBe('mail_server_address_refused');
    expect(connections).toBe(0);
    expect(checks).toEqual([]);
  });

  it('refuses a port that is not a mail port, with its own code', async () => {
    const res = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: customer,
      body: body('93.184.215.14', 5432),
    });
    expectContract('createSmtpEmailAccount', res, 400);
    expect(res.json().message).toEqual({
      state_message: 'mail_server_port_refused',
      server: 'imap',
    });
    expect(checks).toEqual([]);
  });

  it('answers 429 past 10 account checks a minute of one user, and not to another user', async () => {
    const staff = (await t.login('staff@example.com')).access;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call('POST', '/api/v2/integrations/email/smtp', {
        token: staff,
        body: body('10.0.0.1', 993),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expectContract('createSmtpEmailAccount', res, 429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    const another = await t.call('POST', '/api/v2/integrations/email/smtp', {
      token: customer,
      body: body('10.0.0.1', 993),
    });
    expect(another.statusCode).toBe(400);
  });

  it('the mailbox watch refuses a stored internal server and invalidates the account', async () => {
    const { id } = await t.database.db
      .insertInto('email_accounts')
      .values({
        user_id: t.facts.customerId,
        name: 'Interne',
        email: 'interne@moreau-solutions-rh.fr',
        account_type: 'SMTP',
        is_valid: true,
        imap_host: '169.254.169.254',
        imap_port: 993,
        imap_secure: true,
        password_enc: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('email_accounts')
      .set({ password_enc: t.app.services.secretBox.encrypt('x', `email_account:${id}`) })
      .where('id', '=', id)
      .execute();
    const row = await t.database.db
      .selectFrom('email_accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const deps = {
      db: t.database.db,
      secretBox: t.app.services.secretBox,
      mailHosts: t.app.services.mailHosts,
    };
    expect(await pollMailbox(deps, row, { timeoutMs: 2_000 })).toEqual({
      accountId: id,
      error: 'address_refused',
    });
    expect(
      await t.database.db
        .selectFrom('email_accounts')
        .select(['is_valid', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ is_valid: false, last_error: 'mail_server_address_refused' });
  });
});
