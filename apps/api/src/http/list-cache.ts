import { sql } from 'kysely';
import type { Db } from '../db/index';
import { compressText, type Encoding } from './compression';
import { itemListText, patchItems, type ItemList, type Items } from './list-items';

/**
 * The versions of the large lists (dashboard, campaign detail) and this process's cache of them.
 *
 * Versions live in the database, one per user whose lists they are (table `list_versions`, migration 0010): a trigger
 * on every table a list shows gives the owners of the changed rows a new version from one sequence, in the same
 * transaction as the change, whoever writes. So a write retires exactly the lists of the users it touches (another
 * customer's lists stay cached), in every server process on the database, and the version is the list answer's ETag
 * (http/etag.ts). A list is read after its version (read committed: the list is at least as new as the version it is
 * cached under), so a version never labels older data.
 *
 * Serving during a rebuild: a list whose owner has a newer version is built once for the crowd of readers (single
 * flight). Meanwhile a reader gets the previous list at once (with the previous ETag, marked `previous`: the client
 * asks again shortly) only if its session has written nothing since that list's version: `list_writers` keeps, per
 * session (`writerOf`: a sign-in, which the tabs of one browser share), the sequence value taken after its last write
 * through the API (plugins/list-cache.ts), so the session that just wrote always waits for the list that shows its
 * write (the app refetches after an optimistic change), while everyone else (other users, other devices) sees the
 * change one rebuild later. A previous list is never served once its owner's newer version is more than `staleForMs`
 * old (by the database's clock: a rebuild that keeps failing makes readers wait, and see the error), so a session's
 * write mark matters for that long only, and marks older than an hour are deleted.
 *
 * Bursts of versions (a campaign sending: each first mail moves a prospect): readers who may have the previous list
 * never start a build while one is under way, even of a version older than theirs, nor sooner than `minRebuildMs`
 * after the list they get was installed: the build is then started when that time is up, for the newest version asked
 * meanwhile. So a list that changes all the time is built a few times a second, not once per request (each such build
 * reads the changed prospects, writes the whole text and compresses it). Those readers' clients ask again shortly
 * (`List-State: previous`, http/etag.ts) and get it. A writer's build for a newer version starts at once and does not
 * cancel the one under way: whichever ends with the newest version is installed.
 *
 * Building a newer version: a list kept item by item (an `ItemSource`: the dashboard) is brought up from the cached
 * one by reading again only the prospects that changed since its version (`list_changes`, migration 0012), unless
 * something else changed since (a campaign, the owner's name, a statement over many prospects: `whole_since`) or too
 * many did; other lists are read whole. On the embedded database, a whole 10,000-prospect dashboard is 300–500 ms of
 * its one query at a time; a comment's update reads one prospect.
 */
/** A writer key (`writerOf`): `session:<sign-in id>` or `user:<id>`. */
const WRITER = /^(?:session|user):[\w-]{1,100}$/;

/** Who reads or writes, for read-your-writes: the session (sign-in) of the access token, else its user. */
export const writerOf = (
  principal: { id: number; sessionId: string | null } | null,
): string | null =>
  principal === null
    ? null
    : principal.sessionId && /^[\w-]{1,100}$/.test(principal.sessionId)
      ? `session:${principal.sessionId}`
      : `user:${principal.id}`;

export interface ListStamp {
  /** The user whose lists these are. */
  owner: number;
  /** `<epoch>.<version>`: the ETag's version part. */
  tag: string;
  /** The owner's current list version (0: unchanged since the versions began). */
  version: bigint;
  /** The sequence value after the reader's session's last write through the API (0: none, or no signed-in reader). */
  wrote: bigint;
  /** How long ago the owner's lists got this version (Infinity: never changed since the versions began). */
  changedAgoMs: number;
}

/**
 * A list read item by item (the dashboard): the text around the items, and how to read them, all of them or only
 * those of some ids that the list holds now.
 */
export interface ItemSource {
  head: string;
  tail: string;
  read(ids?: readonly number[]): Promise<Items>;
}

/** How a list is read: its whole text, or item by item. */
export type ListSource = (() => Promise<string>) | ItemSource;

/** At most this many changed prospects are read again one by one; more, and the list is read whole. */
const MAX_CHANGED_ITEMS = 1000;

