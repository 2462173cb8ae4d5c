import {
  STEP_TYPES,
  briefFromOnboarding,
  isCampaignStatus,
  type CampaignFacts,
  type TemplateVariable,
} from '@prospecta/domain';
import type {
  BuilderBrief,
  CampaignDefinition,
  CampaignSequence,
  CampaignSettings,
  CampaignStatusName,
  SenderMailbox,
  SequenceStep,
  StepCondition,
  WorkflowStepType,
} from '@prospecta/domain/contract';
import type { DefinitionRow, DefinitionStepRow } from '../repositories/campaign-definitions';

/** Rows of the builder's side of a campaign into the contract's shapes. */

const stepType = (value: string): WorkflowStepType =>
  (STEP_TYPES as readonly string[]).includes(value) ? (value as WorkflowStepType) : 'email';
const condition = (value: string): StepCondition => (value === 'no_reply' ? 'no_reply' : 'none');
const language = (value: string) => (value === 'en' ? 'en' : 'fr');

export const statusOf = (value: string): CampaignStatusName =>
  isCampaignStatus(value) ? value : 'draft';

export function settingsOf(def: DefinitionRow): CampaignSettings {
  const c = def.campaign;
  return {
    name: c.name,
    language: language(c.language),
    time_zone: c.time_zone,
    sending_days: c.sending_days,
    sending_start: c.sending_start,
    sending_end: c.sending_end,
    daily_cap: c.daily_cap,
    stop_on_reply: c.stop_on_reply,
    mailbox_ids: def.mailboxIds,
    start_date: c.start_date,
    track_opens: c.track_opens,
    track_clicks: c.track_clicks,
    spacing_min_seconds: c.spacing_min_seconds,
    spacing_max_seconds: c.spacing_max_seconds,
  };
}

/** The brief kept with the campaign; a campaign made before the builder has none and gets an empty one. */
export const briefOf = (def: DefinitionRow): BuilderBrief =>
  (def.campaign.brief as BuilderBrief | null) ?? briefFromOnboarding(null);

export const stepOf = (s: DefinitionStepRow): SequenceStep => ({
  id: s.id,
  position: s.position,
  type: stepType(s.workflow_step_type),
  name: s.name,
  subject: s.subject,
  body: s.body,
  delay_days: s.delay_days,
  condition: condition(s.condition),
  draft_template: s.draft_template,
});

/** What the checks and the review need, from the rows. */
export function factsOf(
  def: DefinitionRow,
  mailboxes: SenderMailbox[],
  audience: { count: number; missing: Record<TemplateVariable, number> },
): CampaignFacts {
  return {
    settings: settingsOf(def),
    steps: def.steps.map(stepOf),
    landingPages: def.landingPages,
    mailboxes,
    audience: audience.count,
    missing: audience.missing,
  };
}

export function definitionAnswer(
  def: DefinitionRow,
  facts: CampaignFacts,
  extra: Pick<CampaignDefinition, 'is_editable' | 'problems'>,
): CampaignDefinition {
  return {
    id: def.campaign.id,
    user_id: def.campaign.user_id,
    status: statusOf(def.campaign.status),
    ...extra,
    settings: facts.settings,
    brief: briefOf(def),
    steps: def.steps.map(stepOf),
    landing_pages: def.landingPages,
    mailboxes: [...facts.mailboxes],
    updated_at: def.campaign.updated_at.toISOString(),
  };
}

/** The customer's read-only view: no brief, senders, caps, UTM parameters, draft marks or problems. */
export function sequenceAnswer(def: DefinitionRow): CampaignSequence {
  return {
    campaign_id: def.campaign.id,
    language: language(def.campaign.language),
    steps: def.steps.map((s) => {
      const { draft_template: _draft, ...step } = stepOf(s);
      void _draft;
      return step;
    }),
    landing_pages: def.landingPages.map(({ key, name, url }) => ({ key, name, url })),
  };
}
