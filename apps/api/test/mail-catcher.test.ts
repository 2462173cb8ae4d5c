import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import nodemailer from 'nodemailer';
import {
  catcherTransport,
  catcherTransportOptions,
  CATCHER_MAX_MESSAGE_BYTES,
} from '../src/mail/catcher';
import { sendThroughMailbox } from '../src/engine/transport';
import { MailHostGuard } from '../src/integrations/mail-hosts';
import { expectContract, startTestApp, startTestAppBeside, type TestApp } from './helpers';

/** Whether something accepts connections on 127.0.0.1:port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

interface Summary {
  id: number;
  from: string;
  to: string;
  subject: string;
  date: string | null;
}

describe('the local mail catcher', () => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp({ mailCatcher: { port: 0, keep: 3 } });
    staff = (await t.login('staff@example.com')).access;
    customer = (await t.login('customer@example.com')).access;
  });
  afterAll(async () => t?.close());

  const list = async () => {
    const res = await t.call('GET', '/api/dev/caught-mails', { token: staff });
    expectContract('listCaughtMails', res, 200);
    return (res.json() as { items: Summary[] }).items;
  };

  it('stores a campaign mail sent with nodemailer through catcherTransport whole', async () => {
    const transport = catcherTransport(t.app.services);
    expect(transport).not.toBeNull();
    const info = await transport!.sendMail({
      from: 'Alice Martin <alice@acme.example>',
      to: 'Bob Prospect <bob@prospect.example>',
      subject: 'Une idée pour « Bob » : 20 % de rendez-vous en plus ?',
      text: 'Bonjour Bob,\nhttp://localhost:3000/m/c/abc',
      html: '<p>Bonjour Bob, <a href="http://localhost:3000/m/c/abc">voir</a></p><script>alert(1)</script>',
      messageId: '<send-1@prospecta.local>',
      inReplyTo: '<send-0@prospecta.local>',
      references: ['<send-0@prospecta.local>'],
      date: new Date('2026-11-27T10:00:00Z'),
      list: {
        unsubscribe: { url: 'http://localhost:3000/m/u/abc', comment: 'Unsubscribe' },
      },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      envelope: { from: 'bounces+1@acme.example', to: ['bob@prospect.example'] },
    });
    expect(info.accepted).toEqual(['bob@prospect.example']);
    transport!.close();

    const [first] = await list();
    expect(first).toMatchObject({
      from: '"Alice Martin" <alice@acme.example>',
      to: '"Bob Prospect" <bob@prospect.example>',
      subject: 'Une idée pour « Bob » : 20 % de rendez-vous en plus ?',
      date: '2026-11-27T10:00:00.000Z',
    });
    const one = await t.call('GET', `/api/dev/caught-mails/${first!.id}`, { token: staff });
    expectContract('getCaughtMail', one, 200);
    const mail = one.json();
    expect(mail).toMatchObject({
      envelope_from: 'bounces+1@acme.example',
      envelope_to: ['bob@prospect.example'],
      headers: {
        message_id: '<send-1@prospecta.local>',
        in_reply_to: '<send-0@prospecta.local>',
        references: '<send-0@prospecta.local>',
        list_unsubscribe: '<http://localhost:3000/m/u/abc> (Unsubscribe)',
        list_unsubscribe_post: 'List-Unsubscribe=One-Click',
      },
      text: 'Bonjour Bob,\nhttp://localhost:3000/m/c/abc',
    });
    expect(mail.html).toContain('<a href="http://localhost:3000/m/c/abc">voir</a>');
    expect(mail.raw).toContain('Message-ID: <send-1@prospecta.local>');
    expect(mail.size).toBe(Buffer.byteLength(mail.raw));
  });

  it('takes the campaign mails of a mailbox whose own server is out of reach, never contacting it', async () => {
    const account = await t.database.db
      .selectFrom('email_accounts')
      .selectAll()
      .where('user_id', '=', t.facts.customerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const result = await sendThroughMailbox(
      {
        db: t.database.db,
        secretBox: t.app.services.secretBox,
        // Only public mail servers: the mailbox's own (a private address) would be refused.
        mailHosts: new MailHostGuard({ allow: [], extraPorts: [] }),
        catcher: t.app.services.mailCatcher,
      },
      { ...account, smtp_host: '10.0.0.1', password_enc: 'unreadable' },
      {
        from: { name: 'Alice Martin', address: account.email },
        to: { name: 'Carla Prospect', address: 'carla@prospect.example' },
        subject: 'Une campagne de démonstration',
        messageId: 'send-catcher@prospecta.local',
        inReplyTo: null,
        references: [],
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        text: 'Bonjour Carla,',
        html: null,
      },
    );
    expect(result.kind).toBe('accepted');
    const [first] = await list();
    expect(first).toMatchObject({ subject: 'Une campagne de démonstration' });
  });

  it('accepts any sign-in (a deliverer that keeps the mailbox’s credentials still lands here)', async () => {
    const transport = nodemailer.createTransport({
      ...catcherTransportOptions(t.app.services.mailCatcher!),
      auth: { user: 'alice@acme.example', pass: 'whatever' },
    });
    await transport.sendMail({
      from: 'alice@acme.example',
      to: 'b@prospect.example',
      subject: 'Signed in',
      text: 'x',
    });
    transport.close();
    expect((await list())[0]).toMatchObject({ subject: 'Signed in' });
  });

  it('keeps only the newest MAIL_CATCHER_KEEP, newest first', async () => {
    const transport = catcherTransport(t.app.services)!;
    for (const n of [1, 2, 3, 4]) {
      await transport.sendMail({
        from: 'a@acme.example',
        to: 'b@prospect.example',
        subject: `Message ${n}`,
        text: 'x',
      });
    }
    transport.close();
    expect((await list()).map((m) => m.subject)).toEqual(['Message 4', 'Message 3', 'Message 2']);
    const limited = await t.call('GET', '/api/dev/caught-mails?limit=1', { token: staff });
    expectContract('listCaughtMails', limited, 200);
    expect(limited.json().items).toHaveLength(1);
  });

  it('refuses a message over its size limit with 552, keeping nothing of it', async () => {
    const before = await list();
    const transport = catcherTransport(t.app.services)!;
    await expect(
      transport.sendMail({
        from: 'a@acme.example',
        to: 'b@prospect.example',
        subject: 'Too big',
        text: 'x'.repeat(CATCHER_MAX_MESSAGE_BYTES + 1024),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    transport.close();
    expect(await list()).toEqual(before);
  });

  it('carries the server’s own mails when SMTP_URL is unset: reset codes stay at GET /api/dev/outbox', async () => {
    expect(t.app.services.mailer.transport).toBe('catcher');
    const res = await t.call('POST', '/api/user/reset-password', {
      body: { email: 'other.customer@example.com' },
    });
    expectContract('requestPasswordReset', res, 204);
    await t.app.services.jobs.settled();
    const outbox = await t.call('GET', '/api/dev/outbox', { version: null });
    expectContract('listDevOutbox', outbox, 200);
    const mail = (outbox.json() as { to: string; text: string }[]).find(
      (m) => m.to === 'other.customer@example.com',
    );
    expect(mail?.text).toMatch(/change-password\?code=[\w%-]+/);
    const [caught] = await list();
    expect(caught).toMatchObject({ to: 'other.customer@example.com' });
    expect(caught!.from).toContain('test@prospecta.local');
  });

  it('is for staff only, and answers 404 for a mail it does not keep', async () => {
    expectContract(
      'listCaughtMails',
      await t.call('GET', '/api/dev/caught-mails', { token: customer }),
      403,
    );
    expectContract('listCaughtMails', await t.call('GET', '/api/dev/caught-mails'), 401);
    expectContract(
      'getCaughtMail',
      await t.call('GET', '/api/dev/caught-mails/999999', { token: staff }),
      404,
    );
    expectContract(
      'listCaughtMails',
      await t.call('GET', '/api/dev/caught-mails?limit=0', { token: staff }),
      400,
    );
  });

  it('says so in the runtime configuration', async () => {
    const res = await t.call('GET', '/config.json', { version: null });
    expect(res.json()).toMatchObject({ mailCatcher: true });
  });

  it('stops listening when the server closes', async () => {
    const other = await startTestAppBeside(t, { mailCatcher: { port: 0, keep: 10 } });
    const port = other.app.services.mailCatcher!.port;
    expect(await listening(port)).toBe(true);
    await other.close();
    expect(await listening(port)).toBe(false);
  });
});

describe('without the catcher', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('offers no transport, no page, and the server’s mails go to the outbox table', async () => {
    expect(catcherTransport(t.app.services)).toBeNull();
    expect(t.app.services.mailer.transport).toBe('outbox');
    const staff = (await t.login('staff@example.com')).access;
    expectContract(
      'listCaughtMails',
      await t.call('GET', '/api/dev/caught-mails', { token: staff }),
      404,
    );
    expect((await t.call('GET', '/config.json', { version: null })).json()).toMatchObject({
      mailCatcher: false,
    });
  });
});

describe('MAIL_CATCHER', () => {
  const secrets = {
    JWT_SECRET: 's'.repeat(40),
    ENCRYPTION_KEY: '0'.repeat(64),
    SMTP_URL: 'smtp://mail.example.com:25',
  };

  it('is on by default in development and CI, off in staging and production, and refused there', () => {
    expect(loadConfig({ ...secrets, APP_ENV: 'development' }).mailCatcher).toEqual({
      port: 0,
      keep: 500,
    });
    expect(
      loadConfig({ ...secrets, APP_ENV: 'ci', MAIL_CATCHER_PORT: '2525', MAIL_CATCHER_KEEP: '20' })
        .mailCatcher,
    ).toEqual({ port: 2525, keep: 20 });
    expect(loadConfig({ ...secrets, APP_ENV: 'ci', MAIL_CATCHER: 'false' }).mailCatcher).toBe(
      undefined,
    );
    expect(loadConfig({ ...secrets, APP_ENV: 'staging' }).mailCatcher).toBe(undefined);
    expect(loadConfig({ ...secrets, NODE_ENV: 'production' }).mailCatcher).toBe(undefined);
    expect(() => loadConfig({ ...secrets, NODE_ENV: 'production', MAIL_CATCHER: 'true' })).toThrow(
      'MAIL_CATCHER=true is only allowed when APP_ENV is development or ci (got "production")',
    );
    expect(() => loadConfig({ ...secrets, APP_ENV: 'ci', MAIL_CATCHER_PORT: '70000' })).toThrow(
      'MAIL_CATCHER_PORT must be a port, 0 to 65535 (got 70000)',
    );
  });
});