interface Entry {
  tag: string;
  version: bigint;
  text: Promise<string>;
  /** The same list item by item, when its source reads it so (a later version may then read only what changed). */
  items: Promise<ItemList> | null;
  encoded: Map<Encoding, Promise<Buffer>>;
  /** When it was installed (performance.now()), 0 before. */
  installedAt: number;
  /**
   * Memory counted in the cache's total while the entry is held: the text (two bytes a character at most) and the
   * compressed bytes.
   */
  bytes: number;
  /** The compressed bytes made so far, held or not (counted when a superseded build is installed). */
  compressedBytes: number;
  settled: boolean;
}

interface Slot {
  /** The last list built successfully. */
  current: Entry | null;
  /** A build for a newer version than `current`'s, under way. */
  building: Entry | null;
  /** A build to start once `current` is `minRebuildMs` old, for the newest version a reader asked for meanwhile. */
  scheduled: { stamp: ListStamp; source: ListSource; timer: NodeJS.Timeout } | null;
}

/** A list as served: its text and the version (tag) it was built under, the current one or, during a rebuild, the previous. */
export interface ServedList {
  tag: string;
  text: Promise<string>;
  /** True when it is the previous version, served while the current one is being built. */
  previous: boolean;
}

export class ListCache {
  private readonly slots = new Map<string, Slot>();
  private totalBytes = 0;
  /** How the lists were built since this cache began: whole, or from the previous one and the changed items. */
  readonly builds = { whole: 0, changed: 0 };

  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly staleForMs: number;
  private readonly minRebuildMs: number;
  /**
   * How the lists are read from this database: in slices of this many rows on the embedded one (it runs one query at
   * a time, so the other requests' queries take turns with a long list), in one statement (one snapshot) on PostgreSQL.
   */
  readonly chunkRows: number | null;

  constructor(
    private readonly db: Db,
    /** Keep lists in this process's memory (LIST_CACHE); the versions and ETags work either way. */
    readonly enabled: boolean,
    options: {
      /** At most this many lists (least recently used go first). */
      maxEntries?: number;
      /** Memory bound of the cached lists: about 15 users of 10,000 prospects, or 3 of 100,000, by default. */
      maxBytes?: number;
      /** How long after a newer version appeared the previous list may still be served during its rebuild. */
      staleForMs?: number;
      /** The least time between a list's install and the next build started for readers who may have it. */
      minRebuildMs?: number;
      chunkRows?: number | null;
    } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 64;
    this.maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
    this.staleForMs = options.staleForMs ?? 5_000;
    this.minRebuildMs = options.minRebuildMs ?? 500;
    this.chunkRows = options.chunkRows ?? null;
  }

  /** The memory the cached lists hold now (text and compressed bytes). */
  get size(): { entries: number; bytes: number } {
    let entries = 0;
    for (const slot of this.slots.values())
      entries += Number(slot.current !== null) + Number(slot.building !== null);
    return { entries, bytes: this.totalBytes };
  }

  /** The current version of `owner`'s lists and when `reader` (`writerOf`) last wrote (one round trip). */
  async stamp(owner: number, reader: string | null): Promise<ListStamp> {
    // Literals, not parameters (an integer id and a checked writer key): the simple query protocol, a round trip per
    // list request, is measurably cheaper on PostgreSQL.
    const writer = reader !== null && WRITER.test(reader) ? reader : '';
    const { rows } = await sql<{
      epoch: string | null;
      version: string | null;
      changed_ago_ms: number | null;
      wrote: string | null;
    }>`
      select e.epoch, v.version::text as version,
        (extract(epoch from clock_timestamp() - v.changed_at) * 1000)::float8 as changed_ago_ms, w.version::text as wrote
      from list_epoch e
      left join list_versions v on v.user_id = ${sql.lit(Math.trunc(owner))}
      left join list_writers w on w.writer = ${sql.lit(writer)}
      where e.id = 1`.execute(this.db);
    const row = rows[0];
    if (!row?.epoch) throw new Error('list_epoch has no row: run the migrations');
    const version = row.version ?? '0';
    return {
      owner,
      tag: `${row.epoch}.${version}`,
      version: BigInt(version),
      wrote: BigInt(row.wrote ?? '0'),
      changedAgoMs: row.changed_ago_ms ?? Infinity,
    };
  }

