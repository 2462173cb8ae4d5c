import { sql } from 'kysely';
import type { Db } from '../db/index';
import { compressText, type Encoding } from './compression';

/**
 * The list version and the cache of large pre-serialized lists (dashboard, campaign prospects).
 *
 * The version lives in the database (table `list_version`, one row), so every server process on the same
 * database sees the same one: every mutating API request bumps it when it starts and again before its answer
 * leaves (plugins/list-cache.ts), and so do the server's own background writes (the mailbox watch). A list is
 * cached in this process under the version it was read under and served only while that version is current;
 * the same version is the list answer's ETag, so an unchanged list answers 304 (http/etag.ts).
 *
 * Why two bumps: a list read while a write is under way is stored under the version the write's first bump
 * made, and the second bump (after the write's data is committed, before the writer hears back) retires it.
 */
interface Entry {
  version: string;
  text: Promise<string>;
  encoded: Map<Encoding, Promise<Buffer>>;
  /** Memory held once resolved: the text's characters and the compressed bytes. */
  bytes: number;
}

export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  constructor(
    private readonly db: Db,
    /** Keep lists in this process's memory (LIST_CACHE); the version and ETags work either way. */
    readonly enabled: boolean,
    private readonly maxEntries = 64,
    /** Memory bound of the cached lists (least recently used go first): about 30 users of 10,000 prospects. */
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {}

  /** The memory the cached lists hold now (text and compressed bytes). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.totalBytes };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  /** Counts `bytes` more for `entry` (while it is still cached), then drops the least recently used over the bounds. */
  private grow(key: string, entry: Entry, bytes: number): void {
    if (this.entries.get(key) !== entry) return;
    entry.bytes += bytes;
    this.totalBytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.totalBytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      if (oldest === key) continue;
      this.remove(oldest);
    }
  }

  /** The current version: `<epoch>.<counter>`, the same for every process on this database. */
  async version(): Promise<string> {
    const { rows } = await sql<{ tag: string }>`select epoch || '.' || version::text as tag from list_version where id = 1`.execute(this.db);
    const tag = rows[0]?.tag;
    if (!tag) throw new Error('list_version has no row: run the migrations');
    return tag;
  }

  /** A write happened or is about to: every list read before it is out of date, in every process. */
  async bump(): Promise<string> {
    this.entries.clear();
    this.totalBytes = 0;
    const { rows } = await sql<{ tag: string }>`update list_version set version = version + 1 where id = 1 returning epoch || '.' || version::text as tag`.execute(this.db);
    return rows[0]?.tag ?? '';
  }

  /**
   * The list `key` as read under `version` (from `version()`): cached while the version holds, else computed.
   * Requests that arrive while it is being computed wait for that one computation (after a write, a crowd of
   * readers builds the list once, not once each).
   */
  async get(key: string, version: string, compute: () => Promise<string>): Promise<string> {
    if (!this.enabled) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Most recently used: last in line for eviction.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.text;
    }
    this.remove(key);
    const entry: Entry = { version, text: compute(), encoded: new Map(), bytes: 0 };
    this.entries.set(key, entry);
    entry.text.then(
      (text) => this.grow(key, entry, text.length),
      // A failed computation is not kept: the next request tries again.
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return entry.text;
  }

  /**
   * The list `key` as cached under `version`, compressed with `encoding` once for as long as that version holds
   * (so a hit costs no compression); null when nothing is cached under that version (cache off, or retired).
   */
  encoded(key: string, version: string, encoding: Encoding): Promise<Buffer> | null {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return null;
    let bytes = entry.encoded.get(encoding);
    if (!bytes) {
      bytes = entry.text.then((text) => compressText(text, encoding));
      entry.encoded.set(encoding, bytes);
      bytes.then(
        (buffer) => this.grow(key, entry, buffer.length),
        // A failed compression is not kept: the next request tries again (and this one is sent plain).
        () => entry.encoded.delete(encoding),
      );
    }
    return bytes;
  }
}
