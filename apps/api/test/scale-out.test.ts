import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/index';
import { databaseRateLimitStore, forgetRateLimits } from '../src/http/rate-limit-store';
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
  it('counts the hits of @fastify/rate-limit in one window per key, for every process on the database', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const a = new (databaseRateLimitStore(t.database.db, () => now))({});
    const other = new (databaseRateLimitStore(second.db, () => now))({});
    const incr = (store: typeof a, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, count) => (error ? reject(error) : resolve(count!)), 10_000, 3),
      );
    const read = (store: typeof a, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        (store as typeof a & { read: typeof a.incr }).read(
          key,
          (error, count) => (error ? reject(error) : resolve(count!)),
          10_000,
          3,
        ),
      );
    expect(await read(a, 'test:k')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(a, 'test:k')).toEqual({ current: 1, ttl: 10_000 });
    now += 2_000;
    expect(await incr(other, 'test:k')).toEqual({ current: 2, ttl: 8_000 });
    // Reading counts nothing.
    expect(await read(a, 'test:k')).toEqual({ current: 2, ttl: 8_000 });
    expect(await read(other, 'test:k')).toEqual({ current: 2, ttl: 8_000 });
    now += 8_000;
    // The window has passed: the count starts again.
    expect(await read(other, 'test:k')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(a, 'test:k')).toEqual({ current: 1, ttl: 10_000 });
    await forgetRateLimits(t.database.db, 'test:');
    expect(await read(a, 'test:k')).toEqual({ current: 0, ttl: 0 });
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
  it('count the failed logins of one address across both', async () => {
    const address = '10.77.0.1';
    // perAddress is 4: two failures through each server, then both refuse, even the right password.
    for (const [i, app] of [t.app, b, t.app, b].entries())
      expect(
        (await loginOn(app, `nobody${i}@example.com`, 'wrong-password', address)).statusCode,
      ).toBe(401);
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
    const inbox = // An answer that counts: automatic replies are unread without counting.
      (
        await t.call(
          'GET',
          `/api/v1/users/${t.facts.customerId}/inbox-messages?filter=needs_answer`,
          {
            token: access,
          },
        )
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
