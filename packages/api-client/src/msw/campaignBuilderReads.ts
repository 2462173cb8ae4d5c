/**
 * The campaign builder's reads over a fixture scenario, with the server's rules from @prospecta/domain: drafts,
 * definitions (the model's defaults for a scenario campaign), checks, review, preview prospects and the customer's
 * read-only sequence. Part of the fixture handlers, which answer reads only: a story that saves, launches or deletes
 * gives its own handler for that call (docs/decisions/0096-page-story-handlers.md).
 */
import type { HttpHandler } from 'msw';
import {
  DEFAULT_DAILY_CAP,
  DEFAULT_SPACING_MAX_SECONDS,
  DEFAULT_SPACING_MIN_SECONDS,
  DEFAULT_TRACK_CLICKS,
  DEFAULT_TRACK_OPENS,
  DEFAULT_SENDING_DAYS,
  DEFAULT_SENDING_END,
  DEFAULT_SENDING_START,
  DEFAULT_TIME_ZONE,
  briefFromOnboarding,
  campaignProblems,
  isEditableStatus,
  missingValueCounts,
  prospectValues,
  reviewCampaign,
  senderMailbox,
  type CampaignFacts,
} from '@prospecta/domain';
import { fixtureDate } from '../fixtures/factories';
import type { Scenario } from '../fixtures/scenario';
import type {
  BuilderBrief,
  Campaign,
  CampaignDefinition,
  CampaignSettings,
  LandingPage,
  SequenceStep,
} from '../schema';
import { mockOperation } from './typed';

/** A campaign's definition as the builder keeps it. */
export interface BuilderDefinition {
  settings: CampaignSettings;
  brief: BuilderBrief;
  steps: SequenceStep[];
  landingPages: LandingPage[];
  updatedAt: string;
}

const notFound = { status: 404 as const, body: { detail: 'Not found.' } };

/** The fixtures' "now". */
export const builderNow = () => new Date(fixtureDate(24 * 7));

const mailboxesOf = (state: Scenario) =>
  state.emailAccounts.map((a) => senderMailbox({ ...a, last_error: a.last_error ?? null }));

/** A scenario campaign's definition: the model's defaults and its steps' names. */
export function defaultDefinition(state: Scenario, campaign: Campaign): BuilderDefinition {
  return {
    settings: {
      name: campaign.name,
      language: 'fr',
      time_zone: DEFAULT_TIME_ZONE,
      sending_days: [...DEFAULT_SENDING_DAYS],
      sending_start: DEFAULT_SENDING_START,
      sending_end: DEFAULT_SENDING_END,
      daily_cap: DEFAULT_DAILY_CAP,
      stop_on_reply: true,
      mailbox_ids: state.emailAccounts.filter((a) => a.is_valid).map((a) => a.id),
      start_date: null,
      track_opens: DEFAULT_TRACK_OPENS,
      track_clicks: DEFAULT_TRACK_CLICKS,
      spacing_min_seconds: DEFAULT_SPACING_MIN_SECONDS,
      spacing_max_seconds: DEFAULT_SPACING_MAX_SECONDS,
    },
    brief: briefFromOnboarding(null),
    steps: campaign.steps.map((s) => ({
      id: s.id,
      position: s.position,
      type: s.workflow_step_type,
      name: s.name,
      subject: '',
      body: '',
      delay_days: 0,
      condition: 'none',
      draft_template: false,
    })),
    landingPages: [],
    updatedAt: fixtureDate(24 * 7),
  };
}

/** What the domain's checks and review read of a campaign and its definition. */
export function builderFacts(
  state: Scenario,
  campaign: Campaign,
  def: BuilderDefinition,
): CampaignFacts {
  const prospects = state.prospects.filter((p) => p.campaign.id === campaign.id);
  return {
    settings: def.settings,
    steps: def.steps,
    landingPages: def.landingPages,
    mailboxes: mailboxesOf(state),
    audience: prospects.length,
    missing: missingValueCounts(
      prospects.map((p) => prospectValues({ ...p, company_name: p.company.name })),
    ),
  };
}

