import { defineRoute, json, noContent, type RouteDef } from '../http/route';
import { HttpError, unauthorized } from '../http/errors';
import { hashPassword, needsRehash } from '../security/password';
import {
  issueRefreshToken,
  readAccessToken,
  revokeByToken,
  rotateRefreshToken,
  signAccessToken,
} from '../security/tokens';
import { principalOf } from './access';
import { checkSignIn, deviceCookie, deviceToken } from '../security/login-guard';
import { userAnswer } from './users';

/**
 * Login (security/login-guard.ts checkSignIn): failed logins count per client address and slow the account
 * down progressively, except for a browser that signed in to it before (device cookie); the answer never tells
 * whether the account exists. A success sets that device cookie.
 */
const getToken = defineRoute('post', '/api/v2/auth/token/get', async (ctx) => {
  const { repos, scrypt, tokens } = ctx.services;
  const { body } = ctx;
  const user = await checkSignIn(
    ctx.services,
    ctx.req,
    body.email.trim().toLowerCase(),
    body.password,
  );
  if (needsRehash(user.password_hash, scrypt)) {
    await repos.users.setPasswordHash(user.id, await hashPassword(body.password, scrypt));
  }
  const session = await issueRefreshToken(repos.users, tokens, user.id);
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
  const open = claims ? await ctx.services.sessions.isOpen(claims.sessionId, claims.userId) : false;
  const user = claims && open ? await ctx.services.repos.users.findById(claims.userId) : undefined;
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
  const userId = await revokeByToken(ctx.services.repos.users, refresh);
  if (userId !== null) ctx.services.sessions.forgetUser(userId);
  return noContent();
});

/** 'Sign out everywhere': ends every session of the signed-in user, this one included. */
const revokeAllSessions = defineRoute('post', '/api/v2/auth/sessions/revoke-all', async (ctx) => {
  const me = principalOf(ctx);
  const revoked = await ctx.services.repos.users.revokeSessions(me.id, 'sign_out_everywhere');
  ctx.services.sessions.forgetUser(me.id);
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
