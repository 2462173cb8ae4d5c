import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MEETINGS_BOOKING_URL,
  MEETINGS_WIDGET_ORIGINS,
  MEETINGS_WIDGET_SCRIPT_URL,
} from '@prospecta/domain';
import { loadConfig } from '../src/config';
import { lifetimeText } from '../src/mail/reset-mail';
import {
  HASH_CONCURRENCY,
  hashPassword,
  LOGIN_QUEUE_LIMIT,
  queuedHashes,
} from '../src/security/password';
import { DENIED_FEATURES, headerPolicy } from '../src/security/headers';
import { redactUrl } from '../src/security/log-redaction';
import { jsonProblem } from '../src/http/json-guard';
import { insertUser } from '../src/seed/campaigns';
import { DEMO_USERS } from '../src/seed/demo';
import { startTestApp, startTestAppBeside, TEST_SCRYPT, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('sends a strict CSP, Permissions-Policy and no HSTS over plain HTTP', async () => {
    const res = await t.call('GET', '/api/health', { version: null });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Sent through @fastify/helmet exactly as the policy says, with helmet's other protections.
    expect(csp).toBe(headerPolicy(t.config).contentSecurityPolicy);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  it('names in Permissions-Policy only features browsers recognise (an unknown one is a console error on every page)', async () => {
    const res = await t.call('GET', '/api/health', { version: null });
    const features = String(res.headers['permissions-policy'])
      .split(',')
      .map((entry) => entry.trim().split('=')[0]);
    expect(features).toEqual([...DENIED_FEATURES]);
    // Chromium 156 says "Unrecognized feature" for these (the end-to-end suite checks the console itself).
    for (const unknown of ['bluetooth', 'battery', 'ambient-light-sensor'])
      expect(features).not.toContain(unknown);
  });

  it('sends HSTS when served over TLS (a trusted proxy saying https)', async () => {
    const proxied = await startTestAppBeside(t, { trustProxy: true });
    try {
      const res = await proxied.call('GET', '/api/health', {
        version: null,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await proxied.close();
    }
  });

  it('names only the configured third-party and API origins', () => {
    const csp = headerPolicy({
      apiBaseUrl: 'https://api.example.com/v1',
      userServiceBaseUrl: '',
      thirdPartyOrigins: ['https://meet.example.com'],
    }).contentSecurityPolicy;
    expect(csp).toContain("connect-src 'self' https://api.example.com https://meet.example.com");
    expect(csp).toContain('frame-src https://meet.example.com');
    expect(
      headerPolicy({ apiBaseUrl: '', userServiceBaseUrl: '', thirdPartyOrigins: [] })
        .contentSecurityPolicy,
    ).toContain("frame-src 'none'");
  });

  it('allows the onboarding meetings widget by default, so the last step can load it', () => {
    const env = { APP_ENV: 'ci', JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: '0'.repeat(64) };
    const config = loadConfig(env);
    expect(config.thirdPartyOrigins).toEqual([...MEETINGS_WIDGET_ORIGINS]);
    const csp = headerPolicy({
      apiBaseUrl: '',
      userServiceBaseUrl: '',
      thirdPartyOrigins: config.thirdPartyOrigins,
    }).contentSecurityPolicy;
    expect(csp).toContain(`script-src 'self' ${new URL(MEETINGS_WIDGET_SCRIPT_URL).origin}`);
    expect(csp).toContain(new URL(MEETINGS_BOOKING_URL).origin);
    // Set but empty: none, and the last step shows its plain link.
    expect(loadConfig({ ...env, THIRD_PARTY_ORIGINS: '' }).thirdPartyOrigins).toEqual([]);
    expect(
      loadConfig({ ...env, THIRD_PARTY_ORIGINS: 'https://meet.example.com' }).thirdPartyOrigins,
    ).toEqual(['https://meet.example.com']);
  });
});

describe('request bodies no input turns into a 500', () => {
  it('answers 400 to deeply nested JSON holding a NUL character', async () => {
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const res = await t.call('POST', '/api/v2/auth/token/get', {
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const flat = await t.call('POST', '/api/v2/auth/token/get', {
      body: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(flat.statusCode).toBe(400);
  });

  it('answers 400 to a lone surrogate in free text', async () => {
    const res = await t.call('POST', '/api/v2/auth/token/get', {
      payload: '{"email":"someone@example.com","password":"\\ud800x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(jsonProblem({ ok: '\ud83d\ude00' })).toBeNull();
    expect(jsonProblem({ bad: '\ude00' })).toBe('surrogate');
  });

  it('closes slow requests and idle sockets', () => {
    expect(t.app.server.requestTimeout).toBe(60_000);
    expect(t.app.server.timeout).toBe(60_000);
  });
});

describe('secrets stay on the server', () => {
  it('never returns the LinkedIn session cookie', async () => {
    const { access } = await t.login('customer@example.com');
    const res = await t.call('GET', '/api/v2/integrations/linkedin', { token: access });
    expect(res.statusCode).toBe(200);
    const accounts = (res.json() as { linkedin_accounts_list: { session_cookie: string | null }[] })
      .linkedin_accounts_list;
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts)
      expect(account.session_cookie === null || account.session_cookie.startsWith('••••')).toBe(
        true,
      );
  });

  it('writes no reset code or token into the request log', () => {
    expect(redactUrl('/change-password?code=abc123&lang=fr')).toBe(
      '/change-password?code=[redacted]&lang=fr',
    );
    expect(redactUrl('/x?Token=1&refresh=2')).toBe('/x?Token=[redacted]&refresh=[redacted]');
    expect(redactUrl('/api/prospects?page=2')).toBe('/api/prospects?page=2');
    // A mail link keeps its payload (which send), not its signature.
    expect(redactUrl('/m/u/dQo0Mg.c2lnbmF0dXJlLW9mLTE2Yg')).toBe('/m/u/dQo0Mg.[redacted]');
    expect(redactUrl('/m/c/YwoxMApvZmZlcg.c2ln?token=x')).toBe(
      '/m/c/YwoxMApvZmZlcg.[redacted]?token=[redacted]',
    );
    expect(redactUrl('/m/o/no-signature')).toBe('/m/o/no-signature');
  });

  it('words a reset-code lifetime under a minute, of one minute and of hours correctly', () => {
    expect(lifetimeText(45, 'fr')).toBe('45 secondes');
    expect(lifetimeText(60, 'en')).toBe('1 minute');
    expect(lifetimeText(90, 'fr')).toBe('2 minutes');
    expect(lifetimeText(3600, 'fr')).toBe('1 heure');
    expect(lifetimeText(7200, 'en')).toBe('2 hours');
  });

  it('writes the French part of the reset e-mail with a no-break space before : ; ! ? (as the app does)', async () => {
    await t.call('POST', '/api/user/reset-password', {
      body: { email: 'customer@example.com' },
      remoteAddress: '10.39.0.1',
    });
    await t.app.services.jobs.settled();
    const outbox = (await t.call('GET', '/api/dev/outbox', { version: null })).json() as {
      to: string;
      text: string;
    }[];
    const text = outbox.findLast((m) => m.to === 'customer@example.com')?.text ?? '';
    const french = text
      .split('\n')
      .filter((line) => /\b(?:Bonjour|Pour|Si vous)\b/.test(line))
      .map((line) => line.split(' / ')[0] ?? '');
    expect(french).toHaveLength(3);
    for (const line of french) expect(line, line).not.toMatch(/ [:;!?]/);
    expect(french.join('\n')).toContain('une seule fois)\u00a0:');
  });
});

describe('sessions end with a password change', () => {
  const refresh = (token: string) =>
    t.call('POST', '/api/v2/auth/token/refresh', { body: { refresh: token } });

  it('a password change revokes every other session of the user and keeps this one', async () => {
    const here = await t.login('other.customer@example.com');
    const elsewhere = await t.login('other.customer@example.com');
    const res = await t.call('POST', '/api/users/user/change-password', {
      token: here.access,
      body: {
        current_password: 'prospecta-demo',
        new_password: 'session-test-password',
        confirm_new_password: 'session-test-password',
      },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    const mine = await refresh(here.refresh);
    expect(mine.statusCode).toBe(200);
    // The rotated token still names this session: a second change keeps it too.
    const next = mine.json() as { access: string; refresh: string };
    const again = await t.call('POST', '/api/users/user/change-password', {
      token: next.access,
      body: {
        current_password: 'session-test-password',
        new_password: 'prospecta-demo',
        confirm_new_password: 'prospecta-demo',
      },
    });
    expect(again.statusCode, again.body).toBe(204);
    expect((await refresh(next.refresh)).statusCode).toBe(200);
  });

  /** A user of its own (the other tests keep theirs), signed in twice: here and elsewhere. */
  async function userWithTwoSessions(email: string) {
    await insertUser(
      t.database.db,
      { ...DEMO_USERS.other, email },
      await hashPassword('prospecta-demo', TEST_SCRYPT),
    );
    return { here: await t.login(email), elsewhere: await t.login(email) };
  }

  /** Makes every revocation of refresh-token families fail, as a database error between two statements would. */
  async function withFailingRevocation(run: () => Promise<void>): Promise<void> {
    const { db } = t.database;
    await sql`create or replace function hardening_refuse_revocation() returns trigger language plpgsql as $$ begin raise exception 'revocation refused by the test'; end $$`.execute(
      db,
    );
    await sql`create trigger hardening_refuse_revocation before update on refresh_token_families for each row execute function hardening_refuse_revocation()`.execute(
      db,
    );
    try {
      await run();
    } finally {
      await sql`drop trigger hardening_refuse_revocation on refresh_token_families`.execute(db);
      await sql`drop function hardening_refuse_revocation()`.execute(db);
    }
  }

  it('a password change whose sessions cannot be revoked changes nothing (one transaction)', async () => {
    const email = 'atomic.change@example.com';
    const { here, elsewhere } = await userWithTwoSessions(email);
    await withFailingRevocation(async () => {
      const res = await t.call('POST', '/api/users/user/change-password', {
        token: here.access,
        body: {
          current_password: 'prospecta-demo',
          new_password: 'atomic-new-password',
          confirm_new_password: 'atomic-new-password',
        },
      });
      expect(res.statusCode).toBe(500);
    });
    // The old password still signs in, the new one does not, and the other session was not ended either.
    expect(
      (
        await t.call('POST', '/api/v2/auth/token/get', {
          body: { email, password: 'atomic-new-password' },
          remoteAddress: '10.40.0.1',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.call('POST', '/api/v2/auth/token/get', {
          body: { email, password: 'prospecta-demo' },
          remoteAddress: '10.40.0.2',
        })
      ).statusCode,
    ).toBe(200);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(200);
  });

  it('a password reset revokes every session; one whose sessions cannot be revoked changes nothing and keeps its code', async () => {
    const email = 'atomic.reset@example.com';
    const { here, elsewhere } = await userWithTwoSessions(email);
    await t.call('POST', '/api/user/reset-password', {
      body: { email },
      remoteAddress: '10.41.0.1',
    });
    await t.app.services.jobs.settled();
    const outbox = (await t.call('GET', '/api/dev/outbox', { version: null })).json() as {
      to: string;
      text: string;
    }[];
    const code = decodeURIComponent(
      /change-password\?code=([\w%-]+)/.exec(outbox.find((m) => m.to === email)?.text ?? '')?.[1] ??
        '',
    );
    expect(code).not.toBe('');
    const reset = () =>
      t.call('POST', '/api/user/reset-change-password', {
        body: {
          code,
          new_password: 'atomic-reset-password',
          confirm_new_password: 'atomic-reset-password',
        },
        remoteAddress: '10.41.0.2',
      });

    await withFailingRevocation(async () => {
      expect((await reset()).statusCode).toBe(500);
    });
    expect(
      (
        await t.call('POST', '/api/v2/auth/token/get', {
          body: { email, password: 'prospecta-demo' },
          remoteAddress: '10.41.0.3',
        })
      ).statusCode,
    ).toBe(200);
    // The code was not spent by the failed attempt: the user tries again, and then every session ends.
    expect((await reset()).statusCode).toBe(204);
    expect((await refresh(here.refresh)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    expect(
      (
        await t.call('POST', '/api/v2/auth/token/get', {
          body: { email, password: 'atomic-reset-password' },
          remoteAddress: '10.41.0.4',
        })
      ).statusCode,
    ).toBe(200);
  });

  it("'sign out everywhere' revokes every session, this one included", async () => {
    const here = await t.login('staff@example.com');
    const elsewhere = await t.login('staff@example.com');
    expect((await t.call('POST', '/api/v2/auth/sessions/revoke-all', {})).statusCode).toBe(401);
    const res = await t.call('POST', '/api/v2/auth/sessions/revoke-all', { token: here.access });
    expect(res.statusCode).toBe(204);
    expect((await refresh(here.refresh)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
  });
});

describe('password reset reveals nothing and blocks no one', () => {
  it('answers 204 for known and unknown addresses alike, even with the mail server down', async () => {
    const services = t.app.services;
    const mailer = services.mailer;
    const attempts: string[] = [];
    services.mailer = {
      transport: 'smtp',
      async send(message) {
        attempts.push(message.to);
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    try {
      const known = await t.call('POST', '/api/user/reset-password', {
        body: { email: 'customer@example.com' },
        remoteAddress: '10.9.0.1',
      });
      const unknown = await t.call('POST', '/api/user/reset-password', {
        body: { email: 'nobody@example.com' },
        remoteAddress: '10.9.0.2',
      });
      expect([known.statusCode, known.body]).toEqual([204, '']);
      expect([unknown.statusCode, unknown.body]).toEqual([204, '']);
      await vi.waitFor(() => expect(attempts).toEqual(['customer@example.com']));
      // The failure is recorded with its reason and retried later, not lost.
      await vi.waitFor(async () => {
        const job = (
          await services.jobs.list('mail.password-reset', {
            payload: { email: 'customer@example.com' },
          })
        ).at(-1);
        expect(job).toMatchObject({
          state: 'retry',
          retryCount: 0,
          failure: 'connect ECONNREFUSED 127.0.0.1:25',
        });
        expect(job?.startAfter.getTime()).toBeGreaterThan(Date.now());
      });
    } finally {
      services.mailer = mailer;
    }
  });

  it('does the same work before answering for every address: the account is looked up only after the answer', async () => {
    const { jobs } = t.app.services;
    const { db } = t.database;
    const held: string[] = [];
    const enqueue = vi.spyOn(jobs, 'send').mockImplementation(async (name) => {
      held.push(name);
      return null;
    });
    try {
      const codesBefore = await db.selectFrom('reset_codes').select('id').execute();
      const known = await t.call('POST', '/api/user/reset-password', {
        body: { email: 'customer@example.com' },
        remoteAddress: '10.9.1.1',
      });
      const unknown = await t.call('POST', '/api/user/reset-password', {
        body: { email: 'nobody@example.com' },
        remoteAddress: '10.9.1.2',
      });
      expect([known.statusCode, known.body, unknown.statusCode, unknown.body]).toEqual([
        204,
        '',
        204,
        '',
      ]);
      // Both answered with their job still waiting, the same job for both; no code was made inside the request.
      expect(held).toEqual(['mail.password-reset', 'mail.password-reset']);
      expect(await db.selectFrom('reset_codes').select('id').execute()).toHaveLength(
        codesBefore.length,
      );
    } finally {
      enqueue.mockRestore();
    }
  });

  it('limits reset requests per client address, so requests from elsewhere never block the owner', async () => {
    for (let i = 0; i < 8; i += 1) {
      await t.call('POST', '/api/user/reset-password', {
        body: { email: 'staff@example.com' },
        remoteAddress: '10.8.0.1',
      });
    }
    expect(
      (
        await t.call('POST', '/api/user/reset-password', {
          body: { email: 'staff@example.com' },
          remoteAddress: '10.8.0.1',
        })
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await t.call('POST', '/api/user/reset-password', {
          body: { email: 'staff@example.com' },
          remoteAddress: '10.8.0.2',
        })
      ).statusCode,
    ).toBe(204);
  });
});

describe('password hashing is a bounded queue', () => {
  it('runs at most HASH_CONCURRENCY hashes at once; the others wait', async () => {
    const hashes = Array.from({ length: 4 }, (_, i) =>
      hashPassword(`password-${i}`, { N: 4096, r: 8, p: 1, keyLength: 64 }),
    );
    expect(HASH_CONCURRENCY).toBeLessThanOrEqual(2);
    expect(queuedHashes()).toBe(4 - HASH_CONCURRENCY);
    await Promise.all(hashes);
    expect(queuedHashes()).toBe(0);
  });
});

describe('backoff instead of lock-outs', () => {
  const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.call('POST', '/api/v2/auth/token/get', {
      body: { email, password },
      remoteAddress,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it("slows the account down after failures, but the owner's browser that signed in before still gets in", async () => {
    const first = await login('customer@example.com', 'prospecta-demo', '10.20.0.1');
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    expect(cookie).toMatch(/^prospecta_device=/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    for (let i = 0; i < 8; i += 1)
      await login('customer@example.com', 'wrong-password', `10.21.0.${i}`);
    const stranger = await login('customer@example.com', 'prospecta-demo', '10.22.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await login('customer@example.com', 'prospecta-demo', '10.20.0.1', cookie)).statusCode,
    ).toBe(200);
    // A device cookie of another account does not help.
    expect((await login('staff@example.com', 'prospecta-demo', '10.20.0.1')).statusCode).toBe(200);
  });

  describe('per client address', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp({
        loginRateLimit: { perAccount: 5, perAddress: 3, windowSeconds: 900 },
      });
    });
    afterAll(async () => limited?.close());
    const go = (address: string, email: string, password: string, headers = {}) =>
      limited.call('POST', '/api/v2/auth/token/get', {
        body: { email, password },
        remoteAddress: address,
        headers,
      });

    it('counts failed logins, never successful ones', async () => {
      // An office signing in all morning from one address is never held back.
      for (let i = 0; i < 6; i += 1)
        expect((await go('10.30.0.1', 'staff@example.com', 'prospecta-demo')).statusCode).toBe(200);
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
        expect((await go('10.30.0.1', email, 'wrong-password')).statusCode).toBe(401);
      const refused = await go('10.30.0.1', 'customer@example.com', 'prospecta-demo');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Without TRUST_PROXY a client cannot pick its address: X-Forwarded-For is ignored.
      const forged = await go('10.30.0.1', 'customer@example.com', 'prospecta-demo', {
        'x-forwarded-for': '203.0.113.9',
      });
      expect(forged.statusCode).toBe(429);
    });

    it('lets a browser that signed in before through, whatever others behind its address failed', async () => {
      const first = await go('10.32.0.1', 'customer@example.com', 'prospecta-demo');
      const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
      // Someone else behind the same address guesses passwords.
      for (let i = 0; i < 5; i += 1)
        await go('10.32.0.1', `guess${i}@example.com`, 'wrong-password');
      expect((await go('10.32.0.1', 'customer@example.com', 'prospecta-demo')).statusCode).toBe(
        429,
      );
      expect(
        (await go('10.32.0.1', 'customer@example.com', 'prospecta-demo', { cookie })).statusCode,
      ).toBe(200);
      // The cookie is the account's own: it opens no other account's way.
      expect(
        (await go('10.32.0.1', 'staff@example.com', 'prospecta-demo', { cookie })).statusCode,
      ).toBe(429);
    });
  });

  it('behind a trusted proxy (TRUST_PROXY), counts per real client address, not per proxy', async () => {
    const proxied = await startTestApp({
      trustProxy: true,
      loginRateLimit: { perAccount: 5, perAddress: 3, windowSeconds: 900 },
    });
    try {
      const go = (client: string, password: string) =>
        proxied.call('POST', '/api/v2/auth/token/get', {
          body: { email: 'staff@example.com', password },
          remoteAddress: '10.31.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 3; i += 1)
        expect((await go('198.51.100.1', 'wrong-password')).statusCode).toBe(401);
      expect((await go('198.51.100.1', 'prospecta-demo')).statusCode).toBe(429);
      // Another client behind the same proxy is not limited by the first one's failures.
      expect((await go('198.51.100.2', 'prospecta-demo')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('answers sign-ins 429 at once when the queue of password checks is full; the owner’s browser goes first', async () => {
    const first = await t.call('POST', '/api/v2/auth/token/get', {
      body: { email: 'other.customer@example.com', password: 'prospecta-demo' },
      remoteAddress: '10.33.0.1',
    });
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    // A storm: every slot busy and the queue full of slow hashes.
    const slow = { N: 2 ** 16, r: 8, p: 1, keyLength: 64 };
    const storm = Array.from({ length: HASH_CONCURRENCY + LOGIN_QUEUE_LIMIT }, (_, i) =>
      hashPassword(`storm-${i}`, slow),
    );
    try {
      expect(queuedHashes()).toBe(LOGIN_QUEUE_LIMIT);
      const refused = await t.call('POST', '/api/v2/auth/token/get', {
        body: { email: 'other.customer@example.com', password: 'prospecta-demo' },
        remoteAddress: '10.33.0.2',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      // Nothing was checked, so nothing counts as a failure.
      expect(
        await t.app.services.accountBackoff.retryAfter('login:account:other.customer@example.com'),
      ).toBe(0);
      const order: string[] = [];
      const owner = t
        .call('POST', '/api/v2/auth/token/get', {
          body: { email: 'other.customer@example.com', password: 'prospecta-demo' },
          remoteAddress: '10.33.0.3',
          headers: { cookie },
        })
        .then((res) => {
          order.push('owner');
          return res;
        });
      await Promise.all(storm.map((hash) => hash.then(() => order.push('storm'))));
      expect((await owner).statusCode).toBe(200);
      // Ahead of the whole queue: only the checks already running (and at most one more, on a slow machine)
      // finished before it; in the queue's order it would have come last.
      expect(order.indexOf('owner')).toBeLessThanOrEqual(HASH_CONCURRENCY + 1);
      expect(order.indexOf('owner')).toBeLessThan(storm.length);
    } finally {
      await Promise.allSettled(storm);
    }
  });

  it('slows down repeated wrong current passwords on change-password', async () => {
    const { access } = await t.login('staff@example.com');
    const change = () =>
      t.call('POST', '/api/users/user/change-password', {
        token: access,
        body: {
          current_password: 'not-the-password',
          new_password: 'whatever-new-1',
          confirm_new_password: 'whatever-new-1',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await change()).statusCode);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.at(-1)).toBe(429);
  });
});
