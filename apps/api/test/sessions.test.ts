import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHECK_MAX_AGE_MS, SessionCheck } from '../src/security/sessions';
import { buildServer } from '../src/server';
import { APP_VERSION, contract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
/** A second server on the same database: another instance. */
let second: FastifyInstance;
let closeSecond: () => Promise<void>;
/** How far the other instance's clock for its memory of sessions is ahead of the real one. */
let secondClockAhead = 0;

beforeAll(async () => {
  t = await startTestApp();
  const database = await t.database.anotherConnection();
  // It runs no jobs: only its answers are looked at.
  const config = { ...t.config, jobs: { ...t.config.jobs, worker: false } };
  second = await buildServer({ config, database, logger: false, contract: contract() });
  await second.ready();
  // Its memory of sessions reads a clock the tests move forward instead of waiting for it.
  second.services.sessions = new SessionCheck(
    database.db,
    SESSION_CHECK_MAX_AGE_MS,
    () => Date.now() + secondClockAhead,
  );
  closeSecond = async () => {
    await second.close();
    await database.close();
  };
});
afterAll(async () => {
  await closeSecond?.();
  await t?.close();
});

const profile = (token: string) =>
  t.call('GET', '/api/users/user', { token }).then((res) => res.statusCode);
const profileElsewhere = (token: string) =>
  second
    .inject({
      method: 'GET',
      url: '/api/users/user',
      headers: { authorization: `Bearer ${token}`, 'x-app-version': APP_VERSION },
    })
    .then((res) => res.statusCode);

/**
 * What the other instance answers once its memory of the session is older than it may keep it: it must have asked
 * the database again and found the session ended. (Moving its clock past that age, rather than timing how soon it
 * refuses, keeps the test true on a loaded machine and costs no wait: only the upper bound of the cache's age is the
 * rule.)
 */
async function elsewhereOnceItsMemoryExpired(token: string): Promise<number> {
  secondClockAhead += SESSION_CHECK_MAX_AGE_MS + 50;
  return profileElsewhere(token);
}

describe('an access token dies with its session', () => {
  it('sign out everywhere: refused at once here, within a second on another instance', async () => {
    const here = await t.login('customer@example.com');
    const elsewhere = await t.login('customer@example.com');
    // Both instances know the session as open (and may remember it for up to a second).
    expect(await profile(elsewhere.access)).toBe(200);
    expect(await profileElsewhere(elsewhere.access)).toBe(200);
    const res = await t.call('POST', '/api/v2/auth/sessions/revoke-all', { token: here.access });
    expect(res.statusCode).toBe(204);
    expect(await profile(here.access)).toBe(401);
    expect(await profile(elsewhere.access)).toBe(401);
    expect(await elsewhereOnceItsMemoryExpired(here.access)).toBe(401);
    const verify = await t.call('POST', '/api/v2/auth/token/verify', {
      body: { token: elsewhere.access },
    });
    expect(verify.statusCode).toBe(401);
  });

  it('sign-out ends that session only', async () => {
    const mine = await t.login('other.customer@example.com');
    const other = await t.login('other.customer@example.com');
    expect(await profileElsewhere(mine.access)).toBe(200);
    const res = await t.call('POST', '/api/v2/auth/token/revoke', {
      body: { refresh: mine.refresh },
    });
    expect(res.statusCode).toBe(204);
    expect(await profile(mine.access)).toBe(401);
    expect(await elsewhereOnceItsMemoryExpired(mine.access)).toBe(401);
    expect(await profile(other.access)).toBe(200);
  });

  it('a password change ends the other sessions, not this one', async () => {
    const here = await t.login('staff@example.com');
    const elsewhere = await t.login('staff@example.com');
    expect(await profileElsewhere(elsewhere.access)).toBe(200);
    const change = (from: string, to: string) =>
      t.call('POST', '/api/users/user/change-password', {
        token: here.access,
        body: { current_password: from, new_password: to, confirm_new_password: to },
      });
    expect((await change('prospecta-demo', 'sessions-test-password')).statusCode).toBe(204);
    expect(await profile(elsewhere.access)).toBe(401);
    expect(await elsewhereOnceItsMemoryExpired(elsewhere.access)).toBe(401);
    expect(await profile(here.access)).toBe(200);
    expect((await change('sessions-test-password', 'prospecta-demo')).statusCode).toBe(204);
  });

  it('a password reset ends every session', async () => {
    const email = 'customer@example.com';
    const signedIn = await t.login(email);
    expect(await profileElsewhere(signedIn.access)).toBe(200);
    await t.call('POST', '/api/user/reset-password', {
      body: { email },
      remoteAddress: '10.77.0.1',
    });
    await t.app.services.jobs.settled();
    const outbox = (await t.call('GET', '/api/dev/outbox', { version: null })).json() as {
      to: string;
      text: string;
    }[];
    const code = decodeURIComponent(
      /change-password\?code=([\w%-]+)/.exec(
        outbox.findLast((m) => m.to === email)?.text ?? '',
      )?.[1] ?? '',
    );
    const reset = await t.call('POST', '/api/user/reset-change-password', {
      body: { code, new_password: 'prospecta-demo', confirm_new_password: 'prospecta-demo' },
      remoteAddress: '10.77.0.2',
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await profile(signedIn.access)).toBe(401);
    expect(await elsewhereOnceItsMemoryExpired(signedIn.access)).toBe(401);
  });
});

describe('the claims an access token must carry', () => {
  let claims: JWTPayload;
  beforeAll(async () => {
    claims = decodeJwt((await t.login('customer@example.com')).access);
  });

  async function forged(
    change: (payload: JWTPayload) => JWTPayload,
    { exp = true }: { exp?: boolean } = {},
  ): Promise<string> {
    const payload = change({ ...claims });
    delete payload.exp;
    let jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
    if (exp) jwt = jwt.setExpirationTime('5m');
    return jwt.sign(t.config.jwtSecret);
  }

  it('accepts a token signed with the claims the server writes (the forgery below is sound)', async () => {
    expect(await profile(await forged((p) => p))).toBe(200);
  });

  it('refuses a token without an expiry', async () => {
    expect(await profile(await forged((p) => p, { exp: false }))).toBe(401);
  });

  it.each(['0x2', '02', '2.0', '2e0', ' 2', '+2', '-2', '0', '9007199254740993'])(
    'refuses the subject %j (only canonical decimal ids)',
    async (sub) => {
      expect(await profile(await forged((p) => ({ ...p, sub })))).toBe(401);
    },
  );

  it('refuses a token without a session, or of a session that is not its user’s', async () => {
    expect(
      await profile(
        await forged((p) => {
          const { sid: _sid, ...rest } = p;
          return rest;
        }),
      ),
    ).toBe(401);
    const someoneElse = decodeJwt((await t.login('other.customer@example.com')).access);
    expect(await profile(await forged((p) => ({ ...p, sid: someoneElse.sid })))).toBe(401);
  });
});
