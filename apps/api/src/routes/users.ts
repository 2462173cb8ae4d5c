import {
  MIN_PASSWORD_LENGTH,
  RECENT_COMMENTS_DAYS,
  type PasswordErrorCode,
} from '@prospecta/domain';
import { defineRoute, json, noContent, type RouteDef, type Services } from '../http/route';
import {
  badRequest,
  notFound,
  passwordErrors,
  tooManyRequests,
  type PasswordField,
} from '../http/errors';
import { serializeComment, serializeUser, serializeUserListItem } from '../domain/serialize';
import type { UserRow } from '../db/types';
import { hashPassword, verifyPassword } from '../security/password';
import { sha256 } from '../security/tokens';
import { checkLimit } from '../http/limits';
import { dbId, principalOf, reachableProspect, targetUser } from './access';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

/**
 * A user as the contract's User. The unread answers' list only when asked (`withUnreadList`, from
 * `include=unread_messages`): otherwise only their count, kept until the user's inbox or prospects change (so
 * the profile stays small and quick).
 */
export async function userAnswer(
  services: Pick<Services, 'repos' | 'unreadCounts'>,
  user: UserRow,
  options: { withUnreadList?: boolean } = {},
) {
  const { inbox } = services.repos;
  if (options.withUnreadList)
    return serializeUser(user, { items: await inbox.unreadItems(user.id) });
  return serializeUser(user, {
    count: await services.unreadCounts.count(user.id, () => inbox.unreadCount(user.id)),
  });
}

const getCurrentUser = defineRoute('get', '/api/users/user', async (ctx) => {
  return json(
    200,
    await userAnswer(ctx.services, principalOf(ctx).user, {
      withUnreadList: ctx.query.include === 'unread_messages',
    }),
  );
});

const listUsers = defineRoute('get', '/api/users/list', async (ctx) => {
  const users = await ctx.services.repos.users.search(ctx.query.search?.trim().toLowerCase() ?? '');
  return json(200, { users: users.map(serializeUserListItem) });
});

const getUserProfile = defineRoute('get', '/api/users/{id}/profile', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  return json(
    200,
    await userAnswer(ctx.services, user, {
      withUnreadList: ctx.query.include === 'unread_messages',
    }),
  );
});

const listLastComments = defineRoute('get', '/api/users/{id}/last-comments', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const prospectId = ctx.query.prospect_id;
  if (prospectId !== undefined) {
    const prospect = await reachableProspect(ctx, prospectId);
    if (prospect.user_id !== user.id) throw notFound('Prospect');
  }
  const since = new Date(Date.now() - RECENT_COMMENTS_DAYS * 24 * 3600 * 1000);
  const rows = await ctx.services.repos.inbox.recentComments(user.id, since, prospectId);
  return json(200, {
    comments: rows.map((r) => {
      const { prospect_id, id, content, activity, created_at, author } = serializeComment(r);
      return {
        id,
        prospect_id,
        prospect_first_name: r.prospect_first_name,
        prospect_last_name: r.prospect_last_name,
        company_name: r.company_name,
        content,
        activity,
        created_at,
        author,
      };
    }),
  });
});

/** Always 204 for a valid address: whether an account exists is never revealed. */
const requestPasswordReset = defineRoute('post', '/api/user/reset-password', async (ctx) => {
  const email = ctx.body.email.trim().toLowerCase();
  // Limited per client address only: requests from elsewhere never block the owner's own reset.
  await checkLimit(ctx.services.limits.resetRequests, ctx.req, { count: true });
  // Everything else happens after the answer, in a job: the same 204, in the same time, for every address,
  // whether the account exists or the mail server is down (failures are retried and logged; mail/reset-mail.ts).
  await ctx.services.jobs.send('mail.password-reset', { email });
  return noContent();
});

