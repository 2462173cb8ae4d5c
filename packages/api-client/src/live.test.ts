import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSeam } from './auth';
import { createApiClients } from './clients';
import {
  connectLiveEvents,
  invalidateForLiveEvent,
  liveRetryDelay,
  readEventStream,
  type LiveEvent,
} from './live';
import { queryKeys } from './query/keys';

const BASE = 'http://prospecta.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const encoder = new TextEncoder();
/** A body that sends `chunks` one after the other, then ends (or stays open with `open`). */
const bodyOf = (chunks: string[], open = false) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!open) controller.close();
    },
  });
const streamResponse = (chunks: string[], open = false) =>
  new HttpResponse(bodyOf(chunks, open), {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });

const ready = (id: string) => `id: ${id}\nevent: ready\ndata: {"users":[2]}\n\n`;

function clients() {
  const auth: AuthSeam = {
    getAccessToken: () => 'access-token',
    getRefreshToken: () => null,
    refresh: () => Promise.reject(new Error('no refresh')),
    onTokens: () => undefined,
    onRefreshFailed: () => undefined,
    onSessionExpired: () => undefined,
  };
  return createApiClients({
    config: { apiBaseUrl: BASE, userServiceBaseUrl: BASE },
    auth,
    onReload: () => undefined,
  });
}