/** The definition's answer, with its mailboxes and problems, as the server gives it. */
export function definitionAnswer(
  state: Scenario,
  campaign: Campaign,
  def: BuilderDefinition,
): CampaignDefinition {
  const facts = builderFacts(state, campaign, def);
  return {
    id: campaign.id,
    user_id: campaign.user.id,
    status: campaign.status,
    is_editable: isEditableStatus(campaign.status),
    settings: def.settings,
    brief: def.brief,
    steps: def.steps,
    landing_pages: def.landingPages,
    mailboxes: facts.mailboxes.slice(),
    problems: campaignProblems(facts),
    updated_at: def.updatedAt,
  };
}

/**
 * The reads. `definitionOf` gives a campaign's definition: the model's defaults here, the kept ones for the
 * builder's stories that save (campaignBuilderHandlers).
 */
export function campaignBuilderReads(
  state: Scenario,
  definitionOf: (campaign: Campaign) => BuilderDefinition = (campaign) =>
    defaultDefinition(state, campaign),
): HttpHandler[] {
  const campaignById = (id: string | number) => state.campaigns.find((c) => c.id === Number(id));
  const answer = (campaign: Campaign) => definitionAnswer(state, campaign, definitionOf(campaign));
  const factsOf = (campaign: Campaign, def: BuilderDefinition) =>
    builderFacts(state, campaign, def);
  const now = builderNow;

  return [
    mockOperation('get', '/api/v1/users/{id}/campaign-drafts', ({ params }) => {
      const user = state.users.find((u) => u.id === Number(params.id));
      if (!user) return notFound;
      const drafts = state.campaigns
        .filter((c) => c.user.id === user.id && c.status === 'draft')
        .map((c) => {
          const def = definitionOf(c);
          return {
            id: c.id,
            name: c.name,
            language: def.settings.language,
            steps_count: def.steps.length,
            updated_at: def.updatedAt,
          };
        })
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
      return { status: 200, body: { drafts } };
    }),
    mockOperation('get', '/api/v1/campaigns/{id}/definition', ({ params }) => {
      const campaign = campaignById(params.id);
      return campaign ? { status: 200, body: answer(campaign) } : notFound;
    }),
    mockOperation('get', '/api/v1/campaigns/{id}/review', ({ params }) => {
      const campaign = campaignById(params.id);
      if (!campaign) return notFound;
      const review = reviewCampaign(factsOf(campaign, definitionOf(campaign)), now());
      return { status: 200, body: { campaign_id: campaign.id, ...review } };
    }),
    mockOperation('get', '/api/v1/campaigns/{id}/sample-prospects', ({ params, query }) => {
      const campaign = campaignById(params.id);
      if (!campaign) return notFound;
      const limit = Number(query.get('limit') ?? 5);
      const prospects = state.prospects
        .filter((p) => p.campaign.id === campaign.id)
        .sort((a, b) => a.id - b.id)
        .slice(0, limit)
        .map((p) => ({
          id: p.id,
          first_name: p.first_name,
          last_name: p.last_name,
          company: p.company.name,
          position: p.position ?? '',
          email: p.email ?? '',
        }));
      return { status: 200, body: { prospects } };
    }),
    mockOperation('get', '/api/v1/campaigns/{id}/sequence', ({ params }) => {
      const campaign = campaignById(params.id);
      if (!campaign) return notFound;
      const def = definitionOf(campaign);
      return {
        status: 200,
        body: {
          campaign_id: campaign.id,
          language: def.settings.language,
          steps: def.steps.map(({ draft_template: _draft, ...step }) => step),
          landing_pages: def.landingPages.map(({ key, name, url }) => ({ key, name, url })),
        },
      };
    }),
  ];
}