function passwordRules(
  newPassword: string,
  confirm: string,
): Partial<Record<PasswordField, PasswordErrorCode>> {
  const errors: Partial<Record<PasswordField, PasswordErrorCode>> = {};
  if (newPassword.length < MIN_PASSWORD_LENGTH) {
    errors.new_password = 'password_too_short';
  }
  if (newPassword !== confirm) errors.confirm_new_password = 'passwords_do_not_match';
  return errors;
}

/** A reset code that can still be used: known, unused and not expired. */
function usableResetCode<T extends { used_at: unknown; expires_at: string | Date }>(
  row: T | undefined,
): row is T {
  return !!row && row.used_at === null && new Date(row.expires_at).getTime() > Date.now();
}

/** The change-password page checks its link when it opens; a refused code counts like a refused change. */
const checkResetCode = defineRoute('post', '/api/user/reset-code/check', async (ctx) => {
  const { repos, limits } = ctx.services;
  await checkLimit(limits.resetCodeFailures, ctx.req, { count: false });
  if (!usableResetCode(await repos.users.findResetCode(sha256(ctx.body.code)))) {
    await limits.resetCodeFailures(ctx.req);
    throw badRequest(INVALID_LINK);
  }
  return noContent();
});

const resetChangePassword = defineRoute('post', '/api/user/reset-change-password', async (ctx) => {
  const {
    repos: { users },
    scrypt,
    limits,
  } = ctx.services;
  const { body } = ctx;
  // Wrong or spent codes count per client address: guessing codes from one address stops there.
  await checkLimit(limits.resetCodeFailures, ctx.req, { count: false });
  const row = await users.findResetCode(sha256(body.code));
  if (!usableResetCode(row)) {
    await limits.resetCodeFailures(ctx.req);
    throw badRequest(INVALID_LINK);
  }
  const errors = passwordRules(body.new_password, body.confirm_new_password);
  if (Object.keys(errors).length) throw passwordErrors(errors);
  const hash = await hashPassword(body.new_password, scrypt);
  // One transaction: the code is spent, the password changed and every session ended together, or none of it
  // (a failure leaves the old password, the sessions and a code the user can use again).
  if (!(await users.resetPassword(row.id, row.user_id, hash))) throw badRequest(INVALID_LINK);
  ctx.services.sessions.forgetUser(row.user_id);
  return noContent();
});

const changePassword = defineRoute('post', '/api/users/user/change-password', async (ctx) => {
  const {
    repos: { users },
    scrypt,
  } = ctx.services;
  const me = principalOf(ctx);
  const { body } = ctx;
  const errors: Partial<Record<PasswordField, PasswordErrorCode>> = {};
  // Wrong current passwords slow this user's next tries down progressively (a stolen session cannot guess it).
  const backoffKey = `change-password:user:${me.id}`;
  const wait = await ctx.services.accountBackoff.retryAfter(backoffKey);
  if (wait > 0) throw tooManyRequests(wait);
  if (!(await verifyPassword(body.current_password, me.user.password_hash))) {
    await ctx.services.accountBackoff.recordFailure(backoffKey);
    errors.current_password = 'current_password_incorrect';
  } else {
    await ctx.services.accountBackoff.clear(backoffKey);
  }
  Object.assign(errors, passwordRules(body.new_password, body.confirm_new_password));
  if (
    !errors.new_password &&
    !errors.current_password &&
    body.new_password === body.current_password
  ) {
    errors.new_password = 'password_unchanged';
  }
  if (Object.keys(errors).length) throw passwordErrors(errors);
  // Every other session of the user ends; this one goes on. Both in one transaction: never a new password with the
  // old sessions still alive.
  await users.changePassword(me.id, await hashPassword(body.new_password, scrypt), me.sessionId);
  ctx.services.sessions.forgetUser(me.id);
  return noContent();
});

export const userRoutes: RouteDef[] = [
  getCurrentUser,
  listUsers,
  getUserProfile,
  listLastComments,
  requestPasswordReset,
  checkResetCode,
  resetChangePassword,
  changePassword,
];
