/**
 * The builder's editing rules for a sequence and its landing pages: a new step of each type, an edit that ends a
 * step's "draft written from templates" label, the checks of the steps as they are being edited (with the server's
 * counts of prospects lacking a variable), a sample prospect's template values, the link tag to a landing page, and
 * the checks of a landing page. Pure: the builder's screens call these, the server keeps its own checks on save.
 */
import type {
  CampaignLanguage,
  CampaignProblem,
  LandingPage,
  SampleProspect,
  SequenceStepInput,
  WorkflowStepType,
} from './contract';
import { sequenceProblems } from './campaign-sequence';
import {
  isTemplateVariable,
  missingValueCounts,
  type TemplateValues,
  type TemplateVariable,
} from './campaign-templates';

/** A step's name in the campaigns list by type, in the campaign's language ('n/a' reads 'LinkedIn invitation'). */
const STEP_NAMES: Record<CampaignLanguage, Record<WorkflowStepType, (n: number) => string>> = {
  fr: {
    email: (n) => `E-mail ${n}`,
    linkedin_invitation: () => 'n/a',
    linkedin_message: (n) => `Message LinkedIn ${n}`,
  },
  en: {
    email: (n) => `Email ${n}`,
    linkedin_invitation: () => 'n/a',
    linkedin_message: (n) => `LinkedIn message ${n}`,
  },
};

/** Days after the previous step a new follow-up waits by default. */
export const NEW_STEP_DELAY = 3;

/**
 * A new step of `type` at the end of `steps`: numbered after the steps of its type, sent at once when it is the first
 * step, else 3 days later to prospects who have not replied. A new e-mail's body starts with the unsubscribe tag,
 * which every e-mail needs (decision 0101), so that the text is written above it.
 */
export function newSequenceStep(
  type: WorkflowStepType,
  steps: readonly Pick<SequenceStepInput, 'type'>[],
  language: CampaignLanguage,
): SequenceStepInput {
  const sameType = steps.filter((step) => step.type === type).length;
  const first = steps.length === 0;
  return {
    type,
    name: STEP_NAMES[language][type](sameType + 1),
    subject: '',
    body: type === 'email' ? '\n\n{{unsubscribe}}' : '',
    delay_days: first ? 0 : NEW_STEP_DELAY,
    condition: first ? 'none' : 'no_reply',
    draft_template: false,
  };
}

/** A step with an edit applied: an edited step is no longer the draft written from templates. */
export function editStep(
  step: SequenceStepInput,
  patch: Partial<Omit<SequenceStepInput, 'id' | 'draft_template'>>,
): SequenceStepInput {
  return { ...step, ...patch, draft_template: false };
}

/** The list with the item at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const last = items.length - 1;
  const source = Math.max(0, Math.min(from, last));
  const target = Math.max(0, Math.min(to, last));
  if (source === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(source, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** A sample prospect's template values (the preview of a step for that prospect). */
export function sampleValues(
  sample: Pick<SampleProspect, 'first_name' | 'last_name' | 'company' | 'position'>,
): TemplateValues {
  return {
    first_name: sample.first_name,
    last_name: sample.last_name,
    company: sample.company,
    position: sample.position,
  };
}

/** The server's counts of prospects lacking each variable, read from its `variable_gap` problems. */
export function gapCounts(
  problems: readonly CampaignProblem[],
): Partial<Record<TemplateVariable, number>> {
  const counts: Partial<Record<TemplateVariable, number>> = {};
  for (const p of problems) {
    if (p.code !== 'variable_gap' || !p.variable || !isTemplateVariable(p.variable)) continue;
    counts[p.variable] = Math.max(counts[p.variable] ?? 0, p.count ?? 0);
  }
  return counts;
}

export interface EditedSequenceContext {
  language: CampaignLanguage;
  landingPages: readonly Pick<LandingPage, 'key'>[];
  /** The server's last answer on the saved campaign (its `variable_gap` counts cover every prospect). */
  serverProblems: readonly CampaignProblem[];
  /** The sample prospects of the preview: a variable they lack counts at least them until the server says more. */
  samples: readonly Pick<SampleProspect, 'first_name' | 'last_name' | 'company' | 'position'>[];
}