/** Runs the connection with a clock that never waits, recording each wait; resolves once `until` holds. */
async function run(until: (events: LiveEvent[], waits: number[]) => boolean, random = () => 0.5) {
  const events: LiveEvent[] = [];
  const waits: number[] = [];
  const connection = connectLiveEvents({
    clients: clients(),
    onEvent: (event) => events.push(event),
    onRetry: (delay) => waits.push(delay),
    random,
    sleep: () => new Promise((resolve) => setTimeout(resolve, 1)),
  });
  const deadline = Date.now() + 5_000;
  while (!until(events, waits) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  connection.close();
  return { events, waits };
}

describe('readEventStream', () => {
  it('reads messages cut anywhere, with CRLF or LF, multi-line data, ids, and skips comments', async () => {
    const text =
      ': keep-alive\r\n\r\nid: a:1.2.3\r\nevent: inbox\r\ndata: {"user_id":\r\ndata: 2}\r\n\r\nretry: 2000\n\nevent: lists\ndata:{"user_id":3}\n\n';
    const chunks = text.match(/[\s\S]{1,7}/g)!;
    const messages = [];
    for await (const message of readEventStream(bodyOf(chunks))) messages.push(message);
    expect(messages).toEqual([
      { id: 'a:1.2.3', event: 'inbox', data: '{"user_id":\n2}' },
      // The id stays the last one given, as in an EventSource.
      { id: 'a:1.2.3', event: 'lists', data: '{"user_id":3}' },
    ]);
  });
});

describe('liveRetryDelay', () => {
  it('doubles from one second up to thirty, each wait drawn between half and all of it', () => {
    const low = [0, 1, 2, 3, 4, 5, 6, 10].map((n) => liveRetryDelay(n, () => 0));
    const high = [0, 1, 2, 3, 4, 5, 6, 10].map((n) => liveRetryDelay(n, () => 1));
    expect(high).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(low).toEqual(high.map((ms) => ms / 2));
    expect(liveRetryDelay(2, () => 0.25)).toBe(2500);
  });
});

describe('connectLiveEvents', () => {
  it('passes the events on, reconnects with a growing wait, and replays from the last id it got', async () => {
    const sent: (string | null)[] = [];
    const auth: (string | null)[] = [];
    const answers = [
      () =>
        streamResponse([ready('e:2.5.7'), 'id: e:2.6.7\nevent: lists\ndata: {"user_id":2}\n\n']),
      () => HttpResponse.json({ detail: 'down' }, { status: 503 }),
      () => new HttpResponse(null, { status: 502 }),
      () =>
        streamResponse(['id: e:2.6.9\nevent: inbox\ndata: {"user_id":2}\n\n', ready('e:2.6.9')]),
      () => streamResponse([], true),
    ];
    server.use(
      http.get(`${BASE}/api/v1/live`, ({ request }) => {
        sent.push(request.headers.get('last-event-id'));
        auth.push(request.headers.get('authorization'));
        return answers[Math.min(sent.length - 1, answers.length - 1)]!();
      }),
    );
    const { events, waits } = await run(() => sent.length >= 5);
    expect(auth[0]).toBe('Bearer access-token');
    expect(sent.slice(0, 5)).toEqual([null, 'e:2.6.7', 'e:2.6.7', 'e:2.6.7', 'e:2.6.9']);
    expect(events).toEqual([
      { type: 'ready', users: [2] },
      { type: 'lists', userId: 2 },
      { type: 'inbox', userId: 2 },
      { type: 'ready', users: [2] },
    ]);
    // After the first stream ended: 1 s, then 2 s and 4 s after two failures (jitter at its middle: ×0.75); the
    // stream that opened again (ready) starts the count over.
    expect(waits.slice(0, 4)).toEqual([750, 1500, 3000, 750]);
  });

  it('says resync when it connected again without an id to replay from, and passes the server’s resync on', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/api/v1/live`, () => {
        calls += 1;
        if (calls === 1) return streamResponse(['event: ready\ndata: {"users":[2]}\n\n']);
        if (calls === 2)
          return streamResponse(['id: e:2.1.1\nevent: ready\ndata: {"users":[2]}\n\n']);
        return streamResponse(['id: e:2.2.2\nevent: resync\ndata: {}\n\n', ready('e:2.2.2')], true);
      }),
    );
    const { events } = await run((events) => events.length >= 5);
    expect(events.map((e) => e.type)).toEqual(['ready', 'resync', 'ready', 'resync', 'ready']);
  });

  it('waits at least a 429’s Retry-After, and stops for good on 204 (no live events from this server)', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/api/v1/live`, () => {
        calls += 1;
        if (calls === 1)
          return HttpResponse.json(
            { detail: 'Too many live streams are open for this user.' },
            { status: 429, headers: { 'retry-after': '30' } },
          );
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { waits } = await run(() => calls >= 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(waits).toEqual([30_000]);
    expect(calls).toBe(2);
  });
});

describe('invalidateForLiveEvent', () => {
  const seeded = () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const keys = {
      me: queryKeys.currentUser(),
      inbox: queryKeys.inbox.ofUser(2),
      otherInbox: queryKeys.inbox.ofUser(3),
      dashboard: queryKeys.dashboard.ofUser(2),
      otherDashboard: queryKeys.dashboard.ofUser(3),
      campaign: queryKeys.campaign.detail(9),
      tags: queryKeys.tags.list(),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
    const stale = () =>
      Object.entries(keys)
        .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
        .map(([name]) => name)
        .sort();
    return { queryClient, stale };
  };

  it('marks the inbox and the badge for an inbox event, the lists too for a lists event, all for a resync', async () => {
    let { queryClient, stale } = seeded();
    await invalidateForLiveEvent(queryClient, { type: 'inbox', userId: 2 }, 2);
    expect(stale()).toEqual(['inbox', 'me']);

    ({ queryClient, stale } = seeded());
    // Staff following customer 3: the customer's inbox, not the staff member's own badge.
    await invalidateForLiveEvent(queryClient, { type: 'inbox', userId: 3 }, 2);
    expect(stale()).toEqual(['otherInbox']);

    ({ queryClient, stale } = seeded());
    await invalidateForLiveEvent(queryClient, { type: 'lists', userId: 2 }, 2);
    expect(stale()).toEqual(['campaign', 'dashboard', 'inbox', 'me', 'tags']);

    ({ queryClient, stale } = seeded());
    await invalidateForLiveEvent(queryClient, { type: 'resync' }, 2);
    expect(stale()).toEqual(
      ['me', 'inbox', 'otherInbox', 'dashboard', 'otherDashboard', 'campaign', 'tags'].sort(),
    );

    ({ queryClient, stale } = seeded());
    await invalidateForLiveEvent(queryClient, { type: 'ready', users: [2] }, 2);
    expect(stale()).toEqual([]);
  });
});
