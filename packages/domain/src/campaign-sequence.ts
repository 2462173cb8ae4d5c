/**
 * A campaign's sequence: ordered e-mail steps (subject, body, delay after the previous step, an optional
 * "no reply yet" condition) and LinkedIn steps (an invitation with a note, a message), which the engine cannot send
 * and turns into tasks for the customer. The checks of each step, run when the builder saves and before a launch.
 */
import type {
  CampaignLanguage,
  CampaignProblem,
  LandingPage,
  SequenceStepInput,
  WorkflowStepType,
} from './contract';
import { problem } from './campaign-errors';
import { parseTemplate, type TemplateVariable } from './campaign-templates';

/** The step types (the contract's enum), e-mail first. */
export const STEP_TYPES = [
  'email',
  'linkedin_invitation',
  'linkedin_message',
] as const satisfies readonly WorkflowStepType[];
const everyType: [WorkflowStepType] extends [(typeof STEP_TYPES)[number]] ? true : never = true;
void everyType;

/** LinkedIn steps become tasks for the customer with a due date; only e-mail steps are sent. */
export function isTaskStep(type: WorkflowStepType): boolean {
  return type !== 'email';
}

/** LinkedIn refuses an invitation note longer than 300 characters. */
export const MAX_INVITATION_NOTE = 300;
/** Characters a variable counts for in a note's length (a name or company is rarely longer). */
export const NOTE_VARIABLE_ALLOWANCE = 20;
/** Inboxes cut subjects beyond about 60 characters. */
export const ADVISED_SUBJECT_LENGTH = 60;
/** More links than this in a cold e-mail looks like a newsletter to spam filters. */
export const MAX_LINKS = 3;

/**
 * Words and phrases spam filters weigh against a cold e-mail, per language (case- and accent-insensitive, whole
 * words). A warning, not a refusal: the context may justify one.
 */
