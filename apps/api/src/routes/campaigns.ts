import { sql } from 'kysely';
import { DASHBOARD_STATUSES, isNurtureAllCandidate, type ProspectStatus } from '@prospecta/domain';
import { defineRoute, json, type RouteDef } from '../http/route';
import { listAnswer } from '../http/etag';
import { conflict, forbidden, notFound } from '../http/errors';
import { inboxItems, prospectSummaries, prospectSummariesJson, serializeCampaigns, unreadInboxCount } from '../domain/read';
import { changeStatuses } from '../domain/status';
import { attachment, prospectsWorkbook, slug, XLSX_TYPE } from '../domain/export';
import { dbId, principalOf, reachableCampaign, targetUser } from './access';

const today = () => new Date().toISOString().slice(0, 10);
const strip = <T extends { row: unknown }>(items: T[]) => items.map(({ row: _row, ...rest }) => rest);

const getCampaign = defineRoute('get', '/api/v2/campaigns/{id}', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  return listAnswer(ctx, `campaign-${campaign.id}`, campaign.user_id, async () => {
    const [serialized] = await serializeCampaigns(ctx.services.db, [campaign]);
    return `{"campaign":${JSON.stringify(serialized)},"prospects":${await prospectSummariesJson(ctx.services.db, { campaignId: campaign.id }, ctx.services.listCache)}}`;
  });
});

const exportCampaignProspects = defineRoute('get', '/api/v1/campaigns/{id}/prospects/export', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  const prospects = await prospectSummaries(ctx.services.db, { campaignId: campaign.id });
  const binary = await prospectsWorkbook(campaign.name, prospects);
  return { status: 200, binary, contentType: XLSX_TYPE, headers: attachment(`prospecta-${slug(campaign.name)}-${today()}.xlsx`) };
});

/** Campaign refresh: recounts the statistics from the prospects and stamps the last update. */
const syncCampaign = defineRoute('get', '/api/v1/campaigns/{id}/sync', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  if (!campaign.is_active) throw conflict('Only an active campaign can be refreshed.');
  const { db } = ctx.services;
  const stats = await db
    .selectFrom('prospects')
    .select([
      sql<number>`count(*)::int`.as('audience'),
      sql<number>`(count(*) filter (where prospecting_status <> 'pending'))::int`.as('contacted'),
      sql<number>`(count(*) filter (where has_responses))::int`.as('answered'),
    ])
    .where('campaign_id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  const updated = await db
    .updateTable('campaigns')
    .set({
      last_sync_at: new Date(),
      audience: stats.audience,
      contacted: stats.contacted,
      contacts_answered: stats.answered,
      contacts_opened: sql<number>`greatest(contacts_opened, ${stats.answered}::int)`,
      contacts_clicked: sql<number>`least(contacts_clicked, greatest(contacts_opened, ${stats.answered}::int))`,
    })
    .where('id', '=', campaign.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const [serialized] = await serializeCampaigns(db, [updated]);
  return json(200, serialized);
});

const listUserCampaigns = defineRoute('get', '/api/v1/users/{id}/campaigns', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const campaigns = await ctx.services.db
    .selectFrom('campaigns')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return json(200, { campaigns: await serializeCampaigns(ctx.services.db, campaigns) });
});

const getDashboard = defineRoute('get', '/api/v1/users/{id}/dashboard', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  return listAnswer(ctx, `dashboard-${user.id}`, user.id, async () => `{"prospects":${await prospectSummariesJson(ctx.services.db, { userId: user.id, statuses: DASHBOARD_STATUSES }, ctx.services.listCache)}}`);
});

const exportDashboard = defineRoute('get', '/api/v1/users/{id}/dashboard/export', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const prospects = await prospectSummaries(ctx.services.db, { userId: user.id, statuses: DASHBOARD_STATUSES });
  const binary = await prospectsWorkbook('Dashboard', prospects);
  const who = user.company_name || `${user.first_name} ${user.last_name}`;
  return { status: 200, binary, contentType: XLSX_TYPE, headers: attachment(`prospecta-dashboard-${slug(who)}-${today()}.xlsx`) };
});

