import { sql } from 'kysely';
import { canUserSet, type ProspectStatus } from '@prospecta/domain';
import { defineRoute, json, noContent, type RouteDef } from '../http/route';
import { conflict, notFound, unprocessable } from '../http/errors';
import { fullProspect, serializeCommentRow } from '../domain/read';
import { changeStatuses, STATUS_LABELS } from '../domain/status';
import type { ProspectUpdate } from '../db/types';
import { dbId, isDbId, principalOf, reachableProspect, targetUser } from './access';

const listTags = defineRoute('get', '/api/v1/prospects/tags', async (ctx) => {
  const user = await targetUser(ctx, ctx.query.user_id);
  const tags = await ctx.services.db
    .selectFrom('tags')
    .select(['id', 'label'])
    .where('user_id', '=', user.id)
    .orderBy(sql`lower(label)`)
    .orderBy('id')
    .execute();
  return json(200, { tags });
});

const deleteTag = defineRoute('delete', '/api/v1/prospects/tags/{id}', async (ctx) => {
  const me = principalOf(ctx);
  const tag = await ctx.services.db.selectFrom('tags').selectAll().where('id', '=', dbId(ctx.params.id)).executeTakeFirst();
  if (!tag || (!me.isStaff && tag.user_id !== me.id)) throw notFound('Tag');
  await ctx.services.db.deleteFrom('tags').where('id', '=', tag.id).execute();
  return noContent();
});

const attachTag = defineRoute('post', '/api/v1/prospects/{id}/tags/attach', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const label = ctx.body.label.trim().replace(/\s+/g, ' ');
  if (!label) throw unprocessable('The tag label cannot be blank.');
  const { db } = ctx.services;
  const findTag = () =>
    db
      .selectFrom('tags')
      .select(['id', 'label'])
      .where('user_id', '=', prospect.user_id)
      .where(sql`lower(label)`, '=', label.toLowerCase())
      .executeTakeFirst();
  // Concurrent attaches of the same new label: the unique index keeps one, the other reads it.
  const tag =
    (await findTag()) ??
    (await db.insertInto('tags').values({ user_id: prospect.user_id, label }).onConflict((oc) => oc.doNothing()).returning(['id', 'label']).executeTakeFirst()) ??
    (await findTag());
  if (!tag) throw conflict('The tag was deleted meanwhile; try again.');
  await db
    .insertInto('prospect_tags')
    .values({ prospect_id: prospect.id, tag_id: tag.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return json(200, tag);
});

const detachTag = defineRoute('post', '/api/v1/prospects/{id}/tags/detach', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const { tag_id } = ctx.body;
  if (!isDbId(tag_id)) return noContent();
  await ctx.services.db.deleteFrom('prospect_tags').where('prospect_id', '=', prospect.id).where('tag_id', '=', tag_id).execute();
  return noContent();
});

const createComment = defineRoute('post', '/api/v1/prospects/{id}/comment', async (ctx) => {
  const me = principalOf(ctx);
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const { body } = ctx;
  const content = (body.content ?? '').trim();
  const activity = body.activity ? body.activity : null;
  if (!content && !activity) throw unprocessable('Either content or activity must be provided');
  const row = await ctx.services.db
    .insertInto('comments')
    .values({ prospect_id: prospect.id, author_id: me.id, content, activity })
    .returning(['id', 'prospect_id', 'content', 'activity', 'created_at'])
    .executeTakeFirstOrThrow();
  return json(201, serializeCommentRow({ ...row, author_id: me.id, first_name: me.user.first_name, last_name: me.user.last_name }));
});

const deleteComment = defineRoute('delete', '/api/v1/prospects/{id}/comment/{commentId}', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const deleted = await ctx.services.db
    .deleteFrom('comments')
    .where('id', '=', dbId(ctx.params.commentId))
    .where('prospect_id', '=', prospect.id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound('Comment');
  return noContent();
});

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

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
  for (const key of ['email', 'phone', 'direct_line', 'linkedin', 'reference', 'position'] as const) {
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
  await ctx.services.db.updateTable('prospects').set(set).where('id', '=', prospect.id).execute();
  return json(200, await fullProspect(ctx.services.db, prospect.id));
});

const setProspectStatus = defineRoute('put', '/api/v1/prospects/{id}/status', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  const to = ctx.body.prospecting_status;
  const from = prospect.prospecting_status as ProspectStatus;
  if (!canUserSet(from, to)) {
    throw conflict(`A prospect cannot go from ${STATUS_LABELS[from] ?? from} to ${STATUS_LABELS[to] ?? to}.`);
  }
  const moved = await changeStatuses(ctx.services.db, [prospect], to);
  if (moved.length === 0) throw conflict('The prospect changed meanwhile; reload and try again.');
  return json(200, await fullProspect(ctx.services.db, prospect.id));
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
  if (!first || !last) throw unprocessable('The first and last name of the new contact are required.');
  const { db } = ctx.services;
  const now = new Date();
  const oldName = `${old.first_name} ${old.last_name}`.trim();
  const newId = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('prospects')
      .values({
        campaign_id: old.campaign_id,
        user_id: old.user_id,
        title: body.title ?? 'undefined',
        first_name: first,
        last_name: last,
        email: blankToNull(body.email) ?? null,
        phone: blankToNull(body.phone) ?? null,
        direct_line: blankToNull(body.direct_line) ?? null,
        linkedin: blankToNull(body.linkedin) ?? null,
        position: blankToNull(body.position) ?? null,
        reference: old.reference,
        score: old.score,
        prospecting_status: 'pending',
        company_name: old.company_name,
        company_website: old.company_website,
        company_address: old.company_address,
        event_date: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const replaced = [
      `Contact replaced by ${first} ${last} (by ${me.user.first_name} ${me.user.last_name}). Reason: ${reason}`,
      `Replaced contact: ${oldName}${old.position ? `, ${old.position}` : ''}${old.email ? `, ${old.email}` : ''}${old.phone ? `, ${old.phone}` : ''}.`,
    ].join('\n');
    await trx
      .insertInto('history_entries')
      .values([
        { prospect_id: old.id, type: 'note', content: replaced, direction: null, data: JSON.stringify({ replaced_by: created.id, reason }), event_date: now },
        { prospect_id: created.id, type: 'note', content: `Replaces ${oldName}. Reason: ${reason}`, direction: null, data: JSON.stringify({ replaces: old.id, reason }), event_date: now },
      ])
      .execute();
    await trx.updateTable('prospects').set({ event_date: now, updated_at: now }).where('id', '=', old.id).execute();
    return created.id;
  });
  await changeStatuses(db, [old], 'lost', `Status changed from ${STATUS_LABELS[old.prospecting_status as ProspectStatus] ?? old.prospecting_status} to lost: contact replaced.`);
  return json(201, await fullProspect(db, newId));
});

const getProspect = defineRoute('get', '/api/v2/prospects/{id}', async (ctx) => {
  const prospect = await reachableProspect(ctx, dbId(ctx.params.id));
  return json(200, await fullProspect(ctx.services.db, prospect.id));
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
