import {
  briefFromOnboarding,
  campaignProblems,
  canApply,
  draftSequence,
  isActiveStatus,
  isBlocking,
  isEditableStatus,
  isValidSpacing,
  nextSendingSlot,
  nextStatus,
  reviewCampaign,
  senderMailbox,
} from '@prospecta/domain';
import type { CampaignErrorCode, CampaignProblem } from '@prospecta/domain/contract';
import { defineRoute, json, noContent, type BaseContext, type RouteDef } from '../http/route';
import { HttpError } from '../http/errors';
import {
  definitionAnswer,
  factsOf,
  sequenceAnswer,
  settingsOf,
  statusOf,
} from '../domain/campaign-definition';
import type { CampaignRow } from '../db/types';
import { finishCampaignSequences, withdrawPlannedSends } from '../engine/plan';
import { dbId, reachableCampaign, targetUser } from './access';
import { campaignAnswers } from './campaigns';
import { emitWebhookEvent, webhookCampaign } from '../webhooks/index';

/**
 * The campaign builder (staff, for the customer selected): drafts, their definition (settings, brief, sequence,
 * landing pages), the summary before launch, the preview's prospects and the lifecycle moves. Customers read their
 * campaigns' sequences through getCampaignSequence only.
 */

/** A refused campaign change: its code for the app, an English detail for logs, the problems of a launch. */
function refused(
  status: 409 | 422,
  code: CampaignErrorCode,
  detail: string,
  problems?: CampaignProblem[],
): HttpError {
  return new HttpError(status, detail, { detail, code, ...(problems ? { problems } : {}) });
}

/** The owner's e-mail accounts as senders, the definition's rows, the audience: what the checks read. */
async function loadFacts(ctx: BaseContext, campaign: CampaignRow) {
  const { campaignDefinitions, integrations } = ctx.services.repos;
  const [def, accounts, audience] = await Promise.all([
    campaignDefinitions.definition(campaign),
    integrations.emailAccountsOf(campaign.user_id),
    campaignDefinitions.audience(campaign.id),
  ]);
  return { def, facts: factsOf(def, accounts.map(senderMailbox), audience) };
}

async function definitionOf(ctx: BaseContext, campaign: CampaignRow) {
  const { def, facts } = await loadFacts(ctx, campaign);
  return definitionAnswer(def, facts, {
    is_editable: isEditableStatus(statusOf(campaign.status)),
    problems: campaignProblems(facts),
  });
}

const listCampaignDrafts = defineRoute('get', '/api/v1/users/{id}/campaign-drafts', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const rows = await ctx.services.repos.campaignDefinitions.drafts(user.id);
  return json(200, {
    drafts: rows.map((row) => ({
      id: row.id,
      name: row.name,
      language: row.language === 'en' ? 'en' : 'fr',
      steps_count: row.steps_count ?? 0,
      updated_at: row.updated_at.toISOString(),
    })),
  });
});

const createCampaignDraft = defineRoute(
  'post',
  '/api/v1/users/{id}/campaign-drafts',
  async (ctx) => {
    const user = await targetUser(ctx, dbId(ctx.params.id));
    const { onboarding, integrations, campaignDefinitions } = ctx.services.repos;
    const language = ctx.body.language ?? 'fr';
    const [answers, accounts] = await Promise.all([
      onboarding.lastSubmission(user.id),
      integrations.emailAccountsOf(user.id),
    ]);
    const brief = briefFromOnboarding(answers ?? null);
    const campaign = await campaignDefinitions.createDraft({
      userId: user.id,
      name: ctx.body.name.trim(),
      language,
      brief,
      steps: draftSequence(brief, language),
      mailboxIds: accounts.filter((account) => account.is_valid).map((account) => account.id),
    });
    return json(201, await definitionOf(ctx, campaign));
  },
);

const getCampaignDefinition = defineRoute(
  'get',
  '/api/v1/campaigns/{id}/definition',
  async (ctx) => {
    const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
    return json(200, await definitionOf(ctx, campaign));
  },
);

