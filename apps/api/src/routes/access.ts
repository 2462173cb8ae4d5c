import type { BaseContext, Principal } from '../http/route';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import type { ProspectRow, UserRow, CampaignRow, EmailAccountRow } from '../db/types';

/** Role rules (§6): customers reach only their own data; staff reach every customer. */

/** Ids are PostgreSQL integers: anything larger names no row (and must not reach the database). */
export const MAX_DB_ID = 2_147_483_647;
export const isDbId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID;

export function principalOf(ctx: BaseContext): Principal {
  if (!ctx.principal) throw unauthorized();
  return ctx.principal;
}

/**
 * The user addressed by id (path or `user_id` query). A customer addressing
 * another id gets 403 (the contract's rule for user ids); staff get 404 for an unknown id.
 */
export async function targetUser(ctx: BaseContext, userId: number | undefined): Promise<UserRow> {
  const me = principalOf(ctx);
  const id = userId ?? me.id;
  if (!me.isStaff && id !== me.id) throw forbidden('You can only access your own data.');
  if (id === me.id) return me.user;
  const user = isDbId(id) ? await ctx.services.repos.users.findById(id) : undefined;
  if (!user) {
    // Operations that take the user from `user_id` (query) declare no 404: an unknown id is a bad parameter there.
    throw ctx.op.responses['404'] ? notFound('User') : badRequest(`No user with the id ${id}.`);
  }
  return user;
}

export const canReach = (me: Principal, ownerId: number) => me.isStaff || me.id === ownerId;

/** A prospect the principal may reach; another customer's prospect is answered like an unknown one (404). */
export async function reachableProspect(ctx: BaseContext, id: number): Promise<ProspectRow> {
  const me = principalOf(ctx);
  const row = isDbId(id) ? await ctx.services.repos.prospects.findById(id) : undefined;
  if (!row || !canReach(me, row.user_id)) throw notFound('Prospect');
  return row;
}

export async function reachableCampaign(ctx: BaseContext, id: number): Promise<CampaignRow> {
  const me = principalOf(ctx);
  const row = isDbId(id) ? await ctx.services.repos.campaigns.findById(id) : undefined;
  if (!row || !canReach(me, row.user_id)) throw notFound('Campaign');
  return row;
}

/** A mailbox the principal may reach; another customer's is answered like an unknown one (404). */
export async function reachableEmailAccount(
  ctx: BaseContext,
  id: number,
): Promise<EmailAccountRow> {
  const me = principalOf(ctx);
  const row = isDbId(id) ? await ctx.services.repos.integrations.findEmailAccount(id) : undefined;
  if (!row || !canReach(me, row.user_id)) throw notFound('E-mail account');
  return row;
}

/** A path or body id as a database id: a valid integer beyond PostgreSQL's range names no row (404). */
export function dbId(id: number): number {
  if (!isDbId(id)) throw notFound();
  return id;
}