/**
 * The problems of the sequence as it is being edited, each on its current position: the sequence's checks on the
 * edited steps, with the prospects lacking a variable counted by the server (every prospect) or, for a variable the
 * server has not counted yet, among the sample prospects. Problems of other sections (settings, audience, landing
 * pages no step links to) are left to their own steps.
 */
export function editedSequenceProblems(
  steps: readonly Pick<SequenceStepInput, 'type' | 'subject' | 'body'>[],
  context: EditedSequenceContext,
): CampaignProblem[] {
  const fromServer = gapCounts(context.serverProblems);
  const fromSamples = missingValueCounts(context.samples.map(sampleValues));
  const missing: Partial<Record<TemplateVariable, number>> = { ...fromSamples, ...fromServer };
  return sequenceProblems(steps, {
    language: context.language,
    landingPages: context.landingPages,
    missing,
  }).filter((p) => p.section === 'messaging-strategy');
}

/** The problems of the step at `position` (from 1). */
export function problemsOfStep(
  problems: readonly CampaignProblem[],
  position: number,
): CampaignProblem[] {
  return problems.filter((p) => p.step === position);
}

/** The tag of a link to a landing page, `{{link:key|label}}` (the label defaults to the page's name). */
export function linkTag(page: Pick<LandingPage, 'key' | 'name'>, label?: string): string {
  const text = (label ?? page.name).replace(/[{}|]/g, '').replace(/\s+/g, ' ').trim();
  return text ? `{{link:${page.key}|${text}}}` : `{{link:${page.key}}}`;
}

/** `text` with `insertion` in place of the selection `[start, end)` and the caret after it. */
export function insertText(
  text: string,
  start: number,
  end: number,
  insertion: string,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insertion + text.slice(to), caret: from + insertion.length };
}

/** A landing page's key: lower-case letters, digits and dashes, up to 40, starting with a letter or a digit. */
export const LANDING_PAGE_KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const LANDING_PAGE_KEY_MAX = 40;

/** A key from a page's name: accents dropped, words joined by dashes, made unique among `taken`. */
export function landingPageKeyFrom(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, LANDING_PAGE_KEY_MAX)
      .replace(/-+$/, '') || 'page';
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const key = `${base.slice(0, LANDING_PAGE_KEY_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(key)) return key;
  }
}

/** An address the contract takes for a landing page: http or https, a host, no whitespace. */
export function isLandingPageUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export type LandingPageFieldError =
  'name_missing' | 'url_missing' | 'url_invalid' | 'key_missing' | 'key_invalid' | 'key_duplicate';

export interface LandingPageErrors {
  name?: LandingPageFieldError;
  url?: LandingPageFieldError;
  key?: LandingPageFieldError;
}

/** The field errors of the page at `index` among `pages` (keys unique in the campaign). */
export function landingPageErrors(
  pages: readonly Pick<LandingPage, 'key' | 'name' | 'url'>[],
  index: number,
): LandingPageErrors {
  const page = pages[index];
  if (!page) return {};
  const errors: LandingPageErrors = {};
  if (!page.name.trim()) errors.name = 'name_missing';
  if (!page.url.trim()) errors.url = 'url_missing';
  else if (!isLandingPageUrl(page.url)) errors.url = 'url_invalid';
  if (!page.key) errors.key = 'key_missing';
  else if (!LANDING_PAGE_KEY.test(page.key)) errors.key = 'key_invalid';
  else if (pages.some((other, i) => i !== index && other.key === page.key))
    errors.key = 'key_duplicate';
  return errors;
}

/** A new, empty landing page with a key not yet taken. */
export function newLandingPage(pages: readonly Pick<LandingPage, 'key'>[]): LandingPage {
  return {
    key: landingPageKeyFrom(
      'page',
      pages.map((page) => page.key),
    ),
    name: '',
    url: '',
    utm_source: '',
    utm_medium: '',
    utm_campaign: '',
    utm_content: '',
    utm_term: '',
  };
}
