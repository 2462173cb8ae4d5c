import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../src/db/index';
import { createRepositories } from '../src/repositories/index';
import { buildServer } from '../src/server';
import { APP_VERSION, contract, expectContract, startTestApp, type TestApp } from './helpers';

/**
 * The live event streams (http/live.ts, migration 0054): a write on one server instance reaches a stream held by
 * another through the database's NOTIFY (on PostgreSQL, `api-pg`, the second instance has its own pool and its own
 * listening connection; on the embedded database both share the one connection and its in-process notifications).
 */
let t: TestApp;
let second: Database;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
const HEARTBEAT_MS = 300;

beforeAll(async () => {
  t = await startTestApp({ live: { perUser: 3, heartbeatMs: HEARTBEAT_MS, coalesceMs: 20 } });
  second = await t.database.anotherConnection();
  b = await buildServer({
    config: t.config,
    database: second,
    logger: false,
    contract: contract(),
  });
  await b.ready();
  urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  await second?.close();
  await t?.close();
});

/** Every client a test opened: closed after each test, whatever its outcome. */
const opened = new Set<AbortController>();
afterEach(async () => {
  for (const controller of opened) controller.abort();
  opened.clear();
  await until(() => t.app.services.live.size === 0 && b.services.live.size === 0);
});

interface LiveMessage {
  id: string | null;
  event: string | null;
  data: unknown;
  comment: string | null;
}

