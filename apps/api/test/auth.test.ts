import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetRateLimits } from '../src/http/rate-limit-store';
import { buildServer } from '../src/server';
import {
  contract,
  expectContract,
  startTestApp,
  testConfig,
  type TestApp,
  DEMO_PASSWORD,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ loginRateLimit: { perAccount: 3, perAddress: 6, windowSeconds: 900 } });
});
afterAll(async () => t?.close());

const login = (email: string, password: string, remoteAddress = '10.1.1.1') =>
  t.call('POST', '/api/v2/auth/token/get', { body: { email, password }, remoteAddress });

describe('POST /api/v2/auth/token/get', () => {
  // Each test starts with fresh counters.
  afterEach(async () => {
    await forgetRateLimits(t.app.services.db, 'login-failures:');
  });

  it('signs in and answers access, refresh and the user', async () => {
    const res = await login('customer@example.com', DEMO_PASSWORD, '10.9.0.1');
    expectContract('getToken', res, 200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'customer@example.com',
      full_name: 'Julien Moreau',
      is_staff: false,
      flags: ['onboarding_form'],
    });
    // The count only: the list is the profile's, when asked (include=unread_messages).
    expect(body.user.unread_messages_count).toBeGreaterThan(0);
    expect(body.user).not.toHaveProperty('unread_messages_since');
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    const res = await login('  Staff@Example.com ', DEMO_PASSWORD, '10.9.0.2');
    expectContract('getToken', res, 200);
    expect(res.json().user.is_staff).toBe(true);
  });

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    const wrong = await login('other.customer@example.com', 'wrong-password', '10.9.0.3');
    const unknown = await login('nobody@example.com', 'wrong-password', '10.9.0.4');
    expectContract('getToken', wrong, 401);
    expectContract('getToken', unknown, 401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('rejects bad input with 400 and a clear detail', async () => {
    const missing = await t.call('POST', '/api/v2/auth/token/get', { body: { email: 'a@b.c' } });
    expectContract('getToken', missing, 400);
    expect(missing.json().detail).toMatch(/password is required/);
    const extra = await t.call('POST', '/api/v2/auth/token/get', {
      body: { email: 'a@b.c', password: 'x', admin: true },
    });
    expectContract('getToken', extra, 400);
    expect(extra.json().detail).toMatch(/unknown property "admin"/);
    const notJson = await t.call('POST', '/api/v2/auth/token/get', {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expectContract('getToken', notJson, 400);
    const noBody = await t.call('POST', '/api/v2/auth/token/get');
    expectContract('getToken', noBody, 400);
  });

  it('rate-limits failed logins per account with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await login('customer@example.com', 'nope-nope', `10.2.0.${i}`)).statusCode).toBe(
        401,
      );
    }
    const blocked = await login('customer@example.com', DEMO_PASSWORD, '10.2.0.9');
    expectContract('getToken', blocked, 429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await login('staff@example.com', DEMO_PASSWORD, '10.2.0.10')).statusCode).toBe(200);
    // The slow-down ends after a few seconds; the next tests sign this account in at once.
    t.app.services.accountBackoff.clear('login:account:customer@example.com');
  });

  it('rate-limits failed logins per client address', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await login(`user${i}@example.com`, 'nope-nope', '10.3.3.3')).statusCode).toBe(401);
    }
    const blocked = await login('staff@example.com', DEMO_PASSWORD, '10.3.3.3');
    expectContract('getToken', blocked, 429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('X-App-Version', () => {
  it('answers 418 when missing or older than the minimum', async () => {
    const { access } = await t.login('staff@example.com');
    const missing = await t.call('GET', '/api/users/user', { token: access, version: null });
    expectContract('getCurrentUser', missing, 418);
    const old = await t.call('GET', '/api/users/user', { token: access, version: '2.3.4' });
    expectContract('getCurrentUser', old, 418);
    const garbage = await t.call('GET', '/api/users/user', { token: access, version: 'latest' });
    expect(garbage.statusCode).toBe(418);
    const newer = await t.call('GET', '/api/users/user', { token: access, version: '2.4.0' });
    expectContract('getCurrentUser', newer, 200);
  });
});

describe('verify, refresh and revoke', () => {
  it('verifies a valid access token and refuses anything else', async () => {
    const { access, refresh } = await t.login('staff@example.com');
    expectContract(
      'verifyToken',
      await t.call('POST', '/api/v2/auth/token/verify', { body: { token: access } }),
      200,
    );
    expectContract(
      'verifyToken',
      await t.call('POST', '/api/v2/auth/token/verify', { body: { token: refresh } }),
      401,
    );
    expectContract(
      'verifyToken',
      await t.call('POST', '/api/v2/auth/token/verify', { body: { token: `${access}x` } }),
      401,
    );
    expectContract(
      'verifyToken',
      await t.call('POST', '/api/v2/auth/token/verify', { body: {} }),
      400,
    );
  });

  it('rotates refresh tokens and revokes the whole family when a spent token comes back', async () => {
    const first = await t.login('customer@example.com');
    const r1 = await t.call('POST', '/api/v2/auth/token/refresh', {
      body: { refresh: first.refresh },
    });
    expectContract('refreshToken', r1, 200);
    const second = r1.json() as { access: string; refresh: string };
    expect(second.refresh).not.toBe(first.refresh);
    expectContract(
      'getCurrentUser',
      await t.call('GET', '/api/users/user', { token: second.access }),
      200,
    );

    // The spent token is presented again: reuse → 401 and the family dies.
    const reuse = await t.call('POST', '/api/v2/auth/token/refresh', {
      body: { refresh: first.refresh },
    });
    expectContract('refreshToken', reuse, 401);
    const afterReuse = await t.call('POST', '/api/v2/auth/token/refresh', {
      body: { refresh: second.refresh },
    });
    expectContract('refreshToken', afterReuse, 401);

    const families = await t.database.db
      .selectFrom('refresh_token_families')
      .select(['revoked_reason'])
      .where('revoked_reason', '=', 'reuse_detected')
      .execute();
    expect(families.length).toBeGreaterThan(0);
    // Other sessions of the same user survive.
    const other = await t.login('customer@example.com');
    expectContract(
      'refreshToken',
      await t.call('POST', '/api/v2/auth/token/refresh', { body: { refresh: other.refresh } }),
      200,
    );
  });

  it('stores refresh tokens hashed only', async () => {
    const { refresh } = await t.login('customer@example.com');
    const rows = await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === refresh)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a refresh token after its absolute expiry', async () => {
    const { refresh } = await t.login('customer@example.com');
    await t.database.db
      .updateTable('refresh_token_families')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expectContract(
      'refreshToken',
      await t.call('POST', '/api/v2/auth/token/refresh', { body: { refresh } }),
      401,
    );
  });

  it('revokes on sign-out (idempotent)', async () => {
    const { refresh } = await t.login('other.customer@example.com');
    expectContract(
      'revokeToken',
      await t.call('POST', '/api/v2/auth/token/revoke', { body: { refresh } }),
      204,
    );
    expectContract(
      'revokeToken',
      await t.call('POST', '/api/v2/auth/token/revoke', { body: { refresh } }),
      204,
    );
    expectContract(
      'revokeToken',
      await t.call('POST', '/api/v2/auth/token/revoke', { body: { refresh: 'unknown' } }),
      204,
    );
    expectContract(
      'revokeToken',
      await t.call('POST', '/api/v2/auth/token/revoke', { body: { refresh: '' } }),
      400,
    );
    expectContract(
      'refreshToken',
      await t.call('POST', '/api/v2/auth/token/refresh', { body: { refresh: 'never-issued' } }),
      401,
    );
    expectContract(
      'refreshToken',
      await t.call('POST', '/api/v2/auth/token/refresh', { body: { refresh } }),
      401,
    );
  });

  it('answers 401 on protected calls without a valid bearer token', async () => {
    expectContract('getCurrentUser', await t.call('GET', '/api/users/user'), 401);
    expectContract(
      'getCurrentUser',
      await t.call('GET', '/api/users/user', { token: 'not.a.jwt' }),
      401,
    );
  });
});

describe('short-lived access tokens', () => {
  it('expires access tokens after ACCESS_TOKEN_TTL', async () => {
    // A second server on the same database, with a 1-second access token lifetime.
    const app = await buildServer({
      config: testConfig({ accessTokenTtl: 1 }),
      database: t.database,
      logger: false,
      contract: contract(),
    });
    const call = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
      app.inject({
        method,
        url,
        headers: {
          'x-app-version': '2.3.5',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { payload: body as object } : {}),
      });
    try {
      const signIn = await call('POST', '/api/v2/auth/token/get', undefined, {
        email: 'staff@example.com',
        password: DEMO_PASSWORD,
      });
      const { access, refresh } = signIn.json() as { access: string; refresh: string };
      expect((await call('GET', '/api/users/user', access)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expectContract('getCurrentUser', await call('GET', '/api/users/user', access), 401);
      expectContract(
        'verifyToken',
        await call('POST', '/api/v2/auth/token/verify', undefined, { token: access }),
        401,
      );
      const renewed = await call('POST', '/api/v2/auth/token/refresh', undefined, { refresh });
      expectContract('refreshToken', renewed, 200);
      expect((await call('GET', '/api/users/user', renewed.json().access)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
