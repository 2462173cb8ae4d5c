import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/index';
import { FailureLimiter } from '../src/http/rate-limit';
import { AccountBackoff } from '../src/security/login-guard';
import { buildServer } from '../src/server';
import { APP_VERSION, contract, DEMO_PASSWORD, startTestApp, type TestApp } from './helpers';

/**
 * Several server processes on one database behave as one: the login limits, the list versions and the inbox versions live
 * in the database. On PostgreSQL (`api-pg`) the second server has its own connection pool, as another process
 * would; on the embedded PGlite it shares the one connection.
 */
let t: TestApp;
let second: Database;
let b: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ loginRateLimit: { perAccount: 3, perAddress: 4, windowSeconds: 900 } });
  second = await t.database.anotherConnection();
  b = await buildServer({
    config: t.config,
    database: second,
    logger: false,
    contract: contract(),
  });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await second?.close();
  await t?.close();
});

const loginOn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/auth/token/get',
    headers: { 'x-app-version': APP_VERSION, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
    remoteAddress,
  });

describe('limits shared through the database', () => {
  it('counts attempts in a sliding window, for every limiter on the database', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const a = new FailureLimiter(t.database.db, 10_000, () => now);
    const other = new FailureLimiter(second.db, 10_000, () => now);
    await a.record('test:k');
    await other.record('test:k');
    expect(await a.retryAfter('test:k', 3)).toBe(0);
    await a.record('test:k');
    expect(await other.retryAfter('test:k', 3)).toBe(10);
    now += 9_500;
    expect(await other.retryAfter('test:k', 3)).toBe(1);
    now += 501;
    expect(await a.retryAfter('test:k', 3)).toBe(0);
    await a.clear('test:k');
  });

  it('slows an account down after its free failures, whichever process saw them', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const a = new AccountBackoff(t.database.db, 2, 60_000, 900, () => now);
    const other = new AccountBackoff(second.db, 2, 60_000, 900, () => now);
    await a.recordFailure('test:account');
    expect(await other.retryAfter('test:account')).toBe(0);
    await other.recordFailure('test:account');
    expect(await a.retryAfter('test:account')).toBe(2);
    await a.recordFailure('test:account');
    expect(await other.retryAfter('test:account')).toBe(4);
    now += 61_000;
    // Out of the window: the count starts again.
    expect(await a.retryAfter('test:account')).toBe(0);
    await other.recordFailure('test:account');
    expect(await a.retryAfter('test:account')).toBe(0);
    await a.clear('test:account');
    expect(await other.retryAfter('test:account')).toBe(0);
  });
});

describe('two servers on one database', () => {
  it('count the login attempts of one address across both', async () => {
    const address = '10.77.0.1';
    // perAddress is 4: two attempts through each server, then both refuse.
    expect((await loginOn(t.app, 'customer@example.com', DEMO_PASSWORD, address)).statusCode).toBe(
      200,
    );
    expect((await loginOn(b, 'customer@example.com', DEMO_PASSWORD, address)).statusCode).toBe(200);
    expect((await loginOn(t.app, 'customer@example.com', DEMO_PASSWORD, address)).statusCode).toBe(
      200,
    );
    expect((await loginOn(b, 'customer@example.com', DEMO_PASSWORD, address)).statusCode).toBe(200);
    const refusedOnA = await loginOn(t.app, 'customer@example.com', DEMO_PASSWORD, address);
    const refusedOnB = await loginOn(b, 'customer@example.com', DEMO_PASSWORD, address);
    expect(refusedOnA.statusCode).toBe(429);
    expect(refusedOnB.statusCode).toBe(429);
    expect(Number(refusedOnB.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('count the failed logins of one account across both', async () => {
    // perAccount is 3 free failures, from different addresses so the address limit stays out of the way.
    for (const [i, app] of [t.app, b, t.app].entries()) {
      expect(
        (await loginOn(app, 'other.customer@example.com', 'wrong-password', `10.78.0.${i}`))
          .statusCode,
      ).toBe(401);
    }
    const slowed = await loginOn(b, 'other.customer@example.com', 'wrong-password', '10.78.0.9');
    expect(slowed.statusCode).toBe(429);
  });

  it('share the list version: a write through one retires the other’s cached dashboard', async () => {
    const { access } = await t.login('customer@example.com');
    const headers = { 'x-app-version': APP_VERSION, authorization: `Bearer ${access}` };
    const url = `/api/v1/users/${t.facts.customerId}/dashboard`;
    const onB = await b.inject({ method: 'GET', url, headers });
    expect(onB.statusCode).toBe(200);
    const target = (
      onB.json() as { prospects: { id: number; prospecting_status: string }[] }
    ).prospects.find((p) => p.prospecting_status === 'to_call')!;
    const moved = await t.call('PUT', `/api/v1/prospects/${target.id}/status`, {
      token: access,
      body: { prospecting_status: 'converted' },
    });
    expect(moved.statusCode).toBe(200);
    const after = await b.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'if-none-match': String(onB.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(
      (after.json() as { prospects: { id: number; prospecting_status: string }[] }).prospects.find(
        (p) => p.id === target.id,
      )?.prospecting_status,
    ).toBe('converted');
  });

  it('share the inbox version: an answer read through one gives the other’s profile the new unread count', async () => {
    const { access } = await t.login('customer@example.com');
    const headers = { 'x-app-version': APP_VERSION, authorization: `Bearer ${access}` };
    const countOnB = async () =>
      (
        (await b.inject({ method: 'GET', url: '/api/users/user', headers })).json() as {
          unread_messages_count: number;
        }
      ).unread_messages_count;
    const before = await countOnB();
    const inbox = (
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, { token: access })
    ).json() as { items: { id: number; is_read: boolean }[] };
    const unread = inbox.items.find((item) => !item.is_read)!;
    const read = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/inbox-messages/${unread.id}/read`,
      { token: access },
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(await countOnB()).toBe(before - 1);
  });
});