/** Nurture-all (§4): stalled prospects of finished campaigns, without response, move to nurture. */
const nurtureAllProspects = defineRoute('post', '/api/v1/users/{id}/dashboard/nurture-prospects', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const rows = await ctx.services.db
    .selectFrom('prospects as p')
    .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
    .select(['p.id', 'p.prospecting_status', 'p.has_responses', 'c.is_active as campaign_is_active'])
    .where('p.user_id', '=', user.id)
    .where('p.prospecting_status', 'in', ['ongoing', 'to_call'])
    .execute();
  const candidates = rows.filter((r) =>
    isNurtureAllCandidate({ prospecting_status: r.prospecting_status as ProspectStatus, has_responses: r.has_responses, campaign_is_active: r.campaign_is_active }),
  );
  const moved = await changeStatuses(ctx.services.db, candidates, 'nurture');
  return json(200, { moved: moved.length });
});

const cleanNurtureColumn = defineRoute('post', '/api/v1/users/{id}/dashboard/clean-nurture', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const rows = await ctx.services.db
    .selectFrom('prospects')
    .select(['id', 'prospecting_status'])
    .where('user_id', '=', user.id)
    .where('prospecting_status', '=', 'nurture')
    .execute();
  const moved = await changeStatuses(ctx.services.db, rows, 'nurtured');
  return json(200, { moved: moved.length });
});

const getInboxMessages = defineRoute('get', '/api/v1/users/{id}/inbox-messages', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const items = await inboxItems(ctx.services.db, user.id);
  const summaries = await prospectSummaries(ctx.services.db, { prospectIds: items.map((i) => i.prospect_id) });
  const byId = new Map(strip(summaries).map((s) => [s.id, s]));
  const list = items.flatMap((item) => {
    const prospect = byId.get(item.prospect_id);
    if (!prospect) return [];
    return [
      {
        id: item.id,
        prospect,
        channel: item.type === 'linkedin_message' ? 'linkedin_message' : 'email',
        content: item.content,
        received_at: item.event_date.toISOString(),
        is_read: item.read_at !== null,
      },
    ];
  });
  return json(200, { to_handle_count: list.length, unread_count: list.filter((i) => !i.is_read).length, items: list });
});

const markInboxMessageRead = defineRoute('post', '/api/v1/users/{id}/inbox-messages/{messageId}/read', async (ctx) => {
  const me = principalOf(ctx);
  const userId = dbId(ctx.params.id);
  // Only the user changes their own read state: a staff visit never clears a customer's badge.
  if (userId !== me.id) {
    if (me.isStaff) await targetUser(ctx, userId);
    throw forbidden('Only the user can mark their own answers as read.');
  }
  const { db } = ctx.services;
  const message = await db
    .selectFrom('inbox_messages as im')
    .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
    .select(['im.history_entry_id', 'im.prospect_id', 'h.event_date'])
    .where('im.history_entry_id', '=', dbId(ctx.params.messageId))
    .where('im.user_id', '=', me.id)
    .executeTakeFirst();
  if (!message) throw notFound('Message');
  // Reading an answer also reads the earlier answers of the same prospect.
  await db
    .updateTable('inbox_messages')
    .set({ read_at: new Date() })
    .where('prospect_id', '=', message.prospect_id)
    .where('read_at', 'is', null)
    .where('history_entry_id', 'in', (eb) =>
      eb.selectFrom('history_entries').select('id').where('prospect_id', '=', message.prospect_id).where('event_date', '<=', message.event_date),
    )
    .execute();
  const unread = await unreadInboxCount(db, me.id);
  return json(200, { unread_messages_count: unread });
});


export const campaignRoutes: RouteDef[] = [
  getCampaign,
  exportCampaignProspects,
  syncCampaign,
  listUserCampaigns,
  getDashboard,
  exportDashboard,
  nurtureAllProspects,
  cleanNurtureColumn,
  getInboxMessages,
  markInboxMessageRead,
];
