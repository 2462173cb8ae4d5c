import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Login throttling without lock-outs (issue 15).
 *
 * - Per account: failures slow that account's attempts down progressively instead of locking it: after
 *   `freeFailures` failures each attempt must wait 2, 4, 8 … seconds (at most `maxDelaySeconds`) after the
 *   previous failure. A client that signed in to this account before (it holds the account's device
 *   cookie) is not slowed down: the right password from the owner's browser still works during an attack.
 * - Per client address (the real one: TRUST_PROXY), every attempt counts, successful ones too (FailureLimiter).
 */
export class AccountBackoff {
  private readonly entries = new Map<string, { failures: number; last: number }>();

  constructor(
    private readonly freeFailures: number,
    private readonly windowMs: number,
    private readonly maxDelaySeconds = 900,
    private readonly now: () => number = Date.now,
  ) {}

  private entry(key: string) {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.last > this.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Seconds the account's next attempt must still wait, 0 when it may go ahead. */
  retryAfter(key: string): number {
    const entry = this.entry(key);
    if (!entry || entry.failures < this.freeFailures) return 0;
    const delay = Math.min(this.maxDelaySeconds, 2 ** (entry.failures - this.freeFailures + 1)) * 1000;
    const left = entry.last + delay - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  recordFailure(key: string): void {
    const entry = this.entry(key);
    this.entries.set(key, { failures: (entry?.failures ?? 0) + 1, last: this.now() });
    if (this.entries.size > 100_000) for (const k of [...this.entries.keys()]) this.entry(k);
  }

  clear(key: string): void {
    this.entries.delete(key);
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
export function isKnownDevice(secret: Uint8Array, userId: number, cookieHeader: string | undefined): boolean {
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