  /**
   * The prospects of `owner`'s lists that changed after `version`, ascending (to be read again), or null when the
   * lists must be read whole: something else changed since (`whole_since`), or too many prospects did.
   */
  async changedSince(owner: number, version: bigint): Promise<number[] | null> {
    const user = sql.lit(Math.trunc(owner));
    const { rows } = await sql<{ whole_since: string | null; ids: string | null; count: number }>`
      select v.whole_since::text as whole_since, c.ids, c.count
      from (select 1) one
      left join list_versions v on v.user_id = ${user}
      cross join lateral (
        select string_agg(prospect_id::text, ',' order by prospect_id) as ids, count(*)::int as count from (
          select prospect_id from list_changes where user_id = ${user} and version > ${sql.lit(version.toString())}::bigint
          limit ${sql.lit(MAX_CHANGED_ITEMS + 1)}
        ) changed
      ) c`.execute(this.db);
    const row = rows[0];
    if (!row || BigInt(row.whole_since ?? '0') > version || row.count > MAX_CHANGED_ITEMS)
      return null;
    return row.ids ? row.ids.split(',').map(Number) : [];
  }

  /**
   * `writer` (`writerOf`) wrote through the API (called before the answer leaves): from now on, a list older than this
   * write is never served to that session (see the class comment). Returns the sequence value recorded.
   */
  async wrote(writer: string): Promise<bigint> {
    const { rows } = await sql<{ version: string }>`
      with pruned as (delete from list_writers where written_at < now() - interval '1 hour' and writer <> ${writer})
      insert into list_writers (writer, version) values (${writer}, nextval('list_version_seq'))
      on conflict (writer) do update set version = excluded.version, written_at = now()
      returning version::text as version`.execute(this.db);
    return BigInt(rows[0]?.version ?? 0);
  }

  private forget(entry: Entry | null): void {
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    entry.bytes = 0;
  }

  private drop(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.forget(slot.current);
    this.forget(slot.building);
    if (slot.scheduled) clearTimeout(slot.scheduled.timer);
  }

  /** Counts `bytes` more for `entry` (while it is still held), then drops the least recently used lists over the bounds. */
  private grow(key: string, entry: Entry, bytes: number): void {
    const slot = this.slots.get(key);
    if (!slot || (slot.current !== entry && slot.building !== entry)) return;
    entry.bytes += bytes;
    this.totalBytes += bytes;
    for (const oldest of this.slots.keys()) {
      if (this.totalBytes <= this.maxBytes && this.size.entries <= this.maxEntries) break;
      if (oldest === key) continue;
      this.drop(oldest);
    }
  }

  /**
   * The list under `stamp`: from the current one and the items changed since its version when both are kept item by
   * item and few changed, else read whole.
   */
  private read(
    slot: Slot,
    stamp: ListStamp,
    source: ListSource,
  ): { text: Promise<string>; items: Promise<ItemList> | null } {
    if (typeof source === 'function') {
      this.builds.whole += 1;
      return { text: source(), items: null };
    }
    const readWhole = async (): Promise<ItemList> => {
      this.builds.whole += 1;
      return { head: source.head, tail: source.tail, ...(await source.read()) };
    };
    const base = slot.current;
    const items = (async (): Promise<ItemList> => {
      if (!base?.items) return readWhole();
      const changed = await this.changedSince(stamp.owner, base.version);
      if (changed === null) return readWhole();
      this.builds.changed += 1;
      const [previous, fresh] = await Promise.all([base.items, source.read(changed)]);
      return patchItems(previous, changed, fresh);
    })();
    return { text: items.then(itemListText), items };
  }

  /** Starts building `key` under `stamp` (single flight: the slot's one build), and installs it when done. */
  private build(key: string, slot: Slot, stamp: ListStamp, source: ListSource): Entry {
    // A build under way is superseded, not cancelled: it may still end first and be installed (below).
    this.forget(slot.building);
    const { text, items } = this.read(slot, stamp, source);
    const entry: Entry = {
      tag: stamp.tag,
      version: stamp.version,
      text,
      items,
      encoded: new Map(),
      installedAt: 0,
      bytes: 0,
      compressedBytes: 0,
      settled: false,
    };
    slot.building = entry;
    entry.text
      .then(async (text) => {
        // Ready to replace the previous list once its brotli bytes are too (what browsers ask for): the readers who
        // may have the previous list keep getting it meanwhile instead of waiting for the compression.
        if (this.enabled && text.length >= 1024)
          await this.compress(key, entry, 'br').catch(() => undefined);
        return text;
      })
      .then(
        (text) => {
          entry.settled = true;
          if (this.slots.get(key) !== slot) return;
          if (slot.building === entry) slot.building = null;
          // A build for an older version that ends late (a newer one superseded it, and ended first) never replaces
          // a newer list.
          if (slot.current && slot.current.version >= entry.version) return;
          // Counted afresh: a superseded build's bytes stopped counting when it was superseded.
          this.forget(entry);
          this.forget(slot.current);
          slot.current = entry;
          entry.installedAt = performance.now();
          // Two bytes a character: V8 keeps a string in one or two bytes a character (the upper bound); as much again
          // for the items of a list kept item by item.
          this.grow(key, entry, (entry.items ? 4 : 2) * text.length + entry.compressedBytes);
        },
        // A failed build is not kept: the next request tries again.
        () => {
          if (slot.building !== entry) return;
          slot.building = null;
          this.forget(entry);
        },
      );
    return entry;
  }

