import {
  canDeleteComment,
  canUserSet,
  COMMENT_NOT_YOURS,
  STATUS_NAMES_EN,
  type ProspectStatus,
} from '@prospecta/domain';
import { emitStatusChanges } from '../webhooks/index';
import { defineRoute, json, noContent, type BaseContext, type RouteDef } from '../http/route';
import { conflict, HttpError, notFound, unprocessable } from '../http/errors';
import { serializeComment, serializeProspect } from '../domain/serialize';
import type { ProspectUpdate } from '../db/types';
import { canReach, dbId, isDbId, principalOf, reachableProspect, targetUser } from './access';

/** The prospect's full answer (Prospect), read after a change. */
async function prospectAnswer(ctx: BaseContext, id: number, status = 200) {
  const detail = await ctx.services.repos.prospects.detail(id);
  return json(status, detail ? serializeProspect(detail, principalOf(ctx).isStaff) : null);
}

const listTags = defineRoute('get', '/api/v1/prospects/tags', async (ctx) => {
  const user = await targetUser(ctx, ctx.query.user_id);
  return json(200, { tags: await ctx.services.repos.prospects.tagsOf(user.id) });
});

const deleteTag = defineRoute('delete', '/api/v1/prospects/tags/{id}', async (ctx) => {
  const me = principalOf(ctx);
  const { prospects } = ctx.services.repos;
  const tag = await prospects.findTag(dbId(ctx.params.id));
  if (!tag || !canReach(me, tag.user_id)) throw notFound('Tag');
  await prospects.deleteTag(tag.id);
  return noContent();
});

const attachTag = defineRoute('post', '/api/v1/prospects/{id}/tags/attach', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const label = ctx.body.label.trim().replace(/\s+/g, ' ');
  if (!label) throw unprocessable('The tag label cannot be blank.');
  const { prospects } = ctx.services.repos;
  const tag = await prospects.findOrCreateTag(prospect.user_id, label);
  if (!tag) throw conflict('The tag was deleted meanwhile; try again.');
  await prospects.attachTag(prospect.id, tag.id);
  return json(200, tag);
});

const detachTag = defineRoute('post', '/api/v1/prospects/{id}/tags/detach', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const { tag_id } = ctx.body;
  if (!isDbId(tag_id)) return noContent();
  await ctx.services.repos.prospects.detachTag(prospect.id, tag_id);
  return noContent();
});

const createComment = defineRoute('post', '/api/v1/prospects/{id}/comment', async (ctx) => {
  const me = principalOf(ctx);
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const { body } = ctx;
  const content = (body.content ?? '').trim();
  const activity = body.activity ? body.activity : null;
  if (!content && !activity) throw unprocessable('Either content or activity must be provided');
  const row = await ctx.services.repos.prospects.addComment({
    prospectId: prospect.id,
    authorId: me.id,
    content,
    activity,
  });
  return json(
    201,
    serializeComment({
      ...row,
      author_id: me.id,
      first_name: me.user.first_name,
      last_name: me.user.last_name,
    }),
  );
});

const deleteComment = defineRoute(
  'delete',
  '/api/v1/prospects/{id}/comment/{commentId}',
  async (ctx) => {
    const me = principalOf(ctx);
    const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
    const { prospects } = ctx.services.repos;
    const commentId = dbId(ctx.params.commentId);
    const authorId = await prospects.commentAuthor(prospect.id, commentId);
    if (authorId === undefined) throw notFound('Comment');
    if (!canDeleteComment(me, authorId))
      throw new HttpError(403, 'Only the comment’s author, or staff, may delete it.', {
        detail: 'Only the comment’s author, or staff, may delete it.',
        code: COMMENT_NOT_YOURS,
      });
    if (!(await prospects.deleteComment(prospect.id, commentId))) throw notFound('Comment');
    return noContent();
  },
);

const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

