import { PassThrough, type Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/index';

/**
 * The live event streams (`GET /api/v1/live`, text/event-stream): each signed-in tab holds one, and learns from it
 * that a user's lists (dashboard, campaigns, prospects' statuses, comments) or inbox (answers received, read,
 * labelled) changed, so it refetches them at once instead of polling.
 *
 * Where the events come from: the database's per-user versions. Triggers (migration 0054) NOTIFY every change of
 * `list_versions` and `inbox_versions` (themselves bumped by triggers on every table a list or the inbox shows) and
 * every ended sign-in, on the channel `live_<schema>`, when the writing transaction commits. Each server process
 * LISTENs with one connection of its own (`NotificationSource`: a dedicated client on PostgreSQL, PGlite's in-process
 * listener on the embedded database), whatever the number of streams, and hands each notification to the streams of
 * the users it names. So a write through any instance, job or script reaches every instance's streams, and no
 * feature publishes anything.
 *
 * An event's id is what the stream has told about: the database's epoch and, per watched user, the list and inbox
 * versions (`<epoch>:<user>.<lists>.<inbox>,…`); each part only grows. Versions come from one sequence, but two
 * transactions may commit out of their numbers' order, so one number could not say which changes a client has seen;
 * each user's version of one kind grows in commit order (its row is locked by the bump). On a reconnect the browser
 * sends the last id (`Last-Event-ID`) and the stream first sends what changed since (replay: a change is only ever
 * "refetch this", so the current versions say all that was missed), or `resync` when the id is of another database
 * or does not name the watched users.
 *
 * Limits: at most `perUser` streams of a signed-in user and `perInstance` in this process (refused beyond: 429); a
 * comment line every `heartbeatMs` keeps proxies from closing an idle stream and shows a dead peer; a stream whose
 * client does not read (`maxBufferedBytes` waiting) is closed; a stream closes when its sign-in ends (the trigger's
 * notification, and a check of every stream's sign-in every `sessionCheckMs` in one query) and when the server closes.
 */

export type LiveKind = 'lists' | 'inbox';

export interface LiveOptions {
  perUser: number;
  perInstance: number;
  heartbeatMs: number;
  sessionCheckMs: number;
  /** Changes arriving within this time are sent as one event per user and kind (a bulk write commits many bumps). */
  coalesceMs: number;
  maxBufferedBytes: number;
}

export const LIVE_DEFAULTS: LiveOptions = {
  perUser: 12,
  perInstance: 5000,
  heartbeatMs: 20_000,
  sessionCheckMs: 60_000,
  coalesceMs: 50,
  maxBufferedBytes: 64 * 1024,
};

/** Where a process's notifications come from: one listening connection, which reconnects by itself when lost. */
export interface NotificationSource {
  /**
   * Listens on `channel`. `onResume` is called after a lost connection listens again: notifications may have been
   * missed meanwhile.
   */
  listen(
    channel: string,
    onNotification: (payload: string) => void,
    onResume: () => void,
  ): Promise<{ close(): Promise<void> }>;
}

const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/** PostgreSQL: a client of its own (not one of the pool's), LISTENing until closed, reconnecting with backoff. */
export function postgresNotifications(
  url: string,
  log: { warn(o: object, m: string): void },
): NotificationSource {
  return {
    async listen(channel, onNotification, onResume) {
      let client: pg.Client | null = null;
      let closed = false;
      let attempt = 0;
      let retry: NodeJS.Timeout | null = null;
      const lost = (lostClient: pg.Client, error?: unknown) => {
        if (client !== lostClient || closed) return;
        client = null;
        lostClient.removeAllListeners('notification');
        lostClient.end().catch(() => undefined);
        log.warn({ err: error }, 'live events: the listening connection was lost; reconnecting');
        schedule();
      };
      const connect = async (resume: boolean) => {
        const next = new pg.Client({ connectionString: url, keepAlive: true });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined)
            onNotification(message.payload);
        });
        next.on('error', (error) => lost(next, error));
        next.on('end', () => lost(next));
        try {
          await next.connect();
          await next.query(`LISTEN ${quoted(channel)}`);
        } catch (error) {
          next.removeAllListeners();
          next.on('error', () => undefined);
          await next.end().catch(() => undefined);
          throw error;
        }
        if (closed) {
          next.removeAllListeners();
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        attempt = 0;
        if (resume) onResume();
      };
      const schedule = () => {
        const delay = Math.min(30_000, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt += 1;
        retry = setTimeout(() => {
          retry = null;
          connect(true).catch((error: unknown) => {
            log.warn({ err: error }, 'live events: listening again failed; retrying');
            if (!closed) schedule();
          });
        }, delay);
        retry.unref();
      };
      await connect(false);
      return {
        async close() {
          closed = true;
          if (retry) clearTimeout(retry);
          const current = client;
          client = null;
          if (current) {
            current.removeAllListeners();
            current.on('error', () => undefined);
            await current.end().catch(() => undefined);
          }
        },
      };
    },
  };
}