  /**
   * A build for readers who may have the current list: now, or when the current list is `minRebuildMs` old, for the
   * newest version asked until then (unless a build under way or ended meanwhile covers it).
   */
  private buildSoon(key: string, slot: Slot, stamp: ListStamp, source: ListSource): void {
    const wait = (slot.current?.installedAt ?? 0) + this.minRebuildMs - performance.now();
    if (wait <= 0) {
      this.build(key, slot, stamp, source);
      return;
    }
    if (slot.scheduled) {
      if (stamp.version > slot.scheduled.stamp.version)
        Object.assign(slot.scheduled, { stamp, source });
      return;
    }
    const scheduled: NonNullable<Slot['scheduled']> = {
      stamp,
      source,
      timer: setTimeout(() => {
        if (slot.scheduled !== scheduled) return;
        slot.scheduled = null;
        const covered = (entry: Entry | null) =>
          entry !== null && entry.version >= scheduled.stamp.version;
        if (this.slots.get(key) !== slot || slot.building || covered(slot.current)) return;
        this.build(key, slot, scheduled.stamp, scheduled.source);
      }, wait),
    };
    scheduled.timer.unref();
    slot.scheduled = scheduled;
  }

  /** `entry`'s text compressed with `encoding`, once (a failure is not kept: the next request tries again). */
  private compress(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    let bytes = entry.encoded.get(encoding);
    if (!bytes) {
      bytes = entry.text.then((text) => compressText(text, encoding));
      entry.encoded.set(encoding, bytes);
      bytes.then(
        (buffer) => {
          entry.compressedBytes += buffer.length;
          this.grow(key, entry, buffer.length);
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return bytes;
  }

  /**
   * The list `key` of the owner `stamp` was read for: cached while the owner's version holds, else built once for all
   * the readers asking meanwhile; during that build, the previous list for a reader who may have it (class comment).
   */
  get(key: string, stamp: ListStamp, source: ListSource): ServedList {
    if (!this.enabled)
      return {
        tag: stamp.tag,
        text: this.read({ current: null, building: null, scheduled: null }, stamp, source).text,
        previous: false,
      };
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { current: null, building: null, scheduled: null };
      this.slots.set(key, slot);
    } else {
      // Most recently used: last in line for eviction.
      this.slots.delete(key);
      this.slots.set(key, slot);
    }
    const { current, building } = slot;
    // A list at least as new as the reader's version is current for them (a newer one only shows more).
    if (current && current.version >= stamp.version)
      return { tag: current.tag, text: current.text, previous: false };
    const mayHavePrevious =
      current !== null && stamp.wrote <= current.version && stamp.changedAgoMs <= this.staleForMs;
    if (current && mayHavePrevious) {
      // One build at a time for them, a few a second at most (class comment).
      if (!building) this.buildSoon(key, slot, stamp, source);
      return { tag: current.tag, text: current.text, previous: true };
    }
    const fresh =
      building && building.version >= stamp.version
        ? building
        : this.build(key, slot, stamp, source);
    return { tag: fresh.tag, text: fresh.text, previous: false };
  }

  /**
   * The list `key` built under `tag`, compressed with `encoding` once for as long as it is held (so a hit costs no
   * compression); null when no list of that version is held (cache off, or retired).
   */
  encoded(key: string, tag: string, encoding: Encoding): Promise<Buffer> | null {
    const slot = this.slots.get(key);
    const entry = [slot?.current, slot?.building].find((candidate) => candidate?.tag === tag);
    // A failed compression: this request is sent plain.
    return entry ? this.compress(key, entry, encoding) : null;
  }
}
