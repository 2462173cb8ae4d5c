/**
 * The sequence's templates: `{{first_name|there}}` (a variable with its fallback), `{{company}}`, `{{position}}`,
 * `{{last_name}}`, links to a landing page `{{link:key|label}}` and the unsubscribe sentence `{{unsubscribe}}`.
 * Parsed once, then rendered for a prospect (the builder's preview, the engine's sends) or checked (unknown
 * variables, and the gaps: a variable without fallback that some prospects lack).
 */
import type { CampaignLanguage, LandingPage } from './contract';

/** The variables a template may use, each read from one field of the prospect. */
export const TEMPLATE_VARIABLES = ['first_name', 'last_name', 'company', 'position'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

export function isTemplateVariable(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

/** The values of a prospect's variables; a missing or blank one takes the fallback. */
export type TemplateValues = Partial<Record<TemplateVariable, string | null | undefined>>;

/** A prospect's variables from its fields (company is the company's name). */
export function prospectValues(p: {
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  position?: string | null;
}): TemplateValues {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    company: p.company_name,
    position: p.position,
  };
}

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: TemplateVariable; fallback: string | null; raw: string }
  | { kind: 'link'; key: string; label: string | null; raw: string }
  | { kind: 'unsubscribe'; raw: string }
  | { kind: 'unknown'; name: string; raw: string };

export interface ParsedTemplate {
  parts: TemplatePart[];
  /** An opening `{{` without its `}}` (kept as text). */
  malformed: boolean;
}

const TAG = /\{\{([^{}]*)\}\}/g;

/** Splits a template into text and tags. Whitespace inside a tag's name is ignored: `{{ company }}`. */
export function parseTemplate(template: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (text) parts.push({ kind: 'text', text });
  };
  for (const match of template.matchAll(TAG)) {
    pushText(template.slice(last, match.index));
    last = match.index + match[0].length;
    parts.push(tagPart(match[1] ?? '', match[0]));
  }
  const rest = template.slice(last);
  pushText(rest);
  const textOnly = parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join('');
  return { parts, malformed: textOnly.includes('{{') || textOnly.includes('}}') };
}

function tagPart(inner: string, raw: string): TemplatePart {
  const bar = inner.indexOf('|');
  const head = (bar === -1 ? inner : inner.slice(0, bar)).trim();
  const tail = bar === -1 ? null : inner.slice(bar + 1);
  if (head === 'unsubscribe' && tail === null) return { kind: 'unsubscribe', raw };
  if (head.startsWith('link:')) {
    const key = head.slice('link:'.length).trim();
    if (key) return { kind: 'link', key, label: tail === null ? null : tail.trim() || null, raw };
  }
  if (isTemplateVariable(head)) return { kind: 'variable', name: head, fallback: tail, raw };
  return { kind: 'unknown', name: head, raw };
}

/** The unsubscribe sentence of each language; `{url}` is the one-click unsubscribe link. */
export const UNSUBSCRIBE_SENTENCES: Record<CampaignLanguage, string> = {
  fr: 'Vous ne souhaitez plus recevoir nos messages\u00a0? Désinscrivez-vous ici\u00a0: {url}',
  en: "Don't want to hear from us again? Unsubscribe here: {url}",
};

/** A landing page's address with its non-empty UTM parameters (existing query parameters kept). */
export function landingPageUrl(
  page: Pick<
    LandingPage,
    'url' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_content' | 'utm_term'
  >,
): string {
  const url = new URL(page.url);
  for (const name of [
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_content',
    'utm_term',
  ] as const) {
    const value = page[name].trim();
    if (value) url.searchParams.set(name, value);
  }
  return url.toString();
}

export type RenderedPart =
  /** The template's own text. */
  | { kind: 'text'; text: string }
  /** A variable filled from the prospect. */
  | { kind: 'value'; name: TemplateVariable; text: string }
  /** A variable the prospect lacks, shown with its fallback. */
  | { kind: 'fallback'; name: TemplateVariable; text: string }
  /** A variable the prospect lacks and that has no fallback: renders as nothing. */
  | { kind: 'missing'; name: TemplateVariable; text: '' }
  | { kind: 'link'; key: string; text: string; url: string | null }
  | { kind: 'unsubscribe'; text: string; url: string }
  /** An unknown tag, left as written. */
  | { kind: 'unknown'; text: string };

export interface RenderContext {
  language: CampaignLanguage;
  values: TemplateValues;
  /** The campaign's landing pages; a link's label defaults to the page's name. */
  landingPages?: readonly LandingPage[];
  /** The prospect's unsubscribe link (the engine's); a placeholder address in a preview. */
  unsubscribeUrl?: string;
}

/** The template filled for one prospect, part by part (the preview marks values, fallbacks and gaps). */
export function renderTemplate(template: string, context: RenderContext): RenderedPart[] {
  const pages = new Map((context.landingPages ?? []).map((page) => [page.key, page]));
  return parseTemplate(template).parts.map((part): RenderedPart => {
    switch (part.kind) {
      case 'text':
        return part;
      case 'variable': {
        const value = context.values[part.name]?.trim();
        if (value) return { kind: 'value', name: part.name, text: value };
        if (part.fallback !== null)
          return { kind: 'fallback', name: part.name, text: part.fallback };
        return { kind: 'missing', name: part.name, text: '' };
      }
      case 'link': {
        const page = pages.get(part.key);
        return {
          kind: 'link',
          key: part.key,
          text: part.label ?? page?.name ?? part.key,
          url: page ? landingPageUrl(page) : null,
        };
      }
      case 'unsubscribe': {
        const url = context.unsubscribeUrl ?? '';
        return {
          kind: 'unsubscribe',
          text: UNSUBSCRIBE_SENTENCES[context.language].replace('{url}', url),
          url,
        };
      }
      case 'unknown':
        return { kind: 'unknown', text: part.raw };
    }
  });
}

/** The rendered template as plain text: a link reads `label (address)`. */
export function renderedText(parts: readonly RenderedPart[]): string {
  return parts
    .map((part) => (part.kind === 'link' && part.url ? `${part.text} (${part.url})` : part.text))
    .join('');
}

/** The template's variables used without a fallback (a prospect lacking one gets an empty gap). */
export function variablesWithoutFallback(template: string): TemplateVariable[] {
  const names = new Set<TemplateVariable>();
  for (const part of parseTemplate(template).parts) {
    if (part.kind === 'variable' && part.fallback === null) names.add(part.name);
  }
  return [...names];
}

/** How many of the prospects lack each variable (blank or missing), counted once for a list. */
export function missingValueCounts(
  prospects: Iterable<TemplateValues>,
): Record<TemplateVariable, number> {
  const counts = Object.fromEntries(TEMPLATE_VARIABLES.map((name) => [name, 0])) as Record<
    TemplateVariable,
    number
  >;
  for (const values of prospects) {
    for (const name of TEMPLATE_VARIABLES) if (!values[name]?.trim()) counts[name] += 1;
  }
  return counts;
}
