import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/index';

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}
type Callback = (error: Error | null, result?: Count) => void;

/**
 * The store of @fastify/rate-limit in the database (table `rate_limits`): every server process on the database
 * counts the same hits, so several instances behind a load balancer hold one limit. A fixed window per key, as the
 * library's own stores count: the first hit opens it, the count starts again when it has passed. Times come from this
 * process's clock (`now`, replaceable in tests).
 */
export function databaseRateLimitStore(
  db: Db,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  let increments = 0;

  const incr = async (key: string, timeWindow: number): Promise<Count> => {
    const at = new Date(now());
    const resetAt = new Date(now() + timeWindow);
    // One statement, so hits through several processes all count.
    const row = await db
      .insertInto('rate_limits')
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<Date>`case when rate_limits.reset_at <= ${at} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    // Passed windows are deleted now and then.
    increments += 1;
    if (increments % 500 === 0)
      await db.deleteFrom('rate_limits').where('reset_at', '<=', at).execute();
    return { current: row.hits, ttl: Math.max(0, new Date(row.reset_at).getTime() - now()) };
  };

  const read = async (key: string): Promise<Count> => {
    const row = await db
      .selectFrom('rate_limits')
      .select(['hits', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    const ttl = row ? new Date(row.reset_at).getTime() - now() : 0;
    return row && ttl > 0 ? { current: row.hits, ttl } : { current: 0, ttl: 0 };
  };

  const settle = (work: Promise<Count>, callback: Callback) => {
    work.then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      settle(incr(key, timeWindow), callback);
    }

    /** The count without a hit (the library's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      settle(read(key), callback);
    }

    /** Keys carry their limit's name (http/limits.ts): one store serves every limit. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseStore;
}

/** Forgets the counts of every key starting with `prefix` (tests start from fresh counters). */
export async function forgetRateLimits(db: Db, prefix: string): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .execute();
}
