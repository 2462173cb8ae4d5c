/**
 * The campaign builder's writes over a fixture scenario, for the builder's stories that save, launch and delete:
 * definitions kept in memory per campaign, drafts created from the domain's template draft, lifecycle moves with the
 * server's rules from @prospecta/domain. Its reads are the fixture world's (campaignBuilderReads) over the kept
 * definitions.
 */
import type { HttpHandler } from 'msw';
import {
  briefFromOnboarding,
  campaignProblems,
  canApply,
  draftSequence,
  isActiveStatus,
  isBlocking,
  isEditableStatus,
  nextSendingSlot,
  nextStatus,
} from '@prospecta/domain';
import { fixtureDate } from '../fixtures/factories';
import type { Scenario } from '../fixtures/scenario';
import type {
  Campaign,
  CampaignDefinitionUpdate,
  CampaignErrorCode,
  CampaignProblem,
  SequenceStep,
  SequenceStepInput,
} from '../schema';
import {
  builderFacts,
  builderNow,
  campaignBuilderReads,
  defaultDefinition,
  definitionAnswer,
  type BuilderDefinition,
} from './campaignBuilderReads';
import { mockOperation } from './typed';

type Stored = BuilderDefinition;

const notFound = { status: 404 as const, body: { detail: 'Not found.' } };
const refused = (code: CampaignErrorCode) => ({
  status: 409 as const,
  body: { detail: code, code },
});
const hasProblems = (problems: CampaignProblem[]) => ({
  status: 422 as const,
  body: { detail: 'campaign_has_problems', code: 'campaign_has_problems' as const, problems },
});

export interface CampaignBuilderOptions {
  /**
   * Definitions that campaigns of the scenario start with (by campaign id), as a builder saved them: a story's
   * draft with its brief and sequence. Any other campaign starts with the model's defaults.
   */
  definitions?: ReadonlyMap<number, CampaignDefinitionUpdate>;
}