/** A client of the stream: its parsed events and comments, in order, as they arrive. */
async function connect(
  base: string,
  token: string,
  options: { lastEventId?: string; userId?: number } = {},
) {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'x-app-version': APP_VERSION,
    'accept-encoding': 'br, gzip',
  };
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const query = options.userId !== undefined ? `?user_id=${options.userId}` : '';
  opened.add(controller);
  const response = await fetch(`${base}/api/v1/live${query}`, {
    headers,
    signal: controller.signal,
  });
  const messages: LiveMessage[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  if (response.status === 200 && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: LiveMessage = { id: null, event: null, data: null, comment: null };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) message.comment = line.slice(1).trim();
              else if (line.startsWith('id: ')) message.id = line.slice(4);
              else if (line.startsWith('event: ')) message.event = line.slice(7);
              else if (line.startsWith('data: ')) message.data = JSON.parse(line.slice(6));
            }
            if (message.event || message.comment !== null) messages.push(message);
          }
          wake();
        }
      } catch {
        // Aborted by the test.
      } finally {
        ended = true;
        wake();
      }
    })();
  }
  /** Waits (at most `ms`) for a message after index `from` that `match` accepts. */
  const next = async (match: (m: LiveMessage) => boolean, from = 0, ms = 5_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = messages.slice(from).find(match);
      if (found) return found;
      if (ended) throw new Error(`stream ended; got ${JSON.stringify(messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        const waiter = () => {
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(waiter, left);
        waiters.add(waiter);
      });
    }
  };
  const untilEnded = async (ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return ended;
  };
  return { response, messages, next, untilEnded, close: () => controller.abort() };
}

const named = (event: string) => (m: LiveMessage) => m.event === event;
const until = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

const inboxProspect = async (userId: number) =>
  t.database.db
    .selectFrom('prospects')
    .select('id')
    .where('user_id', '=', userId)
    .where('prospecting_status', 'in', ['to_call', 'ongoing'])
    .orderBy('id')
    .executeTakeFirstOrThrow();

const addAnswer = async (userId: number) => {
  const { id: prospectId } = await inboxProspect(userId);
  await createRepositories(t.database.db).inbox.addAnswers([
    {
      prospectId,
      userId,
      content: 'Rappelez-moi mardi matin.',
      channel: 'email',
      receivedAt: new Date(),
    },
  ]);
};

describe('the live event stream', () => {
  it('refuses a request without a valid access token, and a customer following someone else', async () => {
    const none = await t.call('GET', '/api/v1/live');
    expectContract('streamLiveEvents', none, 401);
    const forged = await t.call('GET', '/api/v1/live', { token: 'not-a-token' });
    expectContract('streamLiveEvents', forged, 401);
    const { access } = await t.login('customer@example.com');
    const other = await t.call('GET', `/api/v1/live?user_id=${t.facts.otherCustomerId}`, {
      token: access,
    });
    expectContract('streamLiveEvents', other, 403);
    expect(t.app.services.live.size).toBe(0);
  });

  it('streams uncompressed events, with heartbeats, and a write through one instance reaches a stream on the other', async () => {
    const { access } = await t.login('customer@example.com');
    const stream = await connect(urlB, access);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    const ready = await stream.next(named('ready'));
    expect(ready.data).toEqual({ users: [t.facts.customerId] });
    expect(ready.id).toMatch(/^[0-9a-f]+:\d+\.\d+\.\d+$/);

    // A read answer, through instance A's API: an inbox event on B's stream.
    const inbox = await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
      token: access,
    });
    const unread = (inbox.json() as { items: { id: number; is_read: boolean }[] }).items.find(
      (item) => !item.is_read,
    );
    expect(unread).toBeDefined();
    const from = stream.messages.length;
    const read = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/inbox-messages/${unread!.id}/read`,
      { token: access },
    );
    expect(read.statusCode, read.body).toBe(200);
    const event = await stream.next(named('inbox'), from);
    expect(event.data).toEqual({ user_id: t.facts.customerId });
    expect(event.id).not.toBe(ready.id);

    // A status change through A: a lists event.
    const { id: prospectId } = await inboxProspect(t.facts.customerId);
    const afterRead = stream.messages.length;
    const status = await t.call('PUT', `/api/v1/prospects/${prospectId}/status`, {
      token: access,
      body: { prospecting_status: 'converted' },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect((await stream.next(named('lists'), afterRead)).data).toEqual({
      user_id: t.facts.customerId,
    });

    // Another customer's change is not sent to this stream.
    const quiet = stream.messages.length;
    await addAnswer(t.facts.otherCustomerId);
    await stream.next((m) => m.comment === 'keep-alive', quiet, HEARTBEAT_MS * 4);
    expect(stream.messages.slice(quiet).filter((m) => m.event !== null)).toEqual([]);
    stream.close();
  });

  it('replays what changed since Last-Event-ID, and says resync when it cannot', async () => {
    const { access } = await t.login('customer@example.com');
    const first = await connect(urlA, access);
    const ready = await first.next(named('ready'));
    first.close();
    await addAnswer(t.facts.customerId);

    const again = await connect(urlB, access, { lastEventId: ready.id! });
    const replayed = await again.next(named('ready'));
    const before = again.messages.slice(0, again.messages.indexOf(replayed));
    // An answer received: the inbox, and the prospect's lists (it now has responses).
    expect(before.map((m) => m.event).sort()).toEqual(['inbox', 'lists']);
    expect(before.map((m) => m.data)).toEqual([
      { user_id: t.facts.customerId },
      { user_id: t.facts.customerId },
    ]);
    again.close();

    // Nothing changed since: nothing replayed.
    const unchanged = await connect(urlA, access, { lastEventId: replayed.id! });
    expect((await unchanged.next(named('ready'))).id).toBe(replayed.id);
    expect(unchanged.messages.filter((m) => m.event !== null).map((m) => m.event)).toEqual([
      'ready',
    ]);
    unchanged.close();

    for (const lastEventId of ['garbage', `ffffffffffff:${t.facts.customerId}.1.1`]) {
      const lost = await connect(urlA, access, { lastEventId });
      await lost.next(named('ready'));
      expect(lost.messages.filter((m) => m.event !== null).map((m) => m.event)).toEqual([
        'resync',
        'ready',
      ]);
      lost.close();
    }
  });

  it('lets staff follow the customer they look at', async () => {
    const { access } = await t.login('staff@example.com');
    const stream = await connect(urlA, access, { userId: t.facts.customerId });
    const ready = await stream.next(named('ready'));
    expect(ready.data).toEqual({
      users: [t.facts.staffId, t.facts.customerId].sort((x, y) => x - y),
    });
    const from = stream.messages.length;
    await addAnswer(t.facts.customerId);
    expect((await stream.next(named('inbox'), from)).data).toEqual({ user_id: t.facts.customerId });
    stream.close();
  });

  it('ends the streams of a sign-in that ends, on every instance, and keeps the others', async () => {
    const one = await t.login('customer@example.com');
    const two = await t.login('customer@example.com');
    const onA = await connect(urlA, one.access);
    const onB = await connect(urlB, one.access);
    const kept = await connect(urlB, two.access);
    await Promise.all([onA, onB, kept].map((s) => s.next(named('ready'))));
    const revoked = await t.call('POST', '/api/v2/auth/token/revoke', {
      token: one.access,
      body: { refresh: one.refresh },
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect(await onA.untilEnded()).toBe(true);
    expect(await onB.untilEnded()).toBe(true);
    expect(await kept.untilEnded(HEARTBEAT_MS * 3)).toBe(false);
    // The ended sign-in cannot open a new one.
    const refused = await t.call('GET', '/api/v1/live', { token: one.access });
    expect(refused.statusCode).toBe(401);
    kept.close();
  });

  it('holds at most perUser streams of a user, and forgets a stream when its client leaves', async () => {
    await until(() => t.app.services.live.size === 0 && b.services.live.size === 0);
    expect(t.app.services.live.size).toBe(0);
    const { access } = await t.login('other.customer@example.com');
    const streams = [];
    for (let i = 0; i < 3; i += 1) {
      const stream = await connect(urlA, access);
      await stream.next(named('ready'));
      streams.push(stream);
    }
    expect(t.app.services.live.size).toBe(3);
    const refused = await t.call('GET', '/api/v1/live', { token: access });
    expectContract('streamLiveEvents', refused, 429);
    expect(refused.headers['retry-after']).toBe('30');
    // Another instance counts its own.
    const elsewhere = await connect(urlB, access);
    await elsewhere.next(named('ready'));
    elsewhere.close();
    for (const stream of streams) stream.close();
    expect(await until(() => t.app.services.live.size === 0)).toBe(true);
    expect(await until(() => b.services.live.size === 0)).toBe(true);
    // Freed: a new stream opens again.
    const again = await connect(urlA, access);
    await again.next(named('ready'));
    again.close();
    expect(await until(() => t.app.services.live.size === 0)).toBe(true);
  });

  it('sends one event per user and kind for a burst of changes', async () => {
    const { access } = await t.login('customer@example.com');
    const stream = await connect(urlA, access);
    await stream.next(named('ready'));
    const from = stream.messages.length;
    await t.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i += 1)
        await sql`update inbox_messages set read_at = null where user_id = ${t.facts.customerId}`.execute(
          trx,
        );
    });
    await stream.next(named('inbox'), from);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.messages.slice(from).filter((m) => m.event === 'inbox')).toHaveLength(1);
    stream.close();
  });

  it.runIf(process.env.API_TEST_DB === 'postgres')(
    'listens again after losing its connection, and sends what changed meanwhile',
    async () => {
      const { access } = await t.login('customer@example.com');
      const stream = await connect(urlA, access);
      await stream.next(named('ready'));
      const from = stream.messages.length;
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        t.database.db,
      );
      // The instances' listening connections are cut; the answer commits before they listen again (they wait
      // at least 125 ms), so its notification is lost: the stream learns of it by reading the versions again.
      // The pids first, then only those are ended (in one statement the planner may test the ending first).
      const listeners = await sql<{ pid: number }>`
        select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and query = ${`LISTEN "live_${rows[0]!.schema}"`}`.execute(t.database.db);
      const pids = listeners.rows.map((row) => row.pid);
      const cut = await sql<{ ended: boolean }>`
        select pg_terminate_backend(pid) as ended from unnest(${pids}::int[]) as pid`.execute(
        t.database.db,
      );
      // Instance A's, and B's when it listens (it starts with its first stream).
      expect(cut.rows.length).toBeGreaterThanOrEqual(1);
      expect(cut.rows.every((row) => row.ended)).toBe(true);
      await addAnswer(t.facts.customerId);
      expect((await stream.next(named('inbox'), from)).data).toEqual({
        user_id: t.facts.customerId,
      });
    },
  );

  it('ends its streams when the server closes', async () => {
    const { access } = await t.login('customer@example.com');
    const other = await t.database.anotherConnection();
    const c = await buildServer({
      config: t.config,
      database: other,
      logger: false,
      contract: contract(),
    });
    const url = await c.listen({ port: 0, host: '127.0.0.1' });
    const stream = await connect(url, access);
    await stream.next(named('ready'));
    await c.close();
    await other.close();
    expect(await stream.untilEnded()).toBe(true);
    expect(c.services.live.listening).toBe(false);
  });
});
