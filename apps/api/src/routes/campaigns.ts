import {
  DASHBOARD_STATUSES,
  DEFAULT_INBOX_FILTER,
  DEFAULT_LOCALE,
  EXPORT_LABELS,
} from '@prospecta/domain';
import { emitStatusChanges, movesOf } from '../webhooks/index';
import { defineRoute, json, type BaseContext, type RouteDef } from '../http/route';
import { listAnswer } from '../http/etag';
import { conflict, forbidden, notFound } from '../http/errors';
import {
  fullName,
  serializeCampaign,
  serializeInboxItem,
  serializeSummary,
} from '../domain/serialize';
import { attachment, prospectsWorkbook, slug, XLSX_TYPE } from '../domain/export';
import type { CampaignRow } from '../db/types';
import type { ProspectSummaryRow } from '../repositories/prospects';
import { dbId, principalOf, reachableCampaign, targetUser } from './access';

const today = () => new Date().toISOString().slice(0, 10);

/** A list's cache and ETag scope: staff's view carries staff-only data (scores), so it never shares the customer's. */
const listScope = (list: string, staff: boolean) => (staff ? `${list}-staff` : list);

/**
 * Campaigns as the contract's Campaign, with their steps, counts and owners; for staff, their sends whose outcome is
 * unknown (decision 0195).
 */
export async function campaignAnswers(ctx: BaseContext, campaigns: readonly CampaignRow[]) {
  const staff = principalOf(ctx).isStaff;
  const { campaigns: repo, sends } = ctx.services.repos;
  const [detailed, unknown] = await Promise.all([
    repo.withDetails(campaigns),
    staff ? sends.unknownCounts(campaigns.map((c) => c.id)) : null,
  ]);
  return detailed.map((c) => serializeCampaign(c, unknown ? (unknown.get(c.id) ?? 0) : null));
}

/** The rows of an export: each prospect's summary, the contact fields and the label of its last answer. */
async function exportRows(ctx: BaseContext, rows: ProspectSummaryRow[], staff: boolean) {
  const labels = await ctx.services.repos.inbox.lastLabels(rows.map((r) => r.id));
  return rows.map((row) => ({
    ...serializeSummary(row, staff),
    row,
    reply_label: labels.get(row.id) ?? null,
  }));
}

const getCampaign = defineRoute('get', '/api/v2/campaigns/{id}', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  const staff = principalOf(ctx).isStaff;
  // Staff's view (with the scores) and the customer's are two lists: cached and tagged apart.
  return listAnswer(
    ctx,
    listScope(`campaign-${campaign.id}`, staff),
    campaign.user_id,
    async () => {
      const [serialized] = await campaignAnswers(ctx, [campaign]);
      const { chunkRows } = ctx.services.listCache;
      return `{"campaign":${JSON.stringify(serialized)},"prospects":${await ctx.services.repos.prospects.summariesJson({ campaignId: campaign.id }, { chunkRows, staff })}}`;
    },
  );
});

const exportCampaignProspects = defineRoute(
  'get',
  '/api/v1/campaigns/{id}/prospects/export',
  async (ctx) => {
    const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
    const prospects = await ctx.services.repos.prospects.summaries({ campaignId: campaign.id });
    const binary = await prospectsWorkbook(
      campaign.name,
      await exportRows(ctx, prospects, principalOf(ctx).isStaff),
      ctx.query.locale ?? DEFAULT_LOCALE,
    );
    return {
      status: 200,
      binary,
      contentType: XLSX_TYPE,
      headers: attachment(`prospecta-${slug(campaign.name)}-${today()}.xlsx`),
    };
  },
);

/** Campaign refresh: every figure recomputed from the events, and the last update stamped. */
const syncCampaign = defineRoute('get', '/api/v1/campaigns/{id}/sync', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  if (!campaign.is_active) throw conflict('Only an active campaign can be refreshed.');
  const updated = await ctx.services.repos.campaigns.refreshStatistics(campaign.id);
  const [serialized] = await campaignAnswers(ctx, [updated]);
  return json(200, serialized);
});

const listUserCampaigns = defineRoute('get', '/api/v1/users/{id}/campaigns', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const campaigns = await ctx.services.repos.campaigns.ofUser(user.id);
  return json(200, { campaigns: await campaignAnswers(ctx, campaigns) });
});

const getDashboard = defineRoute('get', '/api/v1/users/{id}/dashboard', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const { prospects } = ctx.services.repos;
  const { chunkRows } = ctx.services.listCache;
  const staff = principalOf(ctx).isStaff;
  // Item by item: after a few prospects changed, the cached dashboard is brought up to date by reading only those.
  return listAnswer(ctx, listScope(`dashboard-${user.id}`, staff), user.id, {
    head: '{"prospects":',
    tail: '}',
    read: (ids) =>
      prospects.summaryItems(
        { userId: user.id, statuses: DASHBOARD_STATUSES },
        { chunkRows, staff, ...(ids ? { ids } : {}) },
      ),
  });
});