export function campaignBuilderHandlers(
  state: Scenario,
  ids: { next: () => number },
  options: CampaignBuilderOptions = {},
): HttpHandler[] {
  const stored = new Map<number, Stored>();
  const now = builderNow;
  const campaignById = (id: string | number) => state.campaigns.find((c) => c.id === Number(id));

  function toSteps(inputs: readonly SequenceStepInput[], campaign: Campaign): SequenceStep[] {
    const known = new Set(campaign.steps.map((s) => s.id));
    return inputs.map((input, index) => ({
      ...input,
      id: input.id !== undefined && known.has(input.id) ? input.id : ids.next(),
      position: index + 1,
    }));
  }

  /** A story's seeded definition, else what the builder saved, else the model's defaults. */
  function definitionOf(campaign: Campaign): Stored {
    let def = stored.get(campaign.id);
    const seed = options.definitions?.get(campaign.id);
    if (!def && seed) {
      def = {
        settings: seed.settings,
        brief: seed.brief,
        steps: toSteps(seed.steps, campaign),
        landingPages: seed.landing_pages,
        updatedAt: fixtureDate(24 * 7),
      };
    }
    def ??= defaultDefinition(state, campaign);
    stored.set(campaign.id, def);
    return def;
  }

  const factsOf = (campaign: Campaign, def: Stored) => builderFacts(state, campaign, def);
  const answer = (campaign: Campaign) => definitionAnswer(state, campaign, definitionOf(campaign));

  /** The list's campaign follows the definition: name and steps (new steps without figures). */
  function syncCampaign(campaign: Campaign, def: Stored): void {
    const figures = new Map(campaign.steps.map((s) => [s.id, s]));
    campaign.name = def.settings.name;
    campaign.steps = def.steps.map((s) => ({
      id: s.id,
      name: s.name,
      position: s.position,
      workflow_step_type: s.type,
      contacted: figures.get(s.id)?.contacted ?? 0,
      contacts_opened: figures.get(s.id)?.contacts_opened ?? 0,
      contacts_clicked: figures.get(s.id)?.contacts_clicked ?? 0,
      contacts_answered: figures.get(s.id)?.contacts_answered ?? 0,
    }));
  }

  return [
    ...campaignBuilderReads(state, definitionOf),
    mockOperation('post', '/api/v1/users/{id}/campaign-drafts', async ({ params, json }) => {
      const user = state.users.find((u) => u.id === Number(params.id));
      if (!user) return notFound;
      const body = await json();
      const language = body.language ?? 'fr';
      const brief = briefFromOnboarding(null);
      const campaign: Campaign = {
        id: ids.next(),
        name: body.name.trim(),
        status: 'draft',
        is_active: false,
        user: { id: user.id, full_name: user.full_name, company_name: user.company.name },
        last_update_at: null,
        prospects_count: 0,
        audience: 0,
        contacted: 0,
        contacts_opened: 0,
        contacts_clicked: 0,
        contacts_answered: 0,
        unknown_sends: 0,
        steps: [],
      };
      const def = definitionOf(campaign);
      def.settings = { ...def.settings, language };
      def.brief = brief;
      def.steps = toSteps(draftSequence(brief, language), campaign);
      syncCampaign(campaign, def);
      state.campaigns.push(campaign);
      return { status: 201, body: answer(campaign) };
    }),
    mockOperation('put', '/api/v1/campaigns/{id}/definition', async ({ params, json }) => {
      const campaign = campaignById(params.id);
      if (!campaign) return notFound;
      if (!isEditableStatus(campaign.status)) return refused('campaign_not_editable');
      const body = await json();
      const keys = body.landing_pages.map((p) => p.key);
      if (new Set(keys).size !== keys.length) return refused('duplicate_landing_page');
      const valid = new Set(state.emailAccounts.filter((a) => a.is_valid).map((a) => a.id));
      const before = new Set(definitionOf(campaign).settings.mailbox_ids);
      if (body.settings.mailbox_ids.some((id) => !valid.has(id) && !before.has(id)))
        return refused('mailbox_not_available');
      const kept = new Set(body.steps.flatMap((s) => (s.id === undefined ? [] : [s.id])));
      if (campaign.steps.some((s) => s.contacted > 0 && !kept.has(s.id)))
        return refused('step_has_sends');
      const def: Stored = {
        settings: body.settings,
        brief: body.brief,
        steps: toSteps(body.steps, campaign),
        landingPages: body.landing_pages,
        updatedAt: fixtureDate(24 * 7),
      };
      stored.set(campaign.id, def);
      syncCampaign(campaign, def);
      return { status: 200, body: answer(campaign) };
    }),
    mockOperation('post', '/api/v1/campaigns/{id}/lifecycle', async ({ params, json }) => {
      const campaign = campaignById(params.id);
      if (!campaign) return notFound;
      const { action } = await json();
      if (!canApply(campaign.status, action, 'staff')) return refused('transition_not_allowed');
      let startsAt: Date | null = null;
      if (action === 'launch' || action === 'resume') {
        const def = definitionOf(campaign);
        const blocking = campaignProblems(factsOf(campaign, def)).filter(isBlocking);
        if (blocking.length > 0) return hasProblems(blocking);
        startsAt = nextSendingSlot(now(), def.settings);
      }
      const next = nextStatus(campaign.status, action, 'staff', { startsAt, now: now() });
      if (!next) return refused('transition_not_allowed');
      campaign.status = next;
      campaign.is_active = isActiveStatus(next);
      return { status: 200, body: campaign };
    }),
    mockOperation('delete', '/api/v1/campaigns/{id}', ({ params }) => {
      const campaign = campaignById(params.id);
      if (!campaign) return notFound;
      if (campaign.status !== 'draft') return refused('not_a_draft');
      state.campaigns = state.campaigns.filter((c) => c !== campaign);
      stored.delete(campaign.id);
      return { status: 204 };
    }),
  ];
}
