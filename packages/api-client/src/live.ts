import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@prospecta/domain/contract';
import { SessionError } from './auth';
import type { ApiClients } from './clients';
import { queryKeys } from './query/keys';

/**
 * The live events of the signed-in user (contract: streamLiveEvents): one stream per tab, read with `fetch` through
 * the clients' auth middleware (the bearer token, its refresh on a 401, X-App-Version), since an EventSource cannot
 * send a header. The stream is opened again after it ends or fails, after an exponential backoff with jitter; the
 * last event's id goes back as Last-Event-ID, so the server replays what changed meanwhile (or says `resync`).
 */

export type LiveEventName = components['schemas']['LiveEventName'];

/** What the app is told: a change of one user's lists or inbox, everything to refetch, or the stream being open. */
export type LiveEvent =
  | { type: 'lists' | 'inbox'; userId: number }
  | { type: 'resync' }
  | { type: 'ready'; users: number[] };

/** One message of a text/event-stream (comments and messages without data are skipped, as an EventSource does). */
export interface EventStreamMessage {
  id: string | null;
  event: string;
  data: string;
}

/** Reads a `text/event-stream` body message by message (the format of the HTML standard's server-sent events). */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventStreamMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let id: string | null = null;
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A CR that ends the chunk may be the first half of a CRLF: wait for the next chunk.
        if (end === buffer.length - 1 && buffer.endsWith('\r')) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { id, event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
        else if (field === 'id' && !value.includes('\0')) id = value;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** The app's event for a message of the stream; null for one it does not know (a newer server's). */
export function liveEventOf(message: EventStreamMessage): LiveEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  const body = (data ?? {}) as { user_id?: unknown; users?: unknown };
  switch (message.event as LiveEventName) {
    case 'lists':
    case 'inbox':
      return typeof body.user_id === 'number'
        ? { type: message.event as 'lists' | 'inbox', userId: body.user_id }
        : null;
    case 'resync':
      return { type: 'resync' };
    case 'ready':
      return {
        type: 'ready',
        users: Array.isArray(body.users) ? body.users.filter((u) => typeof u === 'number') : [],
      };
    default:
      return null;
  }
}

export interface LiveBackoff {
  /** The first wait after a failure (ms). */
  initialMs: number;
  /** The longest wait (ms). */
  maxMs: number;
}

export const LIVE_BACKOFF: LiveBackoff = { initialMs: 1_000, maxMs: 30_000 };

/**
 * The wait before attempt `attempt` (0: the first retry): doubling from `initialMs` up to `maxMs`, then drawn
 * between half of it and all of it (jitter: tabs cut off together, by a server restart, do not all come back at once).
 */