/**
 * The embedded database: PGlite delivers notifications in process. Its LISTEN holds Kysely's connection mutex as the
 * job queue's does (jobs/database.ts), so it never runs between a transaction's statements.
 */
export function pgliteNotifications(db: Db, pglite: PGlite): NotificationSource {
  return {
    async listen(channel, onNotification) {
      const unlisten = await db
        .connection()
        .execute(() => pglite.listen(quoted(channel), onNotification));
      return {
        close: () =>
          db
            .connection()
            .execute(() => unlisten())
            .catch(() => undefined),
      };
    },
  };
}

interface Versions {
  lists: bigint;
  inbox: bigint;
}

interface Snapshot {
  epoch: string;
  versions: Map<number, Versions>;
}

/** `<epoch>:<user>.<lists>.<inbox>,…` (users ascending). */
export function formatEventId(epoch: string, versions: Map<number, Versions>): string {
  const parts = [...versions.entries()]
    .sort(([a], [b]) => a - b)
    .map(([user, v]) => `${user}.${v.lists}.${v.inbox}`);
  return `${epoch}:${parts.join(',')}`;
}

/** A `Last-Event-ID` read back; null when it is not one of ours. */
export function parseEventId(id: string): Snapshot | null {
  const match =
    /^([0-9a-f]{1,40}):((?:\d{1,12}\.\d{1,20}\.\d{1,20})(?:,\d{1,12}\.\d{1,20}\.\d{1,20}){0,7})$/.exec(
      id.trim(),
    );
  if (!match) return null;
  const versions = new Map<number, Versions>();
  for (const part of match[2]!.split(',')) {
    const [user, lists, inbox] = part.split('.');
    versions.set(Number(user), { lists: BigInt(lists!), inbox: BigInt(inbox!) });
  }
  return { epoch: match[1]!, versions };
}