const updateCampaignDefinition = defineRoute(
  'put',
  '/api/v1/campaigns/{id}/definition',
  async (ctx) => {
    const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
    if (!isEditableStatus(statusOf(campaign.status)))
      throw refused(
        409,
        'campaign_not_editable',
        `A ${campaign.status} campaign cannot be edited.`,
      );
    const { settings, brief, steps, landing_pages: landingPages } = ctx.body;
    if (!isValidSpacing(settings.spacing_min_seconds, settings.spacing_max_seconds))
      throw refused(422, 'spacing_invalid', 'The spacing’s minimum is above its maximum.');
    const keys = landingPages.map((page) => page.key);
    if (new Set(keys).size !== keys.length)
      throw refused(409, 'duplicate_landing_page', 'Two landing pages share a key.');
    const { campaignDefinitions, integrations } = ctx.services.repos;
    const [def, accounts] = await Promise.all([
      campaignDefinitions.definition(campaign),
      integrations.emailAccountsOf(campaign.user_id),
    ]);
    const usable = new Set(accounts.filter((a) => a.is_valid).map((a) => a.id));
    // An account chosen before it became invalid may stay (the review blocks the launch); a new choice must be valid.
    const chosenBefore = new Set(def.mailboxIds);
    const owned = new Set(accounts.map((a) => a.id));
    if (
      settings.mailbox_ids.some(
        (id) => !owned.has(id) || (!usable.has(id) && !chosenBefore.has(id)),
      )
    )
      throw refused(
        409,
        'mailbox_not_available',
        'A sender is not one of the owner’s valid accounts.',
      );
    const sent = new Set(steps.flatMap((step) => (step.id === undefined ? [] : [step.id])));
    if (def.steps.some((step) => step.contacted > 0 && !sent.has(step.id)))
      throw refused(409, 'step_has_sends', 'A step that already sent cannot be removed.');
    await campaignDefinitions.save(
      campaign.id,
      { settings, brief, steps, landingPages },
      new Set(def.steps.map((step) => step.id)),
    );
    const saved = await reachableCampaign(ctx, campaign.id);
    return json(200, await definitionOf(ctx, saved));
  },
);

const getCampaignReview = defineRoute('get', '/api/v1/campaigns/{id}/review', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  const { facts } = await loadFacts(ctx, campaign);
  return json(200, { campaign_id: campaign.id, ...reviewCampaign(facts, new Date()) });
});

const listCampaignSampleProspects = defineRoute(
  'get',
  '/api/v1/campaigns/{id}/sample-prospects',
  async (ctx) => {
    const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
    const rows = await ctx.services.repos.campaignDefinitions.samples(
      campaign.id,
      ctx.query.limit ?? 5,
    );
    return json(200, {
      prospects: rows.map((row) => ({
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        company: row.company_name,
        position: row.position ?? '',
        email: row.email ?? '',
      })),
    });
  },
);

const changeCampaignLifecycle = defineRoute(
  'post',
  '/api/v1/campaigns/{id}/lifecycle',
  async (ctx) => {
    const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
    const { action } = ctx.body;
    const status = statusOf(campaign.status);
    if (!canApply(status, action, 'staff'))
      throw refused(409, 'transition_not_allowed', `Cannot ${action} a ${status} campaign.`);
    let startsAt: Date | null = null;
    if (action === 'launch' || action === 'resume') {
      const { def, facts } = await loadFacts(ctx, campaign);
      const blocking = campaignProblems(facts).filter(isBlocking);
      if (blocking.length > 0)
        throw refused(
          422,
          'campaign_has_problems',
          'The campaign has blocking problems.',
          blocking,
        );
      startsAt = nextSendingSlot(new Date(), settingsOf(def));
    }
    const next = nextStatus(status, action, 'staff', { startsAt });
    const moved =
      next &&
      (await ctx.services.repos.campaignDefinitions.setStatus(
        campaign.id,
        status,
        next,
        isActiveStatus(next),
        async (trx) => {
          // Finishing stops the sequences and cancels the planned sends; pausing takes back the planned sends
          // not yet tried; a launch or a resume plans at once (engine/plan.ts).
          if (action === 'finish') await finishCampaignSequences(trx, campaign.id);
          if (action === 'pause') await withdrawPlannedSends(trx, campaign.id);
          if (isActiveStatus(next) && ctx.services.config.sendingEngine)
            await ctx.services.jobs.send('campaigns.plan', {}, { db: trx });
        },
      ));
    // Another request moved the campaign in between.
    if (!moved) throw refused(409, 'transition_not_allowed', 'The campaign changed meanwhile.');
    if (next === 'finished')
      await emitWebhookEvent(ctx.services, moved.user_id, 'campaign.finished', {
        campaign: webhookCampaign(moved),
      });
    const [answer] = await campaignAnswers(ctx, [moved]);
    return json(200, answer!);
  },
);

const deleteCampaignDraft = defineRoute('delete', '/api/v1/campaigns/{id}', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  if (!(await ctx.services.repos.campaignDefinitions.deleteDraft(campaign.id)))
    throw refused(409, 'not_a_draft', 'Only a draft can be deleted.');
  return noContent();
});

const getCampaignSequence = defineRoute('get', '/api/v1/campaigns/{id}/sequence', async (ctx) => {
  const campaign = await reachableCampaign(ctx, dbId(ctx.params.id));
  const def = await ctx.services.repos.campaignDefinitions.definition(campaign);
  return json(200, sequenceAnswer(def));
});

export const campaignBuilderRoutes: RouteDef[] = [
  listCampaignDrafts,
  createCampaignDraft,
  getCampaignDefinition,
  updateCampaignDefinition,
  getCampaignReview,
  listCampaignSampleProspects,
  changeCampaignLifecycle,
  deleteCampaignDraft,
  getCampaignSequence,
];
