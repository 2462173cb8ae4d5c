import type { Db } from '../db/index';

/**
 * Sliding-window counter of attempts (login attempts, reset requests), kept in the database (table
 * `rate_limit_hits`) so that every server process on it counts the same attempts: several instances behind a
 * load balancer hold one limit. Times come from this process's clock (`now`, replaceable in tests).
 */
export class FailureLimiter {
  private records = 0;

  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private cutoff(): Date {
    return new Date(this.now() - this.windowMs);
  }

  /** Seconds until the key is allowed again, or 0 when it is allowed now. */
  async retryAfter(key: string, limit: number): Promise<number> {
    const rows = await this.db
      .selectFrom('rate_limit_hits')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', this.cutoff())
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    if (rows.length < limit) return 0;
    const oldestRelevant = new Date(rows[rows.length - 1]!.at).getTime();
    return Math.max(1, Math.ceil((oldestRelevant + this.windowMs - this.now()) / 1000));
  }

  async record(key: string): Promise<void> {
    await this.db
      .insertInto('rate_limit_hits')
      .values({ key, at: new Date(this.now()) })
      .execute();
    // Out-of-window rows of this key go at once; everyone's now and then.
    this.records += 1;
    const stale = this.db.deleteFrom('rate_limit_hits').where('at', '<=', this.cutoff());
    await (this.records % 500 === 0 ? stale : stale.where('key', '=', key)).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
  }

  /** Forgets every key starting with `prefix` (tests start from fresh counters). */
  async clearPrefix(prefix: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_hits')
      .where('key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      .execute();
  }
}

/** Compares dotted versions numerically: -1, 0 or 1; null when either is not a version. */
export function compareVersions(a: string, b: string): number | null {
  const pattern = /^\d+(\.\d+){0,3}$/;
  if (!pattern.test(a) || !pattern.test(b)) return null;
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