const event = (id: string, name: string, data: unknown) =>
  `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

class LiveStream {
  readonly out = new PassThrough();
  /** What this stream has told about, per watched user; null until the stream's first versions are read. */
  versions: Map<number, Versions> | null = null;
  /** Changes that arrived before the first versions were read. */
  early: [LiveKind, number, bigint][] = [];
  private readonly pending = new Set<`${LiveKind}:${number}`>();
  private flushTimer: NodeJS.Timeout | null = null;
  closed = false;

  constructor(
    private readonly hub: LiveHub,
    readonly userId: number,
    readonly sessionId: string,
    readonly users: readonly number[],
  ) {}

  /** `user`'s `kind` is at `version` (a notification, a catch-up): an event once, if it is news to this stream. */
  changed(kind: LiveKind, user: number, version: bigint): void {
    if (this.closed) return;
    if (!this.versions) {
      this.early.push([kind, user, version]);
      return;
    }
    const known = this.versions.get(user);
    if (!known || version <= known[kind]) return;
    known[kind] = version;
    this.pending.add(`${kind}:${user}`);
    this.flushTimer ??= setTimeout(() => this.flush(), this.hub.options.coalesceMs);
  }

  private flush(): void {
    this.flushTimer = null;
    if (this.closed || !this.versions || this.pending.size === 0) return;
    const id = formatEventId(this.hub.epoch, this.versions);
    let text = '';
    for (const key of this.pending) {
      const [kind, user] = key.split(':') as [LiveKind, string];
      text += event(id, kind, { user_id: Number(user) });
    }
    this.pending.clear();
    this.write(text);
  }

  write(text: string): void {
    if (this.closed) return;
    this.out.write(text);
    // A client that does not read (gone without a FIN, stalled): closed rather than buffered without end.
    if (this.out.writableLength > this.hub.options.maxBufferedBytes) this.end();
  }

  /** Ends the stream (the client sees the end and connects again, or signs out when its session is over). */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.hub.forget(this);
    if (!this.out.destroyed) this.out.end();
  }
}

export type OpenOutcome =
  { stream: Readable } | { refused: 'user' | 'instance'; retryAfterSeconds: number };

export class LiveHub {
  readonly options: LiveOptions;
  /** The database's epoch (list_epoch), read when listening starts. */
  epoch = '';
  private readonly byUser = new Map<number, Set<LiveStream>>();
  private readonly bySession = new Map<string, Set<LiveStream>>();
  private readonly countBySignedIn = new Map<number, number>();
  private readonly streams = new Set<LiveStream>();
  private started: Promise<void> | null = null;
  private listener: { close(): Promise<void> } | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastSessionCheck = 0;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly source: NotificationSource,
    private readonly log: {
      warn(o: object, m: string): void;
      error(o: object, m: string): void;
    },
    options: Partial<LiveOptions> = {},
  ) {
    this.options = { ...LIVE_DEFAULTS, ...options };
  }

  /** Open streams in this process. */
  get size(): number {
    return this.streams.size;
  }

  /** Whether this process listens for notifications now (it starts with the first stream). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** Starts listening (once; again after a failure). */
  private start(): Promise<void> {
    this.started ??= (async () => {
      const { rows } = await sql<{ schema: string; epoch: string | null }>`
        select current_schema() as schema, (select epoch from list_epoch where id = 1) as epoch`.execute(
        this.db,
      );
      const row = rows[0];
      if (!row?.epoch) throw new Error('list_epoch has no row: run the migrations');
      this.epoch = row.epoch;
      this.listener = await this.source.listen(
        `live_${row.schema}`,
        (payload) => this.onNotification(payload),
        () => this.resume(),
      );
      this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
      this.heartbeat.unref();
      this.lastSessionCheck = Date.now();
    })().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  /**
   * A stream for the signed-in user `userId` (sign-in `sessionId`) about `users` (their own, and for staff the one
   * they look at), starting after `lastEventId` when the client sends one.
   */
  async open(input: {
    userId: number;
    sessionId: string;
    users: readonly number[];
    lastEventId: string | null;
  }): Promise<OpenOutcome> {
    if (this.closing) return { refused: 'instance', retryAfterSeconds: 5 };
    if ((this.countBySignedIn.get(input.userId) ?? 0) >= this.options.perUser)
      return { refused: 'user', retryAfterSeconds: 30 };
    if (this.streams.size >= this.options.perInstance)
      return { refused: 'instance', retryAfterSeconds: 10 };
    await this.start();
    const users = [...new Set(input.users)].sort((a, b) => a - b);
    const stream = new LiveStream(this, input.userId, input.sessionId, users);
    this.streams.add(stream);
    this.countBySignedIn.set(input.userId, (this.countBySignedIn.get(input.userId) ?? 0) + 1);
    for (const user of users) this.addTo(this.byUser, user, stream);
    this.addTo(this.bySession, input.sessionId, stream);
    stream.out.once('close', () => stream.end());
    try {
      // Registered before its versions are read: a change committed meanwhile is kept in `early`, not lost.
      const current = await this.read(users);
      const last = input.lastEventId !== null ? parseEventId(input.lastEventId) : null;
      const replayable =
        last !== null &&
        last.epoch === this.epoch &&
        users.every((user) => last.versions.has(user));
      let text = 'retry: 2000\n\n';
      const sent = new Map(
        users.map((user) => [user, { ...(current.get(user) ?? { lists: 0n, inbox: 0n }) }]),
      );
      stream.versions = sent;
      const id = formatEventId(this.epoch, sent);
      if (input.lastEventId !== null && !replayable) {
        text += event(id, 'resync', {});
      } else if (last) {
        for (const user of users) {
          const known = last.versions.get(user)!;
          const now = sent.get(user)!;
          if (now.lists > known.lists) text += event(id, 'lists', { user_id: user });
          if (now.inbox > known.inbox) text += event(id, 'inbox', { user_id: user });
        }
      }
      text += event(id, 'ready', { users });
      stream.write(text);
      const early = stream.early;
      stream.early = [];
      for (const [kind, user, version] of early) stream.changed(kind, user, version);
      return { stream: stream.out };
    } catch (error) {
      stream.end();
      throw error;
    }
  }

  /** The list and inbox versions of `users` (0: never changed). */
  private async read(users: readonly number[]): Promise<Map<number, Versions>> {
    const result = new Map<number, Versions>();
    if (users.length === 0) return result;
    const ids = sql.join(users.map((user) => sql.lit(Math.trunc(user))));
    const { rows } = await sql<{ user_id: number; lists: string | null; inbox: string | null }>`
      select u.id as user_id, l.version::text as lists, i.version::text as inbox
      from unnest(array[${ids}]::integer[]) as u(id)
      left join list_versions l on l.user_id = u.id
      left join inbox_versions i on i.user_id = u.id`.execute(this.db);
    for (const row of rows)
      result.set(Number(row.user_id), {
        lists: BigInt(row.lists ?? '0'),
        inbox: BigInt(row.inbox ?? '0'),
      });
    return result;
  }

  private addTo<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(stream);
  }

  private removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
    const set = map.get(key);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) map.delete(key);
  }

  /** A stream ended: it leaves every index (nothing is kept of it). */
  forget(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    for (const user of stream.users) this.removeFrom(this.byUser, user, stream);
    this.removeFrom(this.bySession, stream.sessionId, stream);
    const count = (this.countBySignedIn.get(stream.userId) ?? 1) - 1;
    if (count > 0) this.countBySignedIn.set(stream.userId, count);
    else this.countBySignedIn.delete(stream.userId);
  }

  private onNotification(payload: string): void {
    const space = payload.indexOf(' ');
    const kind = payload.slice(0, space);
    const items = payload.slice(space + 1);
    if (kind === 's') {
      if (items === '*') void this.checkSessions();
      else
        for (const id of items.split(' '))
          for (const stream of [...(this.bySession.get(id) ?? [])]) stream.end();
      return;
    }
    const live: LiveKind | null = kind === 'l' ? 'lists' : kind === 'i' ? 'inbox' : null;
    if (!live) return;
    if (items === '*') {
      void this.catchUp();
      return;
    }
    for (const item of items.split(' ')) {
      const colon = item.indexOf(':');
      const user = Number(item.slice(0, colon));
      const streams = this.byUser.get(user);
      if (!streams) continue;
      const version = BigInt(item.slice(colon + 1));
      for (const stream of streams) stream.changed(live, user, version);
    }
  }

  /** After notifications may have been missed: every stream compares its versions with the database's. */
  private async catchUp(): Promise<void> {
    try {
      const users = [...this.byUser.keys()];
      for (let i = 0; i < users.length; i += 1000) {
        const slice = users.slice(i, i + 1000);
        const versions = await this.read(slice);
        for (const user of slice) {
          const v = versions.get(user);
          if (!v) continue;
          for (const stream of this.byUser.get(user) ?? []) {
            stream.changed('lists', user, v.lists);
            stream.changed('inbox', user, v.inbox);
          }
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'live events: reading the versions again failed');
    }
  }

  private resume(): void {
    void this.catchUp();
    void this.checkSessions();
  }

  /** Closes the streams whose sign-in has ended or expired (one query per thousand sign-ins). */
  private async checkSessions(): Promise<void> {
    this.lastSessionCheck = Date.now();
    try {
      const sessions = [...this.bySession.keys()];
      for (let i = 0; i < sessions.length; i += 1000) {
        const slice = sessions.slice(i, i + 1000);
        const { rows } = await sql<{ id: string }>`
          select id from refresh_token_families
          where id in (${sql.join(slice)}) and revoked_at is null and expires_at > now()`.execute(
          this.db,
        );
        const open = new Set(rows.map((row) => row.id));
        for (const id of slice)
          if (!open.has(id)) for (const stream of [...(this.bySession.get(id) ?? [])]) stream.end();
      }
    } catch (error) {
      this.log.error({ err: error }, 'live events: checking the sign-ins failed');
    }
  }

  private beat(): void {
    for (const stream of [...this.streams]) stream.write(': keep-alive\n\n');
    if (Date.now() - this.lastSessionCheck >= this.options.sessionCheckMs)
      void this.checkSessions();
  }

  /** Ends every stream and stops listening (the server is closing: open streams would hold its close). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const stream of [...this.streams]) stream.end();
    await this.started?.catch(() => undefined);
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }
}