const updateProspect = defineRoute('put', '/api/v1/prospects/{id}', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const { body } = ctx;
  const set: ProspectUpdate = { updated_at: new Date() };
  if (body.title !== undefined) set.title = body.title;
  for (const key of ['first_name', 'last_name'] as const) {
    const value = body[key];
    if (value !== undefined) {
      if (!value.trim()) throw unprocessable(`${key} cannot be blank.`);
      set[key] = value.trim();
    }
  }
  for (const key of [
    'email',
    'phone',
    'direct_line',
    'linkedin',
    'reference',
    'position',
  ] as const) {
    const value = blankToNull(body[key]);
    if (value !== undefined) set[key] = value;
  }
  if (body.company) {
    if (body.company.name !== undefined) {
      if (!body.company.name.trim()) throw unprocessable('The company name cannot be blank.');
      set.company_name = body.company.name.trim();
    }
    const website = blankToNull(body.company.website);
    if (website !== undefined) set.company_website = website;
    const address = blankToNull(body.company.address);
    if (address !== undefined) set.company_address = address;
  }
  await ctx.services.repos.prospects.update(prospect.id, set);
  return prospectAnswer(ctx, prospect.id);
});

const setProspectStatus = defineRoute('put', '/api/v1/prospects/{id}/status', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const to = ctx.body.prospecting_status;
  const from = prospect.prospecting_status as ProspectStatus;
  if (!canUserSet(from, to)) {
    throw conflict(
      `A prospect cannot go from ${STATUS_NAMES_EN[from] ?? from} to ${STATUS_NAMES_EN[to] ?? to}.`,
    );
  }
  const moved = await ctx.services.repos.prospects.changeStatuses([prospect], to);
  if (moved.length === 0) throw conflict('The prospect changed meanwhile; reload and try again.');
  await emitStatusChanges(ctx.services, prospect.user_id, [{ id: prospect.id, from }], to);
  return prospectAnswer(ctx, prospect.id);
});

/** Contact substitution (§3): a new prospect replaces the contact; the replaced one stays, lost, with a note. */
const substituteProspect = defineRoute('post', '/api/v1/prospects/{id}/substitute', async (ctx) => {
  const me = principalOf(ctx);
  const old = await reachableProspect(ctx, dbId(ctx.params.id));
  const { body } = ctx;
  const reason = body.reason.trim();
  if (!reason) throw unprocessable('A reason is required to replace a contact.');
  const first = body.first_name.trim();
  const last = body.last_name.trim();
  if (!first || !last)
    throw unprocessable('The first and last name of the new contact are required.');
  const oldName = `${old.first_name} ${old.last_name}`.trim();
  const newId = await ctx.services.repos.prospects.substitute(
    old,
    {
      title: body.title ?? 'undefined',
      first_name: first,
      last_name: last,
      email: blankToNull(body.email) ?? null,
      phone: blankToNull(body.phone) ?? null,
      direct_line: blankToNull(body.direct_line) ?? null,
      linkedin: blankToNull(body.linkedin) ?? null,
      position: blankToNull(body.position) ?? null,
    },
    reason,
    {
      replaced: [
        `Contact replaced by ${first} ${last} (by ${me.user.first_name} ${me.user.last_name}). Reason: ${reason}`,
        `Replaced contact: ${oldName}${old.position ? `, ${old.position}` : ''}${old.email ? `, ${old.email}` : ''}${old.phone ? `, ${old.phone}` : ''}.`,
      ].join('\n'),
      replaces: `Replaces ${oldName}. Reason: ${reason}`,
      lost: `Status changed from ${STATUS_NAMES_EN[old.prospecting_status as ProspectStatus] ?? old.prospecting_status} to lost: contact replaced.`,
    },
  );
  return prospectAnswer(ctx, newId, 201);
});

const getProspect = defineRoute('get', '/api/v2/prospects/{id}', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  return prospectAnswer(ctx, prospect.id);
});

export const prospectRoutes: RouteDef[] = [
  listTags,
  deleteTag,
  attachTag,
  detachTag,
  createComment,
  deleteComment,
  updateProspect,
  setProspectStatus,
  substituteProspect,
  getProspect,
];