export const SPAM_WORDS: Record<CampaignLanguage, readonly string[]> = {
  en: [
    '100% free',
    'act now',
    'buy now',
    'cash',
    'click here',
    'congratulations',
    'free',
    'guarantee',
    'limited time',
    'no obligation',
    'risk-free',
    'urgent',
    'winner',
  ],
  fr: [
    'argent facile',
    'cliquez ici',
    'dernière chance',
    'félicitations',
    'gagnant',
    'garanti',
    'gratuit',
    'offre exceptionnelle',
    'sans engagement',
    'satisfait ou remboursé',
    'urgent',
  ],
};

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The spam words of the language found in a text, in the list's order. */
export function spamWordsIn(text: string, language: CampaignLanguage): string[] {
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}%-]+/gu, ' ')} `;
  return SPAM_WORDS[language].filter((word) => folded.includes(` ${fold(word)} `));
}

const RAW_URL = /\bhttps?:\/\/[^\s)>\]]+/g;

/** Links of a body: landing-page links plus written addresses (the unsubscribe link not counted). */
export function linksCount(body: string): number {
  const parsed = parseTemplate(body);
  let count = 0;
  for (const part of parsed.parts) {
    if (part.kind === 'link') count += 1;
    if (part.kind === 'text') count += part.text.match(RAW_URL)?.length ?? 0;
  }
  return count;
}

/** A note's length once filled: its text, plus each variable at its fallback's length or the allowance. */
export function noteLength(body: string): number {
  return parseTemplate(body).parts.reduce((length, part) => {
    if (part.kind === 'text') return length + part.text.length;
    if (part.kind === 'variable')
      return length + Math.max(NOTE_VARIABLE_ALLOWANCE, part.fallback?.length ?? 0);
    return length + part.raw.length;
  }, 0);
}

export interface SequenceContext {
  language: CampaignLanguage;
  landingPages: readonly Pick<LandingPage, 'key'>[];
  /** How many of the campaign's prospects lack each variable. */
  missing: Partial<Record<TemplateVariable, number>>;
}

type CheckedStep = Pick<SequenceStepInput, 'type' | 'subject' | 'body'>;

/** The problems of one step (its position from 1) in its sequence. */
export function stepProblems(
  step: CheckedStep,
  position: number,
  isFirstEmail: boolean,
  context: SequenceContext,
): CampaignProblem[] {
  const problems: CampaignProblem[] = [];
  const keys = new Set(context.landingPages.map((page) => page.key));
  const at = { step: position };
  const isEmail = step.type === 'email';
  const templates = isEmail
    ? ([
        ['subject', step.subject],
        ['body', step.body],
      ] as const)
    : ([['body', step.body]] as const);
  const gaps = new Map<TemplateVariable, 'subject' | 'body'>();
  for (const [field, template] of templates) {
    const parsed = parseTemplate(template);
    if (parsed.malformed) problems.push(problem('template_malformed', { ...at, field }));
    for (const part of parsed.parts) {
      if (part.kind === 'unknown')
        problems.push(problem('unknown_variable', { ...at, field, variable: part.name }));
      if (part.kind === 'link' && !keys.has(part.key))
        problems.push(problem('unknown_landing_page', { ...at, field, variable: part.key }));
      if (part.kind === 'variable' && part.fallback === null && !gaps.has(part.name))
        gaps.set(part.name, field);
    }
  }
  for (const [variable, field] of gaps) {
    const count = context.missing[variable] ?? 0;
    if (count > 0) problems.push(problem('variable_gap', { ...at, field, variable, count }));
  }
  if (!step.body.trim()) {
    // An invitation may go without a note.
    if (step.type !== 'linkedin_invitation')
      problems.push(problem('body_missing', { ...at, field: 'body' }));
  }
  if (isEmail) {
    // A follow-up without a subject is sent as a reply in the previous e-mail's thread.
    if (isFirstEmail && !step.subject.trim())
      problems.push(problem('subject_missing', { ...at, field: 'subject' }));
    if (step.subject.length > ADVISED_SUBJECT_LENGTH)
      problems.push(
        problem('subject_too_long', { ...at, field: 'subject', limit: ADVISED_SUBJECT_LENGTH }),
      );
    if (linksCount(step.body) > MAX_LINKS)
      problems.push(problem('too_many_links', { ...at, field: 'body', limit: MAX_LINKS }));
    const words = spamWordsIn(`${step.subject}\n${step.body}`, context.language);
    if (words.length > 0) problems.push(problem('spam_words', { ...at, words }));
    if (step.body.trim() && !parseTemplate(step.body).parts.some((p) => p.kind === 'unsubscribe'))
      problems.push(problem('unsubscribe_missing', { ...at, field: 'body' }));
  }
  if (step.type === 'linkedin_invitation' && noteLength(step.body) > MAX_INVITATION_NOTE)
    problems.push(problem('note_too_long', { ...at, field: 'body', limit: MAX_INVITATION_NOTE }));
  return problems;
}

/** The problems of a whole sequence: each step's, no step at all, and landing pages no step links to. */
export function sequenceProblems(
  steps: readonly CheckedStep[],
  context: SequenceContext & { landingPages: readonly Pick<LandingPage, 'key'>[] },
): CampaignProblem[] {
  if (steps.length === 0) return [problem('no_steps')];
  const firstEmail = steps.findIndex((step) => step.type === 'email');
  const problems = steps.flatMap((step, index) =>
    stepProblems(step, index + 1, index === firstEmail, context),
  );
  const linked = new Set(
    steps.flatMap((step) =>
      parseTemplate(step.body).parts.flatMap((part) => (part.kind === 'link' ? [part.key] : [])),
    ),
  );
  for (const page of context.landingPages) {
    if (!linked.has(page.key))
      problems.push(problem('landing_page_unused', { field: 'landing_pages', variable: page.key }));
  }
  return problems;
}

export function hasEmailStep(steps: readonly Pick<SequenceStepInput, 'type'>[]): boolean {
  return steps.some((step) => step.type === 'email');
}
