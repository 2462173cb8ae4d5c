import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import type { UserRow } from '../db/types';
import { tooManyRequests, unauthorized } from '../http/errors';
import { checkLimit } from '../http/limits';
import type { Services } from '../http/route';
import {
  hashPassword,
  LOGIN_QUEUE_LIMIT,
  LoginQueueFull,
  loginQueueFull,
  verifyPassword,
} from './password';

/**
 * Login throttling without lock-outs.
 *
 * - Per account: failures slow that account's attempts down progressively instead of locking it: after
 *   `freeFailures` failures each attempt must wait 2, 4, 8 … seconds (at most `maxDelaySeconds`) after the
 *   previous failure (AccountBackoff).
 * - Per client address (the real one: TRUST_PROXY): failed logins only, through @fastify/rate-limit
 *   (http/limits.ts); successful ones never count.
 * - A browser that signed in to the account before (it holds the account's device cookie) is held back by neither:
 *   the right password from the owner's browser still works during an attack, from any address.
 * - The password checks of sign-ins wait in a bounded queue (security/password.ts): beyond it an attempt is answered
 *   429 at once, and the owner's browser goes first.
 * - The counts live in the database (tables `login_backoff`, `rate_limits`): every server process on it counts the
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

/** The users whose device tokens, signed with this secret, the cookie header holds (usually one). */
export function deviceUsers(secret: Uint8Array, cookieHeader: string | undefined): number[] {
  if (!cookieHeader) return [];
  const users: number[] = [];
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== DEVICE_COOKIE || !value) continue;
    const [id, nonce, mac] = value.split('.');
    if (!id || !/^[1-9]\d*$/.test(id) || !nonce || !mac) continue;
    const expected = createHmac('sha256', secret).update(`device:${id}:${nonce}`).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length === expected.length && timingSafeEqual(given, expected))
      users.push(Number(id));
  }
  return users;
}

export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=/api/v2/auth/token/get; Max-Age=31536000; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

const INVALID_CREDENTIALS = 'Invalid credentials.';
/** One throw-away hash per server (its scrypt parameters), verified for unknown accounts. */
const dummyHashes = new WeakMap<object, Promise<string>>();

/**
 * The account of a sign-in with this e-mail and password, or an error: 429 (with Retry-After) while the client
 * address or the account is held back or the queue of password checks is full, 401 for a wrong password or an
 * unknown account (the same answer, after the same work: whether the account exists is never revealed).
 */
export async function checkSignIn(
  services: Pick<Services, 'repos' | 'limits' | 'accountBackoff' | 'scrypt' | 'tokens'>,
  req: FastifyRequest,
  email: string,
  password: string,
): Promise<UserRow> {
  const { repos, limits, accountBackoff, scrypt, tokens } = services;
  const accountKey = `login:account:${email}`;
  const devices = deviceUsers(tokens.jwtSecret, req.headers.cookie);
  // A full queue refuses a browser that never signed in before it costs a query: a storm's attempts cost nothing.
  if (devices.length === 0 && loginQueueFull()) throw tooManyRequests(1);
  const user = await repos.users.findByEmail(email);
  const knownDevice = user !== undefined && devices.includes(user.id);
  if (!knownDevice) {
    await checkLimit(limits.loginFailures, req, { count: false });
    const accountWait = await accountBackoff.retryAfter(accountKey);
    if (accountWait > 0) throw tooManyRequests(accountWait);
  }

  // Unknown accounts still pay for one hash, so timing does not reveal them.
  let dummy = dummyHashes.get(services);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password', scrypt);
    dummyHashes.set(services, dummy);
  }
  const turn = { first: knownDevice, queueLimit: LOGIN_QUEUE_LIMIT };
  let ok = false;
  try {
    ok = user
      ? await verifyPassword(password, user.password_hash, turn)
      : (await verifyPassword(password, await dummy, turn), false);
  } catch (error) {
    if (error instanceof LoginQueueFull) throw tooManyRequests(1);
    throw error;
  }
  if (!user || !ok) {
    await Promise.all([accountBackoff.recordFailure(accountKey), limits.loginFailures(req)]);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await accountBackoff.clear(accountKey);
  return user;
}
