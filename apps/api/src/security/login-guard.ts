import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index';

/**
 * Login throttling without lock-outs.
 *
 * - Per account: failures slow that account's attempts down progressively instead of locking it: after
 *   `freeFailures` failures each attempt must wait 2, 4, 8 … seconds (at most `maxDelaySeconds`) after the
 *   previous failure. A client that signed in to this account before (it holds the account's device
 *   cookie) is not slowed down: the right password from the owner's browser still works during an attack.
 * - Per client address (the real one: TRUST_PROXY), every attempt counts, successful ones too (FailureLimiter).
 * - Both live in the database (tables `login_backoff`, `rate_limit_hits`): every server process on it counts the
 *   same failures.
 */
export class AccountBackoff {
  constructor(
    private readonly db: Db,
    private readonly freeFailures: number,
    private readonly windowMs: number,
    private readonly maxDelaySeconds = 900,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the account's next attempt must still wait, 0 when it may go ahead. */
  async retryAfter(key: string): Promise<number> {
    const entry = await this.db
      .selectFrom('login_backoff')
      .select(['failures', 'last_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!entry) return 0;
    const last = new Date(entry.last_at).getTime();
    if (this.now() - last > this.windowMs || entry.failures < this.freeFailures) return 0;
    const delay =
      Math.min(this.maxDelaySeconds, 2 ** (entry.failures - this.freeFailures + 1)) * 1000;
    const left = last + delay - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  async recordFailure(key: string): Promise<void> {
    const now = new Date(this.now());
    const cutoff = new Date(this.now() - this.windowMs);
    // One statement, so failures through several server processes all count.
    await this.db
      .insertInto('login_backoff')
      .values({ key, failures: 1, last_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_backoff.last_at < ${cutoff} then 1 else login_backoff.failures + 1 end`,
          last_at: now,
        }),
      )
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_backoff').where('key', '=', key).execute();
  }
}

export const DEVICE_COOKIE = 'prospecta_device';

/** A device cookie value: `<userId>.<nonce>.<hmac>`, proving this browser signed in as the user before. */
export function deviceToken(secret: Uint8Array, userId: number): string {
  const nonce = randomBytes(12).toString('base64url');
  const mac = createHmac('sha256', secret).update(`device:${userId}:${nonce}`).digest('base64url');
  return `${userId}.${nonce}.${mac}`;
}

/** True when the cookie header holds a device token of this user signed with this secret. */
export function isKnownDevice(
  secret: Uint8Array,
  userId: number,
  cookieHeader: string | undefined,
): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== DEVICE_COOKIE || !value) continue;
    const [id, nonce, mac] = value.split('.');
    if (id !== String(userId) || !nonce || !mac) continue;
    const expected = createHmac('sha256', secret).update(`device:${userId}:${nonce}`).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}

export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=/api/v2/auth/token/get; Max-Age=31536000; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
