import { defineRoute, json, noContent, type BaseContext, type RouteDef } from '../http/route';
import { HttpError, tooManyRequests, unauthorized } from '../http/errors';
import { hashPassword, needsRehash, verifyPassword } from '../security/password';
import {
  issueRefreshToken,
  readAccessToken,
  revokeByToken,
  rotateRefreshToken,
  signAccessToken,
} from '../security/tokens';
import { principalOf } from './access';
import { deviceCookie, deviceToken, isKnownDevice } from '../security/login-guard';
import { userAnswer } from './users';

const INVALID_CREDENTIALS = 'Invalid credentials.';
/** One throw-away hash per server (its scrypt parameters), verified for unknown accounts. */
const dummyHashes = new WeakMap<object, Promise<string>>();

function clientAddress(ctx: BaseContext): string {
  return ctx.req.ip || 'unknown';
}

/**
 * Login: every attempt counts against the client address's limit (the real address: TRUST_PROXY);
 * failures slow the account down progressively (security/login-guard.ts) except for a browser that signed in
 * to it before (device cookie); the answer never tells whether the account exists.
 */
const getToken = defineRoute('post', '/api/v2/auth/token/get', async (ctx) => {
  const { repos, loginLimiter, accountBackoff, config, scrypt, tokens } = ctx.services;
  const { users } = repos;
  const { body } = ctx;
  const email = body.email.trim().toLowerCase();
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${clientAddress(ctx)}`;
  const addressWait = await loginLimiter.retryAfter(addressKey, config.loginRateLimit.perAddress);
  if (addressWait > 0) throw tooManyRequests(addressWait);
  await loginLimiter.record(addressKey);

  const user = await users.findByEmail(email);
  const knownDevice = user
    ? isKnownDevice(tokens.jwtSecret, user.id, ctx.req.headers.cookie)
    : false;
  const accountWait = knownDevice ? 0 : await accountBackoff.retryAfter(accountKey);
  if (accountWait > 0) throw tooManyRequests(accountWait);

  // Unknown accounts still pay for one hash, so timing does not reveal them.
  let dummy = dummyHashes.get(ctx.services);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password', scrypt);
    dummyHashes.set(ctx.services, dummy);
  }
  const ok = user
    ? await verifyPassword(body.password, user.password_hash)
    : (await verifyPassword(body.password, await dummy), false);
  if (!user || !ok) {
    await accountBackoff.recordFailure(accountKey);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await accountBackoff.clear(accountKey);
  if (needsRehash(user.password_hash, scrypt)) {
    await users.setPasswordHash(user.id, await hashPassword(body.password, scrypt));
  }
  const session = await issueRefreshToken(users, tokens, user.id);
  const access = await signAccessToken(tokens, {
    userId: user.id,
    isStaff: user.is_staff,
    sessionId: session.familyId,
  });
  return {
    status: 200,
    body: { access, refresh: session.token, user: await userAnswer(ctx.services, user) },
    headers: {
      'set-cookie': deviceCookie(
        deviceToken(tokens.jwtSecret, user.id),
        ctx.req.protocol === 'https',
      ),
    },
  };
});

const verifyToken = defineRoute('post', '/api/v2/auth/token/verify', async (ctx) => {
  const { token } = ctx.body;
  const claims = await readAccessToken(ctx.services.tokens, token);
  const user = claims ? await ctx.services.repos.users.findById(claims.userId) : undefined;
  if (!user) throw unauthorized('The token is not valid.');
  return json(200, {});
});

const refreshToken = defineRoute('post', '/api/v2/auth/token/refresh', async (ctx) => {
  const { refresh } = ctx.body;
  const {
    repos: { users },
    tokens,
  } = ctx.services;
  const rotated = await rotateRefreshToken(users, refresh);
  if (!rotated.ok) {
    if (rotated.reason === 'reused')
      ctx.req.log.warn('refresh token reuse detected: token family revoked');
    throw new HttpError(401, 'The refresh token is not valid.');
  }
  const user = await users.findById(rotated.userId);
  if (!user) throw new HttpError(401, 'The refresh token is not valid.');
  const access = await signAccessToken(tokens, {
    userId: user.id,
    isStaff: user.is_staff,
    sessionId: rotated.familyId,
  });
  return json(200, { access, refresh: rotated.refresh });
});

const revokeToken = defineRoute('post', '/api/v2/auth/token/revoke', async (ctx) => {
  const { refresh } = ctx.body;
  await revokeByToken(ctx.services.repos.users, refresh);
  return noContent();
});

/** 'Sign out everywhere': ends every session of the signed-in user, this one included. */
const revokeAllSessions = defineRoute('post', '/api/v2/auth/sessions/revoke-all', async (ctx) => {
  const me = principalOf(ctx);
  const revoked = await ctx.services.repos.users.revokeSessions(me.id, 'sign_out_everywhere');
  ctx.req.log.info({ userId: me.id, revoked }, 'signed out everywhere');
  return noContent();
});

export const authRoutes: RouteDef[] = [
  getToken,
  verifyToken,
  refreshToken,
  revokeToken,
  revokeAllSessions,
];
