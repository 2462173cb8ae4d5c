import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListCache } from '../src/http/list-cache';
import { buildServer } from '../src/server';
import { contract, expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let staff: string;
let other: string;
beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
});
afterAll(async () => t?.close());

const dashboardUrl = () => `/api/v1/users/${t.facts.customerId}/dashboard`;
const etagOf = async (url: string, token = customer) => {
  const res = await t.call('GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers.etag);
};

describe('ListCache (the list version in the database)', () => {
  it('serves a list while the version holds, and reads it again after a bump', async () => {
    const cache = new ListCache(t.database.db, true);
    let computed = 0;
    const compute = async () => `v${(computed += 1)}`;
    const v1 = await cache.version();
    expect(v1).toMatch(/^[0-9a-f]{12}\.\d+$/);
    expect(await cache.get('k', v1, compute)).toBe('v1');
    expect(await cache.get('k', v1, compute)).toBe('v1');
    const v2 = await cache.bump();
    expect(v2).not.toBe(v1);
    expect(await cache.version()).toBe(v2);
    expect(await cache.get('k', v2, compute)).toBe('v2');
  });

  it('shares the version between caches on one database: a bump by one retires the other’s lists', async () => {
    const second = await t.database.anotherConnection();
    try {
      const a = new ListCache(t.database.db, true);
      const b = new ListCache(second.db, true);
      const before = await b.version();
      expect(await b.get('k', before, async () => 'old')).toBe('old');
      await a.bump();
      const after = await b.version();
      expect(after).not.toBe(before);
      expect(await b.get('k', after, async () => 'new')).toBe('new');
    } finally {
      await second.close();
    }
  });

  it('does not serve a list read under an older version', async () => {
    const cache = new ListCache(t.database.db, true);
    const old = await cache.version();
    const current = await cache.bump();
    // A read that started before the bump stores its list under the old version: never served as current.
    expect(await cache.get('k', old, async () => 'stale')).toBe('stale');
    expect(await cache.get('k', current, async () => 'fresh')).toBe('fresh');
  });

  it('computes a list once for the requests that ask for it meanwhile, and not at all after a failure', async () => {
    const cache = new ListCache(t.database.db, true);
    const version = await cache.version();
    let computed = 0;
    let release!: (text: string) => void;
    const slow = () => {
      computed += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get('crowd', version, slow);
    const second = cache.get('crowd', version, slow);
    release('list');
    expect(await Promise.all([first, second])).toEqual(['list', 'list']);
    expect(computed).toBe(1);
    await expect(cache.get('broken', version, async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('broken', version, async () => 'recovered')).toBe('recovered');
  });

  it('keeps its memory bounded: the least recently used lists go first', async () => {
    const cache = new ListCache(t.database.db, true, 64, 25);
    const version = await cache.version();
    let computed = 0;
    const list = (name: string) => async () => {
      computed += 1;
      return name.padEnd(10, '.');
    };
    await cache.get('a', version, list('a'));
    await cache.get('b', version, list('b'));
    await cache.get('a', version, list('a')); // a is now the most recently used
    await cache.get('c', version, list('c'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });
    expect(computed).toBe(3);
    await cache.get('a', version, list('a'));
    expect(computed).toBe(3);
    await cache.get('b', version, list('b'));
    expect(computed).toBe(4);
  });

  it('computes every time when disabled', async () => {
    const cache = new ListCache(t.database.db, false);
    const version = await cache.version();
    let computed = 0;
    await cache.get('k', version, async () => String((computed += 1)));
    await cache.get('k', version, async () => String((computed += 1)));
    expect(computed).toBe(2);
  });
});

describe('ETag and 304 on list answers', () => {
  it('answers the dashboard with an ETag, and 304 without a body while nothing was written', async () => {
    const first = await t.call('GET', dashboardUrl(), { token: customer });
    expectContract('getDashboard', first, 200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"dashboard-\d+-[0-9a-f]{12}\.\d+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await t.call('GET', dashboardUrl(), { token: customer, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Weak comparison, lists of tags and '*'.
    const opaque = etag.replace(/^W\//, '');
    for (const header of [opaque, `"nope", ${etag}`, '*']) {
      expect((await t.call('GET', dashboardUrl(), { token: customer, headers: { 'if-none-match': header } })).statusCode, header).toBe(304);
    }
    const stale = await t.call('GET', dashboardUrl(), { token: customer, headers: { 'if-none-match': 'W/"dashboard-1-000000000000.0"' } });
    expectContract('getDashboard', stale, 200);
    // Staff see the same list of the same user: the same ETag.
    expect(await etagOf(dashboardUrl(), staff)).toBe(etag);
  });

  it('checks access before answering 304', async () => {
    const etag = await etagOf(dashboardUrl());
    const res = await t.call('GET', dashboardUrl(), { token: other, headers: { 'if-none-match': etag } });
    expectContract('getDashboard', res, 403);
  });

  it('answers the campaign detail with an ETag and 304 too', async () => {
    const dashboard = (await t.call('GET', dashboardUrl(), { token: customer })).json() as { prospects: { campaign_id: number }[] };
    const url = `/api/v2/campaigns/${dashboard.prospects[0]!.campaign_id}`;
    const first = await t.call('GET', url, { token: customer });
    expectContract('getCampaign', first, 200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"campaign-\d+-/);
    expect((await t.call('GET', url, { token: customer, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await t.call('POST', `/api/v1/prospects/${(first.json() as { prospects: { id: number }[] }).prospects[0]!.id}/comment`, { token: customer, body: { content: 'A new comment' } });
    expectContract('getCampaign', await t.call('GET', url, { token: customer, headers: { 'if-none-match': etag } }), 200);
  });

  it('answers a changed list after a real write, with the change in it', async () => {
    const before = await t.call('GET', dashboardUrl(), { token: customer });
    const target = (before.json() as { prospects: { id: number; prospecting_status: string }[] }).prospects.find((p) => p.prospecting_status === 'ongoing')!;
    const moved = await t.call('PUT', `/api/v1/prospects/${target.id}/status`, { token: customer, body: { prospecting_status: 'converted' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await t.call('GET', dashboardUrl(), { token: customer, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as { prospects: { id: number; prospecting_status: string }[] }).prospects.find((p) => p.id === target.id)?.prospecting_status).toBe('converted');
  });
});

describe('every write route invalidates the lists', () => {
  /** Sign-in and password operations change no list: they keep the version (plugins/list-cache.ts). */
  const KEEPS_LISTS = new Set(['getToken', 'verifyToken', 'refreshToken', 'revokeToken', 'revokeAllSessions', 'requestPasswordReset', 'resetChangePassword', 'changePassword']);
  /** GET operations that write. */
  const WRITING_GETS = new Set(['syncCampaign']);

  it('bumps the version on each write operation of the contract, whatever its outcome', async () => {
    const dashboard = (await t.call('GET', dashboardUrl(), { token: customer })).json() as { prospects: { id: number; campaign_id: number }[] };
    const prospectId = dashboard.prospects[0]!.id;
    const activeCampaign = await t.database.db.selectFrom('campaigns').select('id').where('user_id', '=', t.facts.customerId).where('is_active', '=', true).executeTakeFirstOrThrow();
    const values: Record<string, string> = { id: '', commentId: '999999', messageId: '999999', provider: 'google' };
    // Signing out everywhere last: it ends the staff session the other calls use.
    const writes = contract()
      .operations.filter((op) => op.method !== 'get' || WRITING_GETS.has(op.operationId))
      .sort((a, b) => Number(a.operationId === 'revokeAllSessions') - Number(b.operationId === 'revokeAllSessions'));
    expect(writes.length).toBeGreaterThan(20);
    for (const op of writes) {
      const id = op.path.startsWith('/api/v1/prospects/tags/') ? '999999' : op.path.includes('/prospects/') ? prospectId : op.path.includes('/campaigns/') ? activeCampaign.id : t.facts.customerId;
      const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' ? String(id) : (values[name] ?? '999999')));
      const etag = await etagOf(dashboardUrl());
      const hasJsonBody = op.requestBody !== undefined && JSON.stringify(op.requestBody).includes('application/json');
      const res = await t.call(op.method.toUpperCase(), url, { token: staff, ...(hasJsonBody ? { body: {} } : {}) });
      expect(res.statusCode, `${op.operationId} answered ${res.statusCode}: ${res.body}`).not.toBe(500);
      const after = await t.call('GET', dashboardUrl(), { token: customer, headers: { 'if-none-match': etag } });
      expect(after.statusCode, `${op.method.toUpperCase()} ${op.path} (${op.operationId})`).toBe(KEEPS_LISTS.has(op.operationId) ? 304 : 200);
    }
  });
});

describe('two servers on one database', () => {
  it('a write through one server retires the list the other one cached, and their ETags agree', async () => {
    const second = await t.database.anotherConnection();
    const b = await buildServer({ config: t.config, database: second, logger: false, contract: contract() });
    try {
      const callB = (method: 'GET' | 'PUT', url: string, headers: Record<string, string> = {}, body?: unknown) =>
        b.inject({ method, url, headers: { 'x-app-version': '2.3.5', authorization: `Bearer ${customer}`, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
      const onB = await callB('GET', dashboardUrl());
      expect(onB.statusCode).toBe(200);
      expect(onB.headers.etag).toBe(await etagOf(dashboardUrl()));
      const target = (onB.json() as { prospects: { id: number; prospecting_status: string }[] }).prospects.find((p) => p.prospecting_status === 'ongoing')!;
      // The write goes through server A; server B's cached list and the client's ETag are out of date at once.
      expect((await t.call('PUT', `/api/v1/prospects/${target.id}/status`, { token: customer, body: { prospecting_status: 'lost' } })).statusCode).toBe(200);
      const afterOnB = await callB('GET', dashboardUrl(), { 'if-none-match': String(onB.headers.etag) });
      expect(afterOnB.statusCode).toBe(200);
      expect((afterOnB.json() as { prospects: { id: number }[] }).prospects.some((p) => p.id === target.id)).toBe(false);
      expect((await callB('GET', dashboardUrl(), { 'if-none-match': String(afterOnB.headers.etag) })).statusCode).toBe(304);
    } finally {
      await b.close();
      await second.close();
    }
  });
});