const exportDashboard = defineRoute('get', '/api/v1/users/{id}/dashboard/export', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const prospects = await ctx.services.repos.prospects.summaries({
    userId: user.id,
    statuses: DASHBOARD_STATUSES,
  });
  const locale = ctx.query.locale ?? DEFAULT_LOCALE;
  const binary = await prospectsWorkbook(
    EXPORT_LABELS[locale].dashboardSheet,
    await exportRows(ctx, prospects, principalOf(ctx).isStaff),
    locale,
  );
  const who = user.company_name || `${user.first_name} ${user.last_name}`;
  return {
    status: 200,
    binary,
    contentType: XLSX_TYPE,
    headers: attachment(`prospecta-dashboard-${slug(who)}-${today()}.xlsx`),
  };
});

/** Nurture-all (§4): stalled prospects of finished campaigns, without response, move to nurture. */
const nurtureAllProspects = defineRoute(
  'post',
  '/api/v1/users/{id}/dashboard/nurture-prospects',
  async (ctx) => {
    const user = await targetUser(ctx, dbId(ctx.params.id));
    const { prospects } = ctx.services.repos;
    const candidates = await prospects.nurtureAllCandidates(user.id);
    const moved = await prospects.changeStatuses(candidates, 'nurture');
    await emitStatusChanges(ctx.services, user.id, movesOf(candidates, moved), 'nurture');
    return json(200, { moved: moved.length });
  },
);

const cleanNurtureColumn = defineRoute(
  'post',
  '/api/v1/users/{id}/dashboard/clean-nurture',
  async (ctx) => {
    const user = await targetUser(ctx, dbId(ctx.params.id));
    const { prospects } = ctx.services.repos;
    const candidates = await prospects.inStatus(user.id, 'nurture');
    const moved = await prospects.changeStatuses(candidates, 'nurtured');
    await emitStatusChanges(ctx.services, user.id, movesOf(candidates, moved), 'nurtured');
    return json(200, { moved: moved.length });
  },
);

const getInboxMessages = defineRoute('get', '/api/v1/users/{id}/inbox-messages', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const { inbox, prospects } = ctx.services.repos;
  // Two statements at once (two pooled connections on PostgreSQL): one round trip less to wait for.
  const [items, counts] = await Promise.all([
    inbox.items(user.id, ctx.query.filter ?? DEFAULT_INBOX_FILTER),
    inbox.counts(user.id),
  ]);
  const summaries = await prospects.summaries({ prospectIds: items.map((i) => i.prospect_id) });
  const byId = new Map(summaries.map((s) => [s.id, serializeSummary(s, principalOf(ctx).isStaff)]));
  const list = items.flatMap((item) => {
    const prospect = byId.get(item.prospect_id);
    return prospect ? [serializeInboxItem(item, prospect)] : [];
  });
  const { unread, ...byFilter } = counts;
  return json(200, {
    to_handle_count: counts.needs_answer,
    unread_count: unread,
    counts: byFilter,
    items: list,
  });
});

const markInboxMessageRead = defineRoute(
  'post',
  '/api/v1/users/{id}/inbox-messages/{messageId}/read',
  async (ctx) => {
    const me = principalOf(ctx);
    const userId = dbId(ctx.params.id);
    // Only the user changes their own read state: a staff visit never clears a customer's badge.
    if (userId !== me.id) {
      if (me.isStaff) await targetUser(ctx, userId);
      throw forbidden('Only the user can mark their own answers as read.');
    }
    const { inbox } = ctx.services.repos;
    const message = await inbox.findMessage(me.id, dbId(ctx.params.messageId));
    if (!message) throw notFound('Message');
    // Reading an answer also reads the earlier answers of the same prospect.
    await inbox.markReadUntil(message.prospect_id, message.event_date);
    return json(200, { unread_messages_count: await inbox.unreadCount(me.id) });
  },
);

/** The classifier's label is a suggestion: the user (or staff) changes it, and the change is recorded in the history. */
const setInboxMessageLabel = defineRoute(
  'put',
  '/api/v1/users/{id}/inbox-messages/{messageId}/label',
  async (ctx) => {
    const me = principalOf(ctx);
    const user = await targetUser(ctx, dbId(ctx.params.id));
    const { inbox } = ctx.services.repos;
    const messageId = dbId(ctx.params.messageId);
    const change = await inbox.setLabel(user.id, messageId, ctx.body.label, {
      id: me.id,
      name: fullName(me.user),
    });
    if (!change) throw notFound('Message');
    return json(200, {
      message_id: messageId,
      label: change.to,
      label_origin: change.origin,
      unread_messages_count: await inbox.unreadCount(user.id),
    });
  },
);

/** The prospects behind one figure of the campaign or of one of its steps (staff; decision 0174). */
const listFigureProspects = defineRoute(
  'get',
  '/api/v1/campaigns/{id}/figures/{figure}/prospects',
  async (ctx) => {
    const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
    const { figures } = ctx.services.repos;
    const stepId = ctx.query.step_id === undefined ? null : dbId(ctx.query.step_id);
    if (stepId !== null && !(await figures.hasStep(campaign.id, stepId))) throw notFound('Step');
    const { figure } = ctx.params;
    const { count, prospects } = await figures.prospectsBehind(campaign.id, figure, stepId);
    return json(200, {
      figure,
      step_id: stepId,
      count,
      prospects: prospects.map((p) => ({ ...p, at: p.at.toISOString() })),
    });
  },
);

export const campaignRoutes: RouteDef[] = [
  listFigureProspects,
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
  setInboxMessageLabel,
];