export function liveRetryDelay(attempt: number, random: () => number, backoff = LIVE_BACKOFF) {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface LiveEventsOptions {
  clients: ApiClients;
  /** Staff: the customer they look at, followed besides themselves. */
  followUserId?: number | null;
  onEvent(event: LiveEvent): void;
  /** Called with the wait before each new attempt (tests, diagnostics). */
  onRetry?(delayMs: number, attempt: number): void;
  backoff?: LiveBackoff;
  random?: () => number;
  /** Waits `ms` unless `signal` aborts first (tests pass a fake clock). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const realSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Holds the live stream open until `close()`: reconnects after an end or a failure (backoff with jitter; a 429's
 * Retry-After at least), replays from the last event's id, and tells the app to refetch everything (`resync`) after
 * a reconnection the server could not replay. Stops for good when the server has no live events (204, 404), refuses
 * the followed user (403), or the session is over (the auth middleware signs out).
 */
export function connectLiveEvents(options: LiveEventsOptions): { close(): void } {
  const { clients, onEvent } = options;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? realSleep;
  const backoff = options.backoff ?? LIVE_BACKOFF;
  const closing = new AbortController();
  let lastEventId: string | null = null;
  let wasReady = false;
  /** Failed or ended attempts since the stream was last open (`ready`). */
  let attempt = 0;

  const once = async (): Promise<{ stop: boolean; waitAtLeastMs: number }> => {
    const request = new AbortController();
    const abort = () => request.abort();
    closing.signal.addEventListener('abort', abort, { once: true });
    try {
      const sentId = lastEventId;
      const { response, data } = await clients.api.GET('/api/v1/live', {
        params: {
          query: options.followUserId ? { user_id: options.followUserId } : {},
          header: sentId !== null ? { 'Last-Event-ID': sentId } : {},
        },
        parseAs: 'stream',
        signal: request.signal,
      });
      // No live events from this server (204; 404: a server or a test double without the operation), or none for
      // this follow (403), or the app is reloading (418): trying again would only repeat the answer.
      if ([204, 403, 404, 418].includes(response.status)) return { stop: true, waitAtLeastMs: 0 };
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after'));
        return { stop: false, waitAtLeastMs: Number.isFinite(seconds) ? seconds * 1000 : 0 };
      }
      if (!response.ok || !data) return { stop: false, waitAtLeastMs: 0 };
      for await (const message of readEventStream(data)) {
        if (message.id !== null) lastEventId = message.id;
        const event = liveEventOf(message);
        if (!event) continue;
        if (event.type === 'ready') {
          attempt = 0;
          // Connected again without an id to replay from (the first try failed early): what changed meanwhile is unknown.
          if (wasReady && sentId === null) onEvent({ type: 'resync' });
          wasReady = true;
        }
        onEvent(event);
      }
      return { stop: false, waitAtLeastMs: 0 };
    } catch (error) {
      // The session is over: the session machine signs out; nothing to connect again for.
      if (error instanceof SessionError) return { stop: true, waitAtLeastMs: 0 };
      return { stop: false, waitAtLeastMs: 0 };
    } finally {
      closing.signal.removeEventListener('abort', abort);
      request.abort();
    }
  };

  void (async () => {
    while (!closing.signal.aborted) {
      const outcome = await once();
      if (outcome.stop || closing.signal.aborted) return;
      const delay = Math.max(outcome.waitAtLeastMs, liveRetryDelay(attempt, random, backoff));
      options.onRetry?.(delay, attempt);
      attempt += 1;
      await sleep(delay, closing.signal);
    }
  })();

  return { close: () => closing.abort() };
}

const invalidate = (queryClient: QueryClient, queryKey: readonly unknown[]) =>
  queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });

/**
 * Marks stale (and refetches where shown) what a live event says changed. `ownUserId`: the signed-in user, whose
 * profile carries the unread count (the badge and the title).
 */
export async function invalidateForLiveEvent(
  queryClient: QueryClient,
  event: LiveEvent,
  ownUserId: number,
): Promise<void> {
  switch (event.type) {
    case 'ready':
      return;
    case 'resync':
      await invalidate(queryClient, queryKeys.all());
      return;
    case 'inbox': {
      const keys: (readonly unknown[])[] = [queryKeys.inbox.ofUser(event.userId)];
      if (event.userId === ownUserId) keys.push(queryKeys.currentUser());
      await Promise.all(keys.map((key) => invalidate(queryClient, key)));
      return;
    }
    case 'lists': {
      const { userId } = event;
      const keys: (readonly unknown[])[] = [
        queryKeys.dashboard.ofUser(userId),
        queryKeys.campaigns.ofUser(userId),
        // A campaign's detail is keyed by campaign, not owner: the shown ones are asked again (ETag: 304 if unchanged).
        queryKeys.campaign.all(),
        queryKeys.prospect.all(),
        queryKeys.tasks.ofUser(userId),
        queryKeys.lastComments.ofUser(userId),
        queryKeys.tags.all(),
        // The inbox lists the prospects still to handle; the unread count counts them.
        queryKeys.inbox.ofUser(userId),
        queryKeys.users.profile(userId),
      ];
      if (userId === ownUserId) keys.push(queryKeys.currentUser());
      await Promise.all(keys.map((key) => invalidate(queryClient, key)));
      return;
    }
  }
}
