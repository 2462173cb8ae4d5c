import type { HttpHandler } from 'msw';
import {
  createScenario,
  makeCampaign,
  makeOnboardingSubmission,
  type Scenario,
} from '@prospecta/api-client/fixtures';
import { campaignBuilderHandlers, fixtureHandlers } from '@prospecta/api-client/msw';
import type { Campaign, CampaignDefinitionUpdate } from '@prospecta/api-client';
import { briefFromOnboarding, draftSequence } from '@prospecta/domain';

/** The draft of the builder's stories and tests: the scenario customer's, not launched, without prospects yet. */
export const BUILDER_DRAFT_ID = 900;

export interface BuilderWorld {
  scenario: Scenario;
  draft: Campaign;
  /** The builder's calls (reads and writes, with the server's rules) over the scenario, then its other reads. */
  handlers: HttpHandler[];
}

/**
 * The fixture scenario with one campaign draft of its customer, as a staff member started it: the brief from the
 * customer's onboarding answers, the draft sequence the templates write from it, the customer's valid accounts as
 * senders. `withDraft: false` leaves the customer without drafts; `settings` changes the draft's settings.
 */
export function builderWorld({
  withDraft = true,
  settings = {},
}: {
  withDraft?: boolean;
  settings?: Partial<CampaignDefinitionUpdate['settings']>;
} = {}): BuilderWorld {
  const scenario = createScenario();
  let next = 800_000;
  const ids = { next: () => next++ };
  const owner = scenario.customer;
  const draft = makeCampaign(1, {
    id: BUILDER_DRAFT_ID,
    name: 'Spring outreach',
    status: 'draft',
    is_active: false,
    user: { id: owner.id, full_name: owner.full_name, company_name: owner.company.name },
    last_update_at: null,
    prospects_count: 0,
    audience: 0,
    contacted: 0,
    contacts_opened: 0,
    contacts_clicked: 0,
    contacts_answered: 0,
    steps: [],
  });
  const definitions = new Map<number, CampaignDefinitionUpdate>();
  if (withDraft) {
    scenario.campaigns.push(draft);
    const brief = briefFromOnboarding(makeOnboardingSubmission());
    definitions.set(draft.id, {
      settings: {
        name: draft.name,
        language: 'en',
        time_zone: 'Europe/Zurich',
        sending_days: [1, 2, 3, 4, 5],
        sending_start: '09:00',
        sending_end: '17:00',
        daily_cap: 50,
        stop_on_reply: true,
        mailbox_ids: scenario.emailAccounts.filter((a) => a.is_valid).map((a) => a.id),
        start_date: null,
        track_opens: true,
        track_clicks: true,
        spacing_min_seconds: 60,
        spacing_max_seconds: 180,
        ...settings,
      },
      brief,
      steps: draftSequence(brief, 'en'),
      landing_pages: [],
    });
  }
  return {
    scenario,
    draft,
    handlers: [
      ...campaignBuilderHandlers(scenario, ids, { definitions }),
      ...fixtureHandlers(scenario),
    ],
  };
}
