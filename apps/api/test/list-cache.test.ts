import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_STATUSES } from '@prospecta/domain';
import { createRepositories } from '../src/repositories/index';
import { ListCache, type ListStamp } from '../src/http/list-cache';
import { buildServer } from '../src/server';
import type { Contract } from '../src/http/contract';
import { contract, expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let staff: string;
let other: string;
/** The same server without the list cache: it builds every list from the database (the oracle). */
let uncached: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
  uncached = await buildServer({
    config: { ...t.config, listCache: false },
    database: t.database,
    logger: false,
    contract: contract(),
  });
  await uncached.ready();
});
afterAll(async () => {
  await uncached?.close();
  await t?.close();
});

const dashboardUrl = (userId = t.facts.customerId) => `/api/v1/users/${userId}/dashboard`;
const etagOf = async (url: string, token = customer) => {
  const res = await t.call('GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers.etag);
};
const versionOf = async (userId: number) =>
  (await new ListCache(t.database.db, false).stamp(userId, null)).version;
const stampOf = (version: number, wrote = 0, changedAgoMs = 100): ListStamp => ({
  owner: 0,
  tag: `e.${version}`,
  version: BigInt(version),
  wrote: BigInt(wrote),
  changedAgoMs,
});
/** A computation that ends when the test says so. */
function deferred(): {
  compute: () => Promise<string>;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  calls: () => number;
} {
  let calls = 0;
  let resolve!: (text: string) => void;
  let reject!: (error: Error) => void;
  return {
    compute: () => {
      calls += 1;
      return new Promise<string>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
    },
    resolve: (text) => resolve(text),
    reject: (error) => reject(error),
    calls: () => calls,
  };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('list versions in the database, per owner (triggers, migration 0010)', () => {
  const customerProspect = async () =>
    t.database.db
      .selectFrom('prospects')
      .select(['id', 'campaign_id'])
      .where('user_id', '=', t.facts.customerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  it('gives the owner of every changed row a new version, and nobody else', async () => {
    const db = t.database.db;
    const { id: prospectId, campaign_id: campaignId } = await customerProspect();
    const tag = await db
      .insertInto('tags')
      .values({ user_id: t.facts.customerId, label: 'Trigger tag' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const changes: [string, () => Promise<unknown>][] = [
      [
        'prospect insert',
        () =>
          sql`insert into prospects (campaign_id, user_id, prospecting_status, first_name) values (${campaignId}, ${t.facts.customerId}, 'pending', 'Trigger')`.execute(
            db,
          ),
      ],
      [
        'prospect update',
        () =>
          db
            .updateTable('prospects')
            .set({ position: 'Trigger' })
            .where('id', '=', prospectId)
            .execute(),
      ],
      [
        'prospect delete',
        () =>
          db
            .deleteFrom('prospects')
            .where('first_name', '=', 'Trigger')
            .where('user_id', '=', t.facts.customerId)
            .execute(),
      ],
      [
        'campaign rename',
        () =>
          db
            .updateTable('campaigns')
            .set({ name: sql`name || ' '` })
            .where('id', '=', campaignId)
            .execute(),
      ],
      [
        'campaign step',
        () =>
          db
            .updateTable('campaign_steps')
            .set({ contacted: sql`contacted + 1` })
            .where('campaign_id', '=', campaignId)
            .execute(),
      ],
      [
        'comment',
        () =>
          db
            .insertInto('comments')
            .values({ prospect_id: prospectId, author_id: t.facts.customerId, content: 'Trigger' })
            .execute(),
      ],
      [
        'tag attached',
        () =>
          db
            .insertInto('prospect_tags')
            .values({ prospect_id: prospectId, tag_id: tag.id })
            .execute(),
      ],
      [
        'tag detached',
        () =>
          db
            .deleteFrom('prospect_tags')
            .where('prospect_id', '=', prospectId)
            .where('tag_id', '=', tag.id)
            .execute(),
      ],
      [
        'tag renamed',
        () =>
          db
            .updateTable('tags')
            .set({ label: sql`label || ''` })
            .where('id', '=', tag.id)
            .execute(),
      ],
      [
        'owner renamed',
        () =>
          db
            .updateTable('users')
            .set({ company_name: sql`company_name || ' '` })
            .where('id', '=', t.facts.customerId)
            .execute(),
      ],
    ];
    for (const [name, change] of changes) {
      const [mine, theirs] = [
        await versionOf(t.facts.customerId),
        await versionOf(t.facts.otherCustomerId),
      ];
      await change();
      expect(await versionOf(t.facts.customerId), name).toBeGreaterThan(mine);
      expect(await versionOf(t.facts.otherCustomerId), name).toBe(theirs);
    }
  });

  it('leaves the versions alone when a change shows in no list (a user’s flags, an inbox message read)', async () => {
    const before = await versionOf(t.facts.customerId);
    await t.database.db
      .updateTable('users')
      .set({ flags: sql`flags` })
      .where('id', '=', t.facts.customerId)
      .execute();
    await sql`update inbox_messages set read_at = now() where history_entry_id = (select history_entry_id from inbox_messages where user_id = ${t.facts.customerId} and read_at is null limit 1)`.execute(
      t.database.db,
    );
    expect(await versionOf(t.facts.customerId)).toBe(before);
  });

  it('stamps a session’s writes through the API, after the versions they caused', async () => {
    const cache = new ListCache(t.database.db, true);
    const session = async (token: string) => {
      const res = await t.call('POST', '/api/v2/auth/token/verify', { body: { token } });
      expect(res.statusCode).toBe(200);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        sid?: string;
      };
      return `session:${claims.sid}`;
    };
    const customerSession = await session(customer);
    const before = await cache.stamp(t.facts.customerId, customerSession);
    const staffBefore = (await cache.stamp(t.facts.customerId, await session(staff))).wrote;
    const { id } = await customerProspect();
    const res = await t.call('POST', `/api/v1/prospects/${id}/comment`, {
      token: customer,
      body: { content: 'A write' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await cache.stamp(t.facts.customerId, customerSession);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.wrote).toBeGreaterThan(after.version);
    expect(after.changedAgoMs).toBeLessThan(60_000);
    // Staff wrote nothing meanwhile: their mark is unchanged; another sign-in of the customer has none.
    expect((await cache.stamp(t.facts.customerId, await session(staff))).wrote).toBe(staffBefore);
    const otherDevice = await session((await t.login('customer@example.com')).access);
    expect((await cache.stamp(t.facts.customerId, otherDevice)).wrote).toBe(0n);
    expect(after.tag).toMatch(/^[0-9a-f]{12}\.\d+$/);
  });
});

describe('changed prospects since a version (migration 0012)', () => {
  const cache = () => new ListCache(t.database.db, true);
  const customerProspects = () =>
    t.database.db
      .selectFrom('prospects')
      .select(['id', 'campaign_id'])
      .where('user_id', '=', t.facts.customerId)
      .orderBy('id')
      .limit(3)
      .execute();

  it('names the prospects a write changed one by one, for their owner only', async () => {
    const db = t.database.db;
    const [first, second, third] = await customerProspects();
    const since = await versionOf(t.facts.customerId);
    const theirs = await versionOf(t.facts.otherCustomerId);
    expect(await cache().changedSince(t.facts.customerId, since)).toEqual([]);
    await db
      .updateTable('prospects')
      .set({ position: 'Changed' })
      .where('id', '=', first!.id)
      .execute();
    await db
      .insertInto('comments')
      .values({ prospect_id: second!.id, author_id: t.facts.customerId, content: 'Changed' })
      .execute();
    const tag = await db
      .insertInto('tags')
      .values({ user_id: t.facts.customerId, label: 'Changed one by one' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const afterTagCreated = await versionOf(t.facts.customerId);
    // A new tag shows on no prospect yet.
    expect(await cache().changedSince(t.facts.customerId, since)).toEqual(
      [first!.id, second!.id].sort((a, b) => a - b),
    );
    await db
      .insertInto('prospect_tags')
      .values({ prospect_id: third!.id, tag_id: tag.id })
      .execute();
    expect(await cache().changedSince(t.facts.customerId, afterTagCreated)).toEqual([third!.id]);
    // A tag's new label shows on the prospects that have it.
    const afterTagAttached = await versionOf(t.facts.customerId);
    await db
      .updateTable('tags')
      .set({ label: 'Renamed one by one' })
      .where('id', '=', tag.id)
      .execute();
    expect(await cache().changedSince(t.facts.customerId, afterTagAttached)).toEqual([third!.id]);
    const afterAll = await versionOf(t.facts.customerId);
    expect(await cache().changedSince(t.facts.customerId, afterAll)).toEqual([]);
    await db
      .updateTable('prospects')
      .set({ position: 'Again' })
      .where('id', 'in', [first!.id, second!.id])
      .execute();
    expect(
      (await cache().changedSince(t.facts.customerId, afterAll))?.sort((a, b) => a - b),
    ).toEqual([first!.id, second!.id].sort((a, b) => a - b));
    // A deleted prospect is named too (it leaves the list).
    const { rows: added } = await sql<{ id: number }>`
      insert into prospects (campaign_id, user_id, prospecting_status, first_name) values (${first!.campaign_id}, ${t.facts.customerId}, 'pending', 'Brief') returning id`.execute(
      db,
    );
    const afterInsert = await versionOf(t.facts.customerId);
    await db.deleteFrom('prospects').where('id', '=', added[0]!.id).execute();
    expect(await cache().changedSince(t.facts.customerId, afterInsert)).toEqual([added[0]!.id]);
    // Another customer's version and changes are untouched.
    expect(await versionOf(t.facts.otherCustomerId)).toBe(theirs);
    expect(await cache().changedSince(t.facts.otherCustomerId, theirs)).toEqual([]);
  });

  it('a campaign’s or a step’s figures give their owner a new version with no prospect changed', async () => {
    const db = t.database.db;
    const [first] = await customerProspects();
    const since = await versionOf(t.facts.customerId);
    await db
      .updateTable('campaigns')
      .set({ contacted: sql`contacted + 1` })
      .where('id', '=', first!.campaign_id)
      .execute();
    // A new version retires the cached campaign detail, which shows the figures.
    const afterCampaign = await versionOf(t.facts.customerId);
    expect(afterCampaign).toBeGreaterThan(since);
    await db
      .updateTable('campaign_steps')
      .set({ contacted: sql`contacted + 1`, contacts_opened: sql`contacts_opened + 1` })
      .where('campaign_id', '=', first!.campaign_id)
      .execute();
    expect(await versionOf(t.facts.customerId)).toBeGreaterThan(afterCampaign);
    // The dashboard kept item by item reads no prospect again, and is not read whole.
    expect(await cache().changedSince(t.facts.customerId, since)).toEqual([]);
  });

  it('asks for the whole list after a change that is not one prospect’s, or of too many', async () => {
    const db = t.database.db;
    const [first] = await customerProspects();
    const changes: [string, () => Promise<unknown>][] = [
      [
        'campaign rename',
        () =>
          db
            .updateTable('campaigns')
            .set({ name: sql`name || ' '` })
            .where('id', '=', first!.campaign_id)
            .execute(),
      ],
      [
        'campaign step',
        () =>
          db
            .updateTable('campaign_steps')
            .set({ name: sql`name || ' '` })
            .where('campaign_id', '=', first!.campaign_id)
            .execute(),
      ],
      [
        'owner renamed',
        () =>
          db
            .updateTable('users')
            .set({ company_name: sql`company_name || ' '` })
            .where('id', '=', t.facts.customerId)
            .execute(),
      ],
      [
        'over 1,000 prospects in one statement',
        () =>
          sql`insert into prospects (campaign_id, user_id, prospecting_status, first_name)
            select ${first!.campaign_id}, ${t.facts.customerId}, 'lost', 'Bulk' from generate_series(1, 1001)`.execute(
            db,
          ),
      ],
    ];
    const recorded = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from list_changes where user_id = ${t.facts.customerId}`.execute(
            db,
          )
        ).rows[0]!.n,
      );
    for (const [name, change] of changes) {
      const since = await versionOf(t.facts.customerId);
      await change();
      expect(await cache().changedSince(t.facts.customerId, since), name).toBeNull();
      // The changes before a whole change are never asked for again: they are deleted.
      expect(await recorded(), name).toBe(0);
      // After that change, single-prospect changes are named again.
      const after = await versionOf(t.facts.customerId);
      await db
        .updateTable('prospects')
        .set({ position: name })
        .where('id', '=', first!.id)
        .execute();
      expect(await cache().changedSince(t.facts.customerId, after), name).toEqual([first!.id]);
    }
    // More than 1,000 changed since (in statements of fewer each): the whole list too.
    const since = await versionOf(t.facts.customerId);
    await sql`update prospects set position = 'Bulk 1' where id in (select id from prospects where first_name = 'Bulk' order by id limit 600)`.execute(
      db,
    );
    await sql`update prospects set position = 'Bulk 2' where id in (select id from prospects where first_name = 'Bulk' order by id desc limit 600)`.execute(
      db,
    );
    expect(await cache().changedSince(t.facts.customerId, since)).toBeNull();
    await db.deleteFrom('prospects').where('first_name', '=', 'Bulk').execute();
  });
});

describe('lists read in slices (the embedded database takes one query at a time)', () => {
  it('reads the same list in slices as in one statement', async () => {
    const { prospects } = createRepositories(t.database.db);
    const scopes = [
      { userId: t.facts.customerId, statuses: DASHBOARD_STATUSES },
      {
        campaignId: (
          await t.database.db
            .selectFrom('campaigns')
            .select('id')
            .where('user_id', '=', t.facts.customerId)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      },
    ];
    for (const scope of scopes) {
      const whole = JSON.parse(await prospects.summariesJson(scope)) as unknown[];
      expect(whole.length).toBeGreaterThan(7);
      for (const chunkRows of [1, 7, 1000])
        expect(JSON.parse(await prospects.summariesJson(scope, { chunkRows }))).toEqual(whole);
    }
    expect(
      await prospects.summariesJson(
        { userId: 999999, statuses: DASHBOARD_STATUSES },
        { chunkRows: 7 },
      ),
    ).toBe('[]');
  });
});

describe('ListCache', () => {
  it('serves a list while its owner’s version holds, and builds it again for a newer one', async () => {
    const cache = new ListCache(t.database.db, true);
    let computed = 0;
    const compute = async () => `v${(computed += 1)}`;
    expect(await cache.get('k', stampOf(1), compute).text).toBe('v1');
    expect(await cache.get('k', stampOf(1), compute).text).toBe('v1');
    // A reader who saw an older version gets the newer list (it only shows more).
    expect(await cache.get('k', stampOf(0), compute).text).toBe('v1');
    const next = cache.get('k', stampOf(2, 3), compute);
    expect(next).toMatchObject({ tag: 'e.2', previous: false });
    expect(await next.text).toBe('v2');
    expect(computed).toBe(2);
  });

  it('builds a list once for the readers that ask meanwhile, and keeps no failed build', async () => {
    const cache = new ListCache(t.database.db, true);
    const slow = deferred();
    const first = cache.get('crowd', stampOf(1), slow.compute);
    const second = cache.get('crowd', stampOf(1), slow.compute);
    slow.resolve('list');
    expect(await Promise.all([first.text, second.text])).toEqual(['list', 'list']);
    expect(slow.calls()).toBe(1);
    await expect(
      cache.get('broken', stampOf(1), async () => Promise.reject(new Error('database down'))).text,
    ).rejects.toThrow('database down');
    await settle();
    expect(await cache.get('broken', stampOf(1), async () => 'recovered').text).toBe('recovered');
  });

  it('serves the previous list during a rebuild to readers who wrote nothing since it, never to one who did', async () => {
    const cache = new ListCache(t.database.db, true);
    await cache.get('k', stampOf(10), async () => 'old').text;
    await settle();
    const rebuild = deferred();
    // The list's owner has version 12 now; this reader's last write (5) is older than the cached list (10).
    const bystander = cache.get('k', stampOf(12, 5), rebuild.compute);
    expect(bystander).toMatchObject({ tag: 'e.10', previous: true });
    expect(await bystander.text).toBe('old');
    // The writer (their write was stamped 13, after version 10) waits for the list with their change.
    const writer = cache.get('k', stampOf(12, 13), rebuild.compute);
    expect(writer).toMatchObject({ tag: 'e.12', previous: false });
    expect(rebuild.calls()).toBe(1);
    rebuild.resolve('new');
    expect(await writer.text).toBe('new');
    await settle();
    expect(cache.get('k', stampOf(12, 5), rebuild.compute)).toMatchObject({
      tag: 'e.12',
      previous: false,
    });
  });

  it('builds one list at a time for readers who may have the previous one, whatever versions they ask for', async () => {
    const cache = new ListCache(t.database.db, true, { minRebuildMs: 0 });
    await cache.get('k', stampOf(10), async () => 'v10').text;
    await settle();
    const first = deferred();
    expect(cache.get('k', stampOf(12), first.compute)).toMatchObject({
      tag: 'e.10',
      previous: true,
    });
    // A newer version meanwhile (a campaign sending): no second build while the first is under way.
    const second = deferred();
    expect(cache.get('k', stampOf(13), second.compute)).toMatchObject({
      tag: 'e.10',
      previous: true,
    });
    expect([first.calls(), second.calls()]).toEqual([1, 0]);
    first.resolve('v12');
    await settle();
    // The next reader after it starts the next build.
    expect(cache.get('k', stampOf(13), second.compute)).toMatchObject({
      tag: 'e.12',
      previous: true,
    });
    expect(second.calls()).toBe(1);
    second.resolve('v13');
    await settle();
    expect(await cache.get('k', stampOf(13), second.compute).text).toBe('v13');
    expect(cache.size).toEqual({ entries: 1, bytes: 2 * 'v13'.length });
  });

  it('builds a list that keeps changing a few times a second for readers who may have it, not once per request', async () => {
    const minRebuildMs = 150;
    const cache = new ListCache(t.database.db, true, { minRebuildMs });
    let builds = 0;
    const source = (version: number) => async () => {
      builds += 1;
      return `v${version}`;
    };
    await cache.get('k', stampOf(1), source(1)).text;
    await settle();
    const installed = performance.now();
    // Versions 2, 3, 4 asked for at once after the install: the previous list, and no build yet.
    for (const version of [2, 3, 4])
      expect(cache.get('k', stampOf(version), source(version))).toMatchObject({
        tag: 'e.1',
        previous: true,
      });
    expect(builds).toBe(1);
    // Once the list is old enough, one build, for the newest version asked.
    await vi.waitFor(() => expect(cache.get('k', stampOf(4), source(4)).tag).toBe('e.4'), {
      timeout: 10_000,
    });
    expect(performance.now() - installed).toBeGreaterThanOrEqual(minRebuildMs - 1);
    expect(builds).toBe(2);
    // A writer never waits for that time.
    const writer = cache.get('k', stampOf(5, 6), source(5));
    expect(writer).toMatchObject({ tag: 'e.5', previous: false });
    expect(await writer.text).toBe('v5');
  });

  it('lets a build under way end when a writer needs a newer one: the newest that ends is installed', async () => {
    const cache = new ListCache(t.database.db, true, { minRebuildMs: 0 });
    await cache.get('k', stampOf(10), async () => 'v10').text;
    await settle();
    const bystanders = deferred();
    expect(cache.get('k', stampOf(12), bystanders.compute).previous).toBe(true);
    // The writer's write was stamped 14, after version 13: they wait for a build of version 13.
    const writers = deferred();
    const writer = cache.get('k', stampOf(13, 14), writers.compute);
    expect(writer).toMatchObject({ tag: 'e.13', previous: false });
    bystanders.resolve('v12');
    await settle();
    // The superseded build ended first and is newer than the cached list: installed.
    expect(cache.get('k', stampOf(12), bystanders.compute)).toMatchObject({
      tag: 'e.12',
      previous: false,
    });
    writers.resolve('v13');
    expect(await writer.text).toBe('v13');
    await settle();
    expect(cache.get('k', stampOf(13), writers.compute)).toMatchObject({
      tag: 'e.13',
      previous: false,
    });
    expect([bystanders.calls(), writers.calls()]).toEqual([1, 1]);
    expect(cache.size).toEqual({ entries: 1, bytes: 2 * 'v13'.length });
  });

  it('stops serving the previous list once the newer version is a few seconds old', async () => {
    const cache = new ListCache(t.database.db, true, { staleForMs: 5_000, minRebuildMs: 0 });
    await cache.get('k', stampOf(1), async () => 'old').text;
    await settle();
    const failing = deferred();
    expect(cache.get('k', stampOf(2, 0, 10), failing.compute).previous).toBe(true);
    failing.reject(new Error('database down'));
    await settle();
    // The failed rebuild is tried again; the previous list still answers meanwhile.
    const retry = deferred();
    expect(cache.get('k', stampOf(2, 0, 4_000), retry.compute).previous).toBe(true);
    const late = cache.get('k', stampOf(2, 0, 6_000), retry.compute);
    expect(late.previous).toBe(false);
    retry.resolve('new');
    expect(await late.text).toBe('new');
  });

  it('never replaces a newer list with an older build that ends late', async () => {
    const cache = new ListCache(t.database.db, true);
    const older = deferred();
    const olderRead = cache.get('k', stampOf(1), older.compute);
    const newer = cache.get('k', stampOf(2), async () => 'v2');
    expect(await newer.text).toBe('v2');
    older.resolve('v1');
    expect(await olderRead.text).toBe('v1');
    await settle();
    expect(await cache.get('k', stampOf(1), async () => 'again').text).toBe('v2');
  });

  it('replaces the previous list only once the new one is compressed, and keeps serving the previous meanwhile', async () => {
    const cache = new ListCache(t.database.db, true, { minRebuildMs: 0 });
    const text = (letter: string) => JSON.stringify([letter.repeat(4096)]);
    await cache.get('k', stampOf(1), async () => text('a')).text;
    // Installed once its brotli bytes are made (then counted: two bytes a character, and the compressed bytes).
    await vi.waitFor(() => expect(cache.size.bytes).toBeGreaterThan(2 * 4096));
    const rebuild = deferred();
    expect(cache.get('k', stampOf(2), rebuild.compute).previous).toBe(true);
    rebuild.resolve(text('b'));
    // The new text is there, its compression (on the thread pool) is not yet: the previous list still answers.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(cache.get('k', stampOf(2), rebuild.compute)).toMatchObject({
      tag: 'e.1',
      previous: true,
    });
    await vi.waitFor(() =>
      expect(cache.get('k', stampOf(2), rebuild.compute)).toMatchObject({
        tag: 'e.2',
        previous: false,
      }),
    );
    expect(rebuild.calls()).toBe(1);
    // Its brotli bytes were made with it: served without compressing again.
    const bytes = await cache.encoded('k', 'e.2', 'br');
    expect(bytes?.length).toBeGreaterThan(10);
  });

  it('keeps its memory bounded: the least recently used lists go first', async () => {
    const cache = new ListCache(t.database.db, true, { maxBytes: 45 });
    let computed = 0;
    const list = (name: string) => async () => {
      computed += 1;
      return name.padEnd(10, '.');
    };
    await cache.get('a', stampOf(1), list('a')).text;
    await cache.get('b', stampOf(1), list('b')).text;
    await settle();
    await cache.get('a', stampOf(1), list('a')).text; // a is now the most recently used
    await cache.get('c', stampOf(1), list('c')).text;
    await settle();
    // Two bytes a character (V8's upper bound): two lists of ten characters fit in 45 bytes.
    expect(cache.size).toEqual({ entries: 2, bytes: 40 });
    expect(computed).toBe(3);
    await cache.get('a', stampOf(1), list('a')).text;
    expect(computed).toBe(3);
    await cache.get('b', stampOf(1), list('b')).text;
    expect(computed).toBe(4);
  });

  it('computes every time when disabled', async () => {
    const cache = new ListCache(t.database.db, false);
    let computed = 0;
    await cache.get('k', stampOf(1), async () => String((computed += 1))).text;
    await cache.get('k', stampOf(1), async () => String((computed += 1))).text;
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

    const again = await t.call('GET', dashboardUrl(), {
      token: customer,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Weak comparison, lists of tags and '*'.
    const opaque = etag.replace(/^W\//, '');
    for (const header of [opaque, `"nope", ${etag}`, '*']) {
      expect(
        (
          await t.call('GET', dashboardUrl(), {
            token: customer,
            headers: { 'if-none-match': header },
          })
        ).statusCode,
        header,
      ).toBe(304);
    }
    const stale = await t.call('GET', dashboardUrl(), {
      token: customer,
      headers: { 'if-none-match': 'W/"dashboard-1-000000000000.0"' },
    });
    expectContract('getDashboard', stale, 200);
    // Staff's copy carries the staff-only fields (scores): its own ETag, never a customer's 304.
    expect(await etagOf(dashboardUrl(), staff)).not.toBe(etag);
  });

  it('marks the previous version served during a rebuild, and the current one once it is built', async () => {
    // A session of its own that never wrote: another device of the customer's.
    const device = (await t.login('customer@example.com')).access;
    const url = dashboardUrl();
    const before = await t.call('GET', url, { token: device });
    expectContract('getDashboard', before, 200);
    expect(before.headers['list-state']).toBe('current');
    const etag = String(before.headers.etag);
    const { id } = (before.json() as { prospects: { id: number }[] }).prospects[0]!;
    const written = await t.call('PUT', `/api/v1/prospects/${id}`, {
      token: staff,
      body: { position: 'Changed by staff meanwhile' },
    });
    expect(written.statusCode, written.body).toBe(200);
    // The device asks at once (a live event): the list it holds, marked so that it asks again.
    const during = await t.call('GET', url, { token: device, headers: { 'if-none-match': etag } });
    expect(during.statusCode).toBe(304);
    expect(during.headers).toMatchObject({ etag, 'list-state': 'previous' });
    await vi.waitFor(
      async () => {
        const after = await t.call('GET', url, {
          token: device,
          headers: { 'if-none-match': etag },
        });
        expect(after.statusCode).toBe(200);
        expect(after.headers['list-state']).toBe('current');
        expect(after.body).toContain('Changed by staff meanwhile');
      },
      { timeout: 10_000 },
    );
  });

  it('checks access before answering 304', async () => {
    const etag = await etagOf(dashboardUrl());
    const res = await t.call('GET', dashboardUrl(), {
      token: other,
      headers: { 'if-none-match': etag },
    });
    expectContract('getDashboard', res, 403);
  });

  it('answers the campaign detail with an ETag and 304 too', async () => {
    const dashboard = (await t.call('GET', dashboardUrl(), { token: customer })).json() as {
      prospects: { campaign_id: number }[];
    };
    const url = `/api/v2/campaigns/${dashboard.prospects[0]!.campaign_id}`;
    const first = await t.call('GET', url, { token: customer });
    expectContract('getCampaign', first, 200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"campaign-\d+-/);
    expect(
      (await t.call('GET', url, { token: customer, headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    await t.call(
      'POST',
      `/api/v1/prospects/${(first.json() as { prospects: { id: number }[] }).prospects[0]!.id}/comment`,
      { token: customer, body: { content: 'A new comment' } },
    );
    expectContract(
      'getCampaign',
      await t.call('GET', url, { token: customer, headers: { 'if-none-match': etag } }),
      200,
    );
  });

  it('answers a changed list after a real write, with the change in it', async () => {
    const before = await t.call('GET', dashboardUrl(), { token: customer });
    const target = (
      before.json() as { prospects: { id: number; prospecting_status: string }[] }
    ).prospects.find((p) => p.prospecting_status === 'ongoing')!;
    const moved = await t.call('PUT', `/api/v1/prospects/${target.id}/status`, {
      token: customer,
      body: { prospecting_status: 'converted' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await t.call('GET', dashboardUrl(), {
      token: customer,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(
      (after.json() as { prospects: { id: number; prospecting_status: string }[] }).prospects.find(
        (p) => p.id === target.id,
      )?.prospecting_status,
    ).toBe('converted');
  });

  it('keeps another customer’s list and ETag when a customer writes', async () => {
    const theirs = await etagOf(dashboardUrl(t.facts.otherCustomerId), other);
    const target = (
      (await t.call('GET', dashboardUrl(), { token: customer })).json() as {
        prospects: { id: number }[];
      }
    ).prospects[0]!;
    expect(
      (
        await t.call('POST', `/api/v1/prospects/${target.id}/comment`, {
          token: customer,
          body: { content: 'Only mine' },
        })
      ).statusCode,
    ).toBe(201);
    const res = await t.call('GET', dashboardUrl(t.facts.otherCustomerId), {
      token: other,
      headers: { 'if-none-match': theirs },
    });
    expect(res.statusCode).toBe(304);
  });
});

describe('every write route invalidates what it changes, and only that', () => {
  /**
   * A valid request for each write operation of the contract (a new write operation fails the completeness check
   * until it has one), with the token that may make it; `changes`: the customer's dashboard or campaign must change.
   */
  type Case = {
    token: () => string;
    url: string;
    method?: string;
    body?: unknown;
    changes?: boolean;
  };
  let prospectId = 0;
  let campaignId = 0;
  let tagId = 0;
  let commentId = 0;
  let unreadMessageId = 0;
  /** An answer and a label it does not have yet. */
  let relabelled = { id: 0, label: 'other' };
  const customerCase =
    (url: () => string, body?: () => unknown, changes = false, method = 'POST') =>
    (): Case => ({
      token: () => customer,
      method,
      url: url(),
      ...(body ? { body: body() } : {}),
      changes,
    });
  const cases: Record<string, () => Case> = {
    attachTag: customerCase(
      () => `/api/v1/prospects/${prospectId}/tags/attach`,
      () => ({ label: 'Invalidation' }),
      true,
    ),
    detachTag: customerCase(
      () => `/api/v1/prospects/${prospectId}/tags/detach`,
      () => ({ tag_id: tagId }),
      true,
    ),
    deleteTag: customerCase(() => `/api/v1/prospects/tags/${tagId}`, undefined, true, 'DELETE'),
    createComment: customerCase(
      () => `/api/v1/prospects/${prospectId}/comment`,
      () => ({ content: 'Invalidation' }),
      true,
    ),
    deleteComment: customerCase(
      () => `/api/v1/prospects/${prospectId}/comment/${commentId}`,
      undefined,
      true,
      'DELETE',
    ),
    updateProspect: customerCase(
      () => `/api/v1/prospects/${prospectId}`,
      () => ({ position: 'Chief Invalidation Officer' }),
      true,
      'PUT',
    ),
    setProspectStatus: customerCase(
      () => `/api/v1/prospects/${prospectId}/status`,
      () => ({ prospecting_status: 'lost' }),
      true,
      'PUT',
    ),
    substituteProspect: customerCase(
      () => `/api/v1/prospects/${prospectId}/substitute`,
      () => ({
        title: 'miss',
        first_name: 'Ada',
        last_name: 'Byron',
        email: 'ada.byron@example.com',
        reason: 'Moved on.',
      }),
      true,
    ),
    syncCampaign: () => ({
      token: () => staff,
      method: 'GET',
      url: `/api/v1/campaigns/${campaignId}/sync`,
      changes: true,
    }),
    nurtureAllProspects: () => ({
      token: () => staff,
      url: `/api/v1/users/${t.facts.customerId}/dashboard/nurture-prospects`,
      changes: true,
    }),
    cleanNurtureColumn: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/dashboard/clean-nurture`,
      undefined,
      true,
    ),
    markInboxMessageRead: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/inbox-messages/${unreadMessageId}/read`,
    ),
    // A label change is recorded in the prospect's history, whose date the lists show.
    setInboxMessageLabel: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/inbox-messages/${relabelled.id}/label`,
      () => ({ label: relabelled.label }),
      true,
      'PUT',
    ),
    addDevInboxAnswer: () => ({
      token: () => customer,
      url: '/api/dev/inbox-answers',
      body: { email: 'customer@example.com', content: 'Invalidation' },
      changes: true,
    }),
    submitOnboarding: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/onboarding`,
      () => ({}),
    ),
    uploadOnboardingFiles: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/onboarding/files`,
    ),
    createSmtpEmailAccount: customerCase(
      () => '/api/v2/integrations/email/smtp',
      () => ({}),
    ),
    createOAuthEmailAccount: customerCase(() => '/api/v2/integrations/email/google'),
    connectLinkedinAccount: customerCase(
      () => '/api/v2/integrations/linkedin/connection',
      () => ({}),
    ),
    getToken: () => ({
      token: () => '',
      url: '/api/v2/auth/token/get',
      body: { email: 'customer@example.com', password: 'wrong password' },
    }),
    verifyToken: customerCase(
      () => '/api/v2/auth/token/verify',
      () => ({ token: customer }),
    ),
    refreshToken: customerCase(
      () => '/api/v2/auth/token/refresh',
      () => ({ refresh: 'not-a-token' }),
    ),
    revokeToken: customerCase(
      () => '/api/v2/auth/token/revoke',
      () => ({ refresh: 'not-a-token' }),
    ),
    requestPasswordReset: () => ({
      token: () => '',
      url: '/api/user/reset-password',
      body: { email: 'nobody@example.com' },
    }),
    // The campaign builder's and the imports' writes are staff's: a customer's call is refused and changes nothing.
    createCampaignDraft: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/campaign-drafts`,
      () => ({}),
    ),
    deleteCampaignDraft: customerCase(
      () => `/api/v1/campaigns/${campaignId}`,
      undefined,
      false,
      'DELETE',
    ),
    updateCampaignDefinition: customerCase(
      () => `/api/v1/campaigns/${campaignId}/definition`,
      () => ({}),
      false,
      'PUT',
    ),
    changeCampaignLifecycle: customerCase(
      () => `/api/v1/campaigns/${campaignId}/lifecycle`,
      () => ({ action: 'pause' }),
    ),
    startImport: customerCase(() => `/api/v1/campaigns/${campaignId}/imports`),
    setImportMapping: customerCase(
      () => '/api/v1/imports/1/mapping',
      () => ({}),
      false,
      'PUT',
    ),
    validateImport: customerCase(() => '/api/v1/imports/1/validate'),
    commitImport: customerCase(() => '/api/v1/imports/1/commit'),
    cancelImport: customerCase(() => '/api/v1/imports/1/cancel'),
    retryImport: customerCase(() => '/api/v1/imports/1/retry'),
    checkResetCode: () => ({
      token: () => '',
      url: '/api/user/reset-code/check',
      body: { code: 'x' },
    }),
    resetChangePassword: () => ({
      token: () => '',
      url: '/api/user/reset-change-password',
      body: { code: 'x' },
    }),
    changePassword: customerCase(
      () => '/api/users/user/change-password',
      () => ({}),
    ),
    // The engine's writes a customer can reach: a task of nobody's, a mailbox of nobody's (404, nothing changes).
    updateTask: customerCase(
      () => '/api/v1/tasks/999999',
      () => ({ state: 'done' }),
      false,
      'PATCH',
    ),
    resumeEmailAccountSending: customerCase(
      () => '/api/v2/integrations/email/999999/resume-sending',
    ),
    updateEmailAccount: customerCase(
      () => '/api/v2/integrations/email/999999/settings',
      () => ({ signature: 'Julien' }),
      false,
      'PATCH',
    ),
    // An answer to a message of nobody's: 404 before any mail server is reached, nothing changes.
    answerInboxMessage: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/inbox-messages/999999/answers`,
      () => ({ body: 'Bonjour', idempotency_key: 'list-cache-answer-0001' }),
    ),
    // A campaign mail's one-click unsubscribe with a link this server never signed: refused, nothing changes.
    unsubscribe: () => ({
      token: () => '',
      url: '/m/u/not-a-signed-link',
      body: {},
    }),
    // Webhooks are staff's: a customer's call is refused and changes nothing.
    createWebhook: customerCase(
      () => `/api/v1/users/${t.facts.customerId}/webhooks`,
      () => ({ url: 'https://hooks.example.com/prospecta', events: ['reply.received'] }),
    ),
    updateWebhook: customerCase(
      () => '/api/v1/webhooks/1',
      () => ({}),
      false,
      'PATCH',
    ),
    deleteWebhook: customerCase(() => '/api/v1/webhooks/1', undefined, false, 'DELETE'),
    rotateWebhookSecret: customerCase(() => '/api/v1/webhooks/1/secret'),
    sendWebhookTest: customerCase(() => '/api/v1/webhooks/1/test'),
    // Last: it ends the other customer's sessions, which the checks above read with.
    revokeAllSessions: () => ({ token: () => other, url: '/api/v2/auth/sessions/revoke-all' }),
  };
  const order = Object.keys(cases);
  /** The writes that change more than some prospects (a campaign and its steps): the dashboard is read whole. */
  const WHOLE_LIST_WRITES = ['syncCampaign'];

  it('has a valid request for every write operation of the contract', () => {
    const writes = contract()
      .operations.filter((op) => op.method !== 'get' || op.operationId === 'syncCampaign')
      .map((op) => op.operationId)
      .sort();
    expect([...order].sort()).toEqual(writes);
  });

  it('after each write, answers the writer’s lists as the database has them, and another customer’s from the cache (304)', async () => {
    const list = async (app: 'cached' | 'uncached', url: string, token: string, etag?: string) => {
      const headers: Record<string, string> = {
        'x-app-version': '2.3.5',
        authorization: `Bearer ${token}`,
        ...(etag ? { 'if-none-match': etag } : {}),
      };
      return app === 'cached'
        ? t.app.inject({ method: 'GET', url, headers })
        : uncached.inject({ method: 'GET', url, headers });
    };
    for (const operationId of order) {
      const pick = await t.database.db
        .selectFrom('prospects')
        .innerJoin('campaigns', 'campaigns.id', 'prospects.campaign_id')
        .select(['prospects.id', 'prospects.campaign_id'])
        .where('prospects.user_id', '=', t.facts.customerId)
        .where('prospects.prospecting_status', 'in', ['ongoing', 'to_call', 'pending'])
        .where('campaigns.is_active', '=', true)
        .orderBy('prospects.id', 'desc')
        .executeTakeFirstOrThrow();
      prospectId = pick.id;
      campaignId = pick.campaign_id;
      if (operationId === 'detachTag' || operationId === 'deleteTag') {
        const attached = await t.call('POST', `/api/v1/prospects/${prospectId}/tags/attach`, {
          token: customer,
          body: { label: `Tag for ${operationId}` },
        });
        tagId = (attached.json() as { id: number }).id;
      }
      if (operationId === 'deleteComment') {
        const created = await t.call('POST', `/api/v1/prospects/${prospectId}/comment`, {
          token: customer,
          body: { content: 'To delete' },
        });
        commentId = (created.json() as { id: number }).id;
      }
      if (operationId === 'markInboxMessageRead') {
        const inbox = (
          await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
            token: customer,
          })
        ).json() as { items: { id: number; is_read: boolean }[] };
        unreadMessageId = inbox.items.find((item) => !item.is_read)!.id;
      }
      if (operationId === 'setInboxMessageLabel') {
        const inbox = (
          await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
            token: customer,
          })
        ).json() as { items: { id: number; label: string | null }[] };
        const item = inbox.items[0]!;
        relabelled = { id: item.id, label: item.label === 'other' ? 'interested' : 'other' };
      }
      const c = cases[operationId]!();
      const token = c.token();
      // The writer's lists (read with the writer's token: read your writes) and another customer's, cached before.
      const readAs = token || customer;
      const urls = [dashboardUrl(), `/api/v2/campaigns/${campaignId}`];
      const before = await Promise.all(urls.map((url) => list('cached', url, readAs)));
      const theirs = await list('cached', dashboardUrl(t.facts.otherCustomerId), other);
      const res = await t.call(c.method ?? 'POST', c.url, {
        token: token || null,
        ...(c.body !== undefined ? { body: c.body } : {}),
      });
      expect(res.statusCode, `${operationId} answered ${res.statusCode}: ${res.body}`).not.toBe(
        500,
      );
      if (c.changes) expect(res.statusCode, `${operationId}: ${res.body}`).toBeLessThan(300);

      let changed = false;
      const builds = { ...t.app.services.listCache.builds };
      for (const [index, url] of urls.entries()) {
        const previous = before[index]!;
        const after = await list('cached', url, readAs, String(previous.headers.etag));
        if (index === 0 && c.changes) {
          // The dashboard was brought up to date from the prospects the write changed, unless it changed more than them.
          const whole = WHOLE_LIST_WRITES.includes(operationId);
          const { builds: now } = t.app.services.listCache;
          expect(
            [now.whole - builds.whole, now.changed - builds.changed],
            `${operationId}: whole and changed builds`,
          ).toEqual(whole ? [1, 0] : [0, 1]);
        }
        const served = after.statusCode === 304 ? previous.body : after.body;
        const truth = await list('uncached', url, readAs);
        expect(JSON.parse(served), `${operationId}: ${url} served from the cache`).toEqual(
          JSON.parse(truth.body),
        );
        changed ||= after.statusCode === 200;
      }
      if (c.changes) expect(changed, `${operationId} changed no list`).toBe(true);
      if (operationId !== 'revokeAllSessions') {
        expect(
          (
            await list(
              'cached',
              dashboardUrl(t.facts.otherCustomerId),
              other,
              String(theirs.headers.etag),
            )
          ).statusCode,
          `${operationId}: the other customer's dashboard`,
        ).toBe(304);
      }
    }
  });
});

describe('a list brought up to date from the changed prospects', () => {
  it('equals the list read whole after concurrent writes and reads', async () => {
    const headers = (token: string) => ({
      'x-app-version': '2.3.5',
      authorization: `Bearer ${token}`,
    });
    const read = (app: FastifyInstance, token = customer) =>
      app.inject({ method: 'GET', url: dashboardUrl(), headers: headers(token) });
    const whole = (await read(uncached)).json() as { prospects: { id: number }[] };
    const targets = whole.prospects.slice(0, 12).map((p) => p.id);
    await read(t.app);
    const before = { ...t.app.services.listCache.builds };
    const writes = targets.flatMap((id, index) => [
      () =>
        t.call('POST', `/api/v1/prospects/${id}/comment`, {
          token: customer,
          body: { content: `Concurrent ${index}` },
        }),
      () =>
        t.call('PUT', `/api/v1/prospects/${id}`, {
          token: customer,
          body: { position: `Position ${index}` },
        }),
      () =>
        t.call('POST', `/api/v1/prospects/${id}/tags/attach`, {
          token: index % 2 ? customer : staff,
          body: { label: `Concurrent ${index % 3}` },
        }),
    ]);
    // Each write with a read of the writer's session and one of another session (who may get the previous list).
    const answers = await Promise.all(
      writes.flatMap((write) => [write(), read(t.app), read(t.app, staff)]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);
    const [cached, truth] = await Promise.all([read(t.app), read(uncached)]);
    expect(cached.json()).toEqual(truth.json());
    expect(JSON.stringify(truth.json())).toContain('Concurrent 11');
    // Most builds took the changed prospects only (a new tag label is not a change of the whole list either).
    const { builds } = t.app.services.listCache;
    expect(builds.changed - before.changed).toBeGreaterThan(0);
    expect(builds.whole - before.whole).toBe(0);
  });
});

describe('two servers on one database', () => {
  it('a write through one server retires the list the other one cached, and their ETags agree', async () => {
    const second = await t.database.anotherConnection();
    const b = await buildServer({
      config: t.config,
      database: second,
      logger: false,
      contract: contract(),
    });
    try {
      const callB = (
        method: 'GET' | 'PUT',
        url: string,
        headers: Record<string, string> = {},
        body?: unknown,
      ) =>
        b.inject({
          method,
          url,
          headers: {
            'x-app-version': '2.3.5',
            authorization: `Bearer ${staff}`,
            ...headers,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      const onB = await callB('GET', dashboardUrl());
      expect(onB.statusCode).toBe(200);
      expect(onB.headers.etag).toBe(await etagOf(dashboardUrl(), staff));
      const target = (
        onB.json() as { prospects: { id: number; prospecting_status: string }[] }
      ).prospects.find(
        (p) => p.prospecting_status === 'ongoing' || p.prospecting_status === 'to_call',
      )!;
      // The write goes through server A; server B's cached list and the client's ETag are out of date at once.
      expect(
        (
          await t.call('PUT', `/api/v1/prospects/${target.id}/status`, {
            token: staff,
            body: { prospecting_status: 'lost' },
          })
        ).statusCode,
      ).toBe(200);
      const afterOnB = await callB('GET', dashboardUrl(), {
        'if-none-match': String(onB.headers.etag),
      });
      expect(afterOnB.statusCode).toBe(200);
      expect(
        (afterOnB.json() as { prospects: { id: number }[] }).prospects.some(
          (p) => p.id === target.id,
        ),
      ).toBe(false);
      expect(
        (await callB('GET', dashboardUrl(), { 'if-none-match': String(afterOnB.headers.etag) }))
          .statusCode,
      ).toBe(304);
    } finally {
      await b.close();
      await second.close();
    }
  });
});

describe('the development check of cached lists against the contract', () => {
  it('parses and checks a cached list once per version, not on every request', async () => {
    const shared = contract();
    let dashboardChecks = 0;
    const counting: Contract = {
      ...shared,
      responseValidator(op, status, contentType) {
        const validate = shared.responseValidator(op, status, contentType);
        if (!validate || !op.path.endsWith('/dashboard')) return validate;
        const counted = ((data: unknown) => {
          dashboardChecks += 1;
          const ok = validate(data);
          counted.errors = validate.errors;
          return ok;
        }) as typeof validate;
        counted.errors = null;
        return counted;
      },
    };
    const checked = await buildServer({
      config: { ...t.config, responseValidation: 'strict' },
      database: t.database,
      logger: false,
      contract: counting,
    });
    await checked.ready();
    try {
      const headers = { 'x-app-version': '2.3.5', authorization: `Bearer ${customer}` };
      const read = async () => {
        const res = await checked.inject({ method: 'GET', url: dashboardUrl(), headers });
        expect(res.statusCode, res.body).toBe(200);
        return res;
      };
      const first = await read();
      await read();
      await read();
      expect(dashboardChecks).toBe(1);
      // A write gives the list a new version: that version is checked once in turn.
      const { prospects } = first.json() as { prospects: { id: number }[] };
      const written = await t.call('POST', `/api/v1/prospects/${prospects[0]!.id}/comment`, {
        token: customer,
        body: { content: 'A new version of the list' },
      });
      expect(written.statusCode, written.body).toBe(201);
      const after = await read();
      await read();
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(dashboardChecks).toBe(2);
    } finally {
      await checked.close();
    }
  });
});
