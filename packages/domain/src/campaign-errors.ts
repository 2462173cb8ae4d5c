/**
 * The builder's codes: problems of a campaign (each with its severity and the builder step where it is fixed) and
 * the server's refusals. The app writes the sentences (fr, en) from these codes.
 */
import type {
  BuilderSection,
  CampaignErrorCode,
  CampaignProblem,
  CampaignProblemCode,
} from './contract';

/** The five steps of the staff-only AI area, in order (§2): where each problem is fixed. */
export const BUILDER_SECTIONS = [
  'settings',
  'campaign-brief',
  'messaging-strategy',
  'landing-pages',
  'summary',
] as const satisfies readonly BuilderSection[];
const everySection: [BuilderSection] extends [(typeof BUILDER_SECTIONS)[number]] ? true : never =
  true;
void everySection;

export type ProblemSeverity = CampaignProblem['severity'];

/**
 * Every problem code with its severity and section. A blocking problem stops a launch; a warning is shown and
 * left to judgement (a long subject, a word filters flag).
 */
export const CAMPAIGN_PROBLEMS = {
  name_missing: { severity: 'blocking', section: 'settings' },
  no_mailbox: { severity: 'blocking', section: 'settings' },
  mailbox_not_available: { severity: 'blocking', section: 'settings' },
  no_sending_days: { severity: 'blocking', section: 'settings' },
  sending_hours_invalid: { severity: 'blocking', section: 'settings' },
  time_zone_invalid: { severity: 'blocking', section: 'settings' },
  no_steps: { severity: 'blocking', section: 'messaging-strategy' },
  no_audience: { severity: 'blocking', section: 'summary' },
  subject_missing: { severity: 'blocking', section: 'messaging-strategy' },
  subject_too_long: { severity: 'warning', section: 'messaging-strategy' },
  body_missing: { severity: 'blocking', section: 'messaging-strategy' },
  note_too_long: { severity: 'blocking', section: 'messaging-strategy' },
  too_many_links: { severity: 'warning', section: 'messaging-strategy' },
  spam_words: { severity: 'warning', section: 'messaging-strategy' },
  unsubscribe_missing: { severity: 'blocking', section: 'messaging-strategy' },
  unknown_variable: { severity: 'blocking', section: 'messaging-strategy' },
  variable_gap: { severity: 'blocking', section: 'messaging-strategy' },
  unknown_landing_page: { severity: 'blocking', section: 'messaging-strategy' },
  template_malformed: { severity: 'blocking', section: 'messaging-strategy' },
  landing_page_unused: { severity: 'warning', section: 'landing-pages' },
} as const satisfies Record<
  CampaignProblemCode,
  { severity: ProblemSeverity; section: BuilderSection }
>;

export const CAMPAIGN_PROBLEM_CODES = Object.keys(CAMPAIGN_PROBLEMS) as CampaignProblemCode[];

/** A problem of `code` with its severity and section, and the details given. */
export function problem(
  code: CampaignProblemCode,
  details: Omit<CampaignProblem, 'code' | 'severity' | 'section'> = {},
): CampaignProblem {
  const { severity, section } = CAMPAIGN_PROBLEMS[code];
  return { code, severity, section, ...details };
}

export function isBlocking(p: Pick<CampaignProblem, 'severity'>): boolean {
  return p.severity === 'blocking';
}

/** The server's refusals of a campaign change (409 or 422), in the contract's order. */
export const CAMPAIGN_ERROR_CODES = [
  'transition_not_allowed',
  'campaign_has_problems',
  'campaign_not_editable',
  'not_a_draft',
  'step_has_sends',
  'mailbox_not_available',
  'duplicate_landing_page',
  'spacing_invalid',
] as const satisfies readonly CampaignErrorCode[];
const everyError: [CampaignErrorCode] extends [(typeof CAMPAIGN_ERROR_CODES)[number]]
  ? true
  : never = true;
void everyError;

export function isCampaignErrorCode(value: unknown): value is CampaignErrorCode {
  return typeof value === 'string' && (CAMPAIGN_ERROR_CODES as readonly string[]).includes(value);
}
