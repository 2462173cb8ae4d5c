import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMailChecker, type MailCheckInput } from '../src/integrations/mail-check';
import { startMailPeers, type MailPeers } from './peers/mail-peers';

let peers: MailPeers;
beforeAll(async () => {
  peers = await startMailPeers([{ user: 'ada@example.test', password: 'good-password' }]);
}, 30_000);
afterAll(async () => peers?.close());

function input(
  over: {
    password?: string;
    imap?: Partial<MailCheckInput['imap']>;
    smtp?: Partial<MailCheckInput['smtp']>;
  } = {},
): MailCheckInput {
  return {
    user: 'ada@example.test',
    password: over.password ?? 'good-password',
    imap: {
      host: '127.0.0.1',
      address: '127.0.0.1',
      port: peers.imap.implicit,
      secure: true,
      ...over.imap,
    },
    smtp: {
      host: '127.0.0.1',
      address: '127.0.0.1',
      port: peers.smtp.implicit,
      secure: true,
      ...over.smtp,
    },
  };
}

describe('live mail check against Dovecot and an SMTP server', () => {
  const check = () => liveMailChecker({ timeoutMs: 2_000, ca: peers.ca });

  it('accepts good credentials over implicit TLS and over STARTTLS', async () => {
    expect(await check()(input())).toEqual({ ok: true });
    expect(
      await check()(
        input({
          imap: { port: peers.imap.starttls, secure: false },
          smtp: { port: peers.smtp.starttls, secure: false },
        }),
      ),
    ).toEqual({ ok: true });
  });

  it('says the IMAP credentials were refused', async () => {
    expect(await check()(input({ password: 'wrong' }))).toEqual({
      ok: false,
      part: 'imap',
      reason: 'credentials',
    });
    expect(
      await check()(
        input({ password: 'wrong', imap: { port: peers.imap.starttls, secure: false } }),
      ),
    ).toEqual({ ok: false, part: 'imap', reason: 'credentials' });
  });

  it('says the host is unreachable', async () => {
    expect(await check()(input({ imap: { port: peers.closedPort } }))).toEqual({
      ok: false,
      part: 'imap',
      reason: 'unreachable',
    });
    expect(await check()(input({ smtp: { port: peers.closedPort } }))).toEqual({
      ok: false,
      part: 'smtp',
      reason: 'unreachable',
    });
  });

  it('says the SSL mode does not match the port', async () => {
    // SSL on the STARTTLS port, and STARTTLS on the implicit-TLS port.
    expect(await check()(input({ imap: { port: peers.imap.starttls, secure: true } }))).toEqual({
      ok: false,
      part: 'imap',
      reason: 'tls_mode',
    });
    expect(await check()(input({ imap: { port: peers.imap.implicit, secure: false } }))).toEqual({
      ok: false,
      part: 'imap',
      reason: 'tls_mode',
    });
    expect(await check()(input({ smtp: { port: peers.smtp.starttls, secure: true } }))).toEqual({
      ok: false,
      part: 'smtp',
      reason: 'tls_mode',
    });
  });

  it('refuses an untrusted certificate', async () => {
    expect(await liveMailChecker({ timeoutMs: 2_000 })(input())).toEqual({
      ok: false,
      part: 'imap',
      reason: 'certificate',
    });
  });

  it('says the SMTP server refused the login when IMAP accepted it', async () => {
    const smtpOnlyBad = liveMailChecker({ timeoutMs: 2_000, ca: peers.ca });
    // The SMTP server reads the shared users list at each login, Dovecot its own file: change the SMTP side only.
    const original = peers.users[0]!;
    peers.users[0] = { user: original.user, password: 'smtp-only' };
    try {
      expect(await smtpOnlyBad(input())).toEqual({
        ok: false,
        part: 'smtp',
        reason: 'credentials',
      });
    } finally {
      peers.users[0] = original;
    }
  });
});

describe('a check connects to the address it was given', () => {
  it('never looks the name up again, and checks the certificate against the name typed', async () => {
    const check = liveMailChecker({ timeoutMs: 2_000, ca: peers.ca });
    // The certificate names localhost: reached at its address, the name still verifies it.
    expect(
      await check(input({ imap: { host: 'localhost' }, smtp: { host: 'localhost' } })),
    ).toEqual({ ok: true });
    // A name that resolves nowhere, given with an address: the connection is made (no lookup) and TLS checks that
    // name, which the certificate does not hold.
    expect(await check(input({ imap: { host: 'mail.not-resolvable.invalid' } }))).toEqual({
      ok: false,
      part: 'imap',
      reason: 'certificate',
    });
    expect(await check(input({ smtp: { host: 'mail.not-resolvable.invalid' } }))).toEqual({
      ok: false,
      part: 'smtp',
      reason: 'certificate',
    });
  });
});
