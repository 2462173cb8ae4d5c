import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { tooManyRequests } from './errors';

/** A limit of @fastify/rate-limit: called with `{ increment: false }` it only reads the count. */
export type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The per-client-address limits (the real address: TRUST_PROXY; IPv6 addresses by their /64, as
 * @fastify/rate-limit groups them), counted in the database (http/rate-limit-store.ts) over the login window.
 * Each key carries the limit's name, so one store serves them all.
 */
export interface Limits {
  /** Failed logins: successful ones never count, and a device that signed in before is not held back. */
  loginFailures: Limiter;
  /** Password-reset requests, every one. */
  resetRequests: Limiter;
  /** Reset codes that were wrong or spent. */
  resetCodeFailures: Limiter;
  /**
   * Live checks of a mail account, per signed-in user and minute (not per address: the check makes this server
   * connect elsewhere, whoever asks).
   */
  mailChecks: Limiter;
  /**
   * The campaign mails' links (unsubscribe, open pixel, tracked links), every request, per address and minute:
   * generous, since a company's mail gateway fetches the links of all its staff from one address.
   */
  mailLinks: Limiter;
}

/** Requests to the mail links per client address and minute. */
export const MAIL_LINK_REQUESTS_PER_MINUTE = 600;

export function createLimits(
  createRateLimit: FastifyInstance['createRateLimit'],
  config: Pick<ServerConfig, 'loginRateLimit' | 'resetRateLimitPerAddress' | 'mailCheckRateLimit'>,
): Limits {
  const timeWindow = config.loginRateLimit.windowSeconds * 1000;
  const perAddress = (name: string, max: number) =>
    createRateLimit({
      max,
      timeWindow,
      keyGenerator: (req: FastifyRequest) => `${name}:${normalizeIP(req.ip)}`,
    });
  return {
    loginFailures: perAddress('login-failures', config.loginRateLimit.perAddress),
    resetRequests: perAddress('reset-requests', config.resetRateLimitPerAddress),
    resetCodeFailures: perAddress('reset-code-failures', config.loginRateLimit.perAddress),
    mailChecks: createRateLimit({
      max: config.mailCheckRateLimit,
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) => `mail-checks:user:${req.principal?.id ?? 'none'}`,
    }),
    mailLinks: createRateLimit({
      max: MAIL_LINK_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) => `mail-links:${normalizeIP(req.ip)}`,
    }),
  };
}

/**
 * Refuses with 429 and Retry-After when the request's address has no attempt left. `count: false` only reads
 * (the limits that count failures: a failure is counted once it happened, with `limiter(req)`).
 */
export async function checkLimit(
  limiter: Limiter,
  req: FastifyRequest,
  { count }: { count: boolean },
): Promise<void> {
  const status = await limiter(req, { increment: count });
  if (status.isAllowed) return;
  const spent = count ? status.isExceeded : status.remaining === 0;
  if (spent) throw tooManyRequests(Math.max(1, status.ttlInSeconds));
}
