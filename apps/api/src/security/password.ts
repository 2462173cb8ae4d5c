import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/**
 * OWASP Password Storage Cheat Sheet: scrypt with N=2^17 (128 MiB), r=8, p=1.
 * Tests may pass cheaper parameters explicitly; production always uses these.
 */
export const OWASP_SCRYPT_PARAMS: ScryptParams = Object.freeze({
  N: 2 ** 17,
  r: 8,
  p: 1,
  keyLength: 64,
});

const SALT_BYTES = 16;

/**
 * At most this many hashes run at once; the others wait their turn. node's crypto.scrypt runs in
 * the libuv thread pool (4 threads), which file serving, DNS and other crypto share: with the OWASP cost
 * (128 MiB, ~100 ms+ each) 8 concurrent logins used to fill every thread and stall every other route.
 * One slot per two CPU cores (at least one, at most two) leaves threads and CPU to the other routes and
 * bounds the memory to HASH_CONCURRENCY × 128 MiB.
 */
export const HASH_CONCURRENCY = Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2)));

/**
 * Sign-in attempts that may wait for a hash slot; more are refused at once (LoginQueueFull, answered 429) instead of
 * queueing: during a wrong-password storm an unbounded queue made a correct sign-in wait seconds. With two slots and
 * the production cost (~0.1–0.3 s a hash) a sign-in waits at most about a second (`bench:login-storm`).
 */
export const LOGIN_QUEUE_LIMIT = 4 * HASH_CONCURRENCY;

/** No hash slot for a sign-in right now: the queue of sign-ins is full. */
export class LoginQueueFull extends Error {
  constructor() {
    super('Too many sign-ins are waiting for a password check.');
    this.name = 'LoginQueueFull';
  }
}

/** How a password check waits for its slot. */
export interface HashTurn {
  /** Goes before every other waiting check (a browser that signed in to the account before). */
  first?: boolean;
  /** Refuses at once with LoginQueueFull when this many checks already wait in the ordinary queue. */
  queueLimit?: number;
}

class Slots {
  private active = 0;
  private readonly firsts: (() => void)[] = [];
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  get queued(): number {
    return this.firsts.length + this.waiting.length;
  }

  /** True when an ordinary check would wait behind `limit` others or more. */
  full(limit: number): boolean {
    return this.active >= this.size && this.waiting.length >= limit;
  }

  async run<T>(work: () => Promise<T>, turn: HashTurn = {}): Promise<T> {
    if (this.active >= this.size) {
      if (!turn.first && turn.queueLimit !== undefined && this.full(turn.queueLimit))
        throw new LoginQueueFull();
      await new Promise<void>((resolve) => (turn.first ? this.firsts : this.waiting).push(resolve));
    } else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.firsts.shift() ?? this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const hashSlots = new Slots(HASH_CONCURRENCY);

/** True when a sign-in's password check would be refused (LoginQueueFull) now. */
export function loginQueueFull(): boolean {
  return hashSlots.full(LOGIN_QUEUE_LIMIT);
}

/** Hashes waiting for a slot (logs, benchmarks). */
export function queuedHashes(): number {
  return hashSlots.queued;
}

/** node's crypto.scrypt runs in the libuv thread pool: the event loop stays free. */
function scryptAsync(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  turn?: HashTurn,
): Promise<Buffer> {
  return hashSlots.run(() => scryptNow(password, salt, params), turn);
}

function scryptNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // 128 * N * r bytes are needed; leave headroom.
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, params.keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Encoded as `scrypt$N$r$p$salt$hash` (base64url), so old hashes keep verifying after a parameter change. */
export async function hashPassword(
  password: string,
  params: ScryptParams = OWASP_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export function parseHash(encoded: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!Number.isInteger(N) || !Number.isInteger(R) || !Number.isInteger(P) || !salt || !key)
    return null;
  const keyBuffer = Buffer.from(key, 'base64url');
  return {
    N,
    r: R,
    p: P,
    keyLength: keyBuffer.length,
    salt: Buffer.from(salt, 'base64url'),
    key: keyBuffer,
  };
}

/** Checks a password against its stored hash; `turn` says how it waits for a hash slot (sign-ins). */
export async function verifyPassword(
  password: string,
  encoded: string,
  turn?: HashTurn,
): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const key = await scryptAsync(password, parsed.salt, parsed, turn);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses weaker parameters than the current ones (rehash on next login). */
export function needsRehash(encoded: string, params: ScryptParams): boolean {
  const parsed = parseHash(encoded);
  return (
    !parsed ||
    parsed.N < params.N ||
    parsed.r < params.r ||
    parsed.p < params.p ||
    parsed.keyLength < params.keyLength
  );
}
