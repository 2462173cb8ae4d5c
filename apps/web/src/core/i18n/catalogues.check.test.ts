// @vitest-environment node
/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { icuArguments } from './icuArguments';
import { LOCALES } from './locales';
import { readCatalogueFiles, scanSource } from './message-scan';
import { scopeOfFeature } from './scopes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { uses, literals } = scanSource(root);
const catalogues = readCatalogueFiles(root);

const merged = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.assign(
      {},
      ...[...catalogues.values()].map((perLocale) => perLocale.get(locale) ?? {}),
    ) as Record<string, string>,
  ]),
) as Record<(typeof LOCALES)[number], Record<string, string>>;

describe('i18n catalogues', () => {
  it('finds the messages used by the code', () => {
    expect(uses.length).toBeGreaterThan(10);
  });

  it.each(LOCALES)('has every message id used in code in %s', (locale) => {
    const missing = [
      ...new Set(
        uses.filter((use) => !(use.id in merged[locale])).map((use) => `${use.id} (${use.file})`),
      ),
    ];
    expect(missing).toEqual([]);
  });

  it('has the English text of en.json as every defaultMessage', () => {
    const differences = [
      ...new Set(
        uses
          .filter(
            (use) =>
              use.defaultMessage !== undefined &&
              merged.en[use.id] !== undefined &&
              merged.en[use.id] !== use.defaultMessage,
          )
          .map(
            (use) =>
              `${use.id} (${use.file}): defaultMessage ${JSON.stringify(use.defaultMessage)}, en.json ${JSON.stringify(merged.en[use.id])}`,
          ),
      ),
    ];
    expect(differences).toEqual([]);
  });

  it('has the same ids in fr and en for every feature', () => {
    const differences: string[] = [];
    for (const [feature, perLocale] of catalogues) {
      const fr = Object.keys(perLocale.get('fr') ?? {});
      const en = Object.keys(perLocale.get('en') ?? {});
      for (const id of fr)
        if (!en.includes(id)) differences.push(`${feature}: ${id} missing in en`);
      for (const id of en)
        if (!fr.includes(id)) differences.push(`${feature}: ${id} missing in fr`);
      for (const locale of perLocale.keys()) {
        if (!(LOCALES as readonly string[]).includes(locale))
          differences.push(`${feature}: unknown locale file ${locale}.json`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('has non-empty, well-formed messages with the same placeholders in every language', () => {
    const placeholders = (text: string) => {
      try {
        return icuArguments(text).join(',');
      } catch (error) {
        return (error as Error).message;
      }
    };
    const problems: string[] = [];
    for (const locale of LOCALES) {
      for (const [id, text] of Object.entries(merged[locale])) {
        if (!text.trim()) problems.push(`${locale}:${id} is empty`);
        if (placeholders(text).startsWith('Invalid ICU'))
          problems.push(`${locale}:${id} ${placeholders(text)}`);
        const fr = merged.fr[id];
        if (locale !== 'fr' && fr !== undefined && placeholders(fr) !== placeholders(text)) {
          problems.push(`${id}: placeholders differ between fr and ${locale}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  // the production build fetches the messages of the start features before the first render and the
  // others with the signed-in area (core/i18n/scopes.ts). Code that can show before the signed-in area (those features,
  // and everything outside features/: core, app, main.tsx) must only use messages of the start features.
  it('keeps the start features and the app frame to the messages fetched before the first render', () => {
    const startIds = new Set(
      [...catalogues]
        .filter(([feature]) => scopeOfFeature(feature) === 'start')
        .flatMap(([, perLocale]) => Object.keys(perLocale.get('en') ?? {})),
    );
    const featureOf = (file: string) => /^features[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
    const outside = uses
      .filter((use) => {
        const feature = featureOf(use.file);
        return feature === undefined || scopeOfFeature(feature) === 'start';
      })
      .filter((use) => !startIds.has(use.id))
      .map((use) => `${use.id} (${use.file})`);
    expect(startIds.size).toBeGreaterThan(20);
    expect(outside).toEqual([]);
  });

  it('never writes user-visible text straight into JSX', () => {
    expect(literals.map((literal) => `${literal.file}:${literal.line} "${literal.text}"`)).toEqual(
      [],
    );
  });
  // the form-error vocabulary of §5 has one term and one catalogue entry each
  // (French showed both 'Requis' and 'Obligatoire'); every form imports them from formMessages.
  it.each([
    ['common.required', /^(required|requis|obligatoire)\.?$/i],
    ['common.invalid_email', /(e-?mail).*(valid)/i],
  ])('has one catalogue entry for %s in every language', (id, pattern) => {
    for (const locale of LOCALES) {
      const ids = Object.entries(merged[locale])
        .filter(([, text]) => pattern.test(text))
        .map(([other]) => other);
      expect({ locale, ids }).toEqual({ locale, ids: [id] });
    }
  });
  // single-line inputs cut long placeholders ('Search a user or a com…'). The label carries
  // the long text; a placeholder is a short example. The comment box is a multi-line text area.
  it.each(LOCALES)('has short placeholders for single-line inputs in %s', (locale) => {
    const MULTI_LINE = ['prospect.comment_content_placeholder'];
    const long = Object.entries(merged[locale])
      .filter(
        ([id, text]) => id.endsWith('_placeholder') && !MULTI_LINE.includes(id) && text.length > 20,
      )
      .map(([id, text]) => `${id}: ${text}`);
    expect(long).toEqual([]);
  });
  // French typography: a no-break space before : ; ! ? and », and after «, so a sign never wraps away from its
  // word ('« zzzz »' broke across two lines on a phone). U+00A0 is as wide as a space: the layout does not move.
  // French typography writes one apostrophe, the typographic one ('l’adresse'); a typewriter ' crept into some texts.
  it('writes every French apostrophe as ’', () => {
    const straight = Object.entries(merged.fr)
      .filter(([, text]) => text.includes("'"))
      .map(([id, text]) => `${id}: ${text}`);
    expect(straight).toEqual([]);
  });
  // French elides 'de' before a vowel ('le détail d’Alexander'): a name after 'de' goes through the elision choice of
  // elision.ts, never straight after the word.
  it('elides de before a name in French', () => {
    const unelided = Object.entries(merged.fr)
      .filter(
        ([, text]) =>
          /\bde \{name\}/.test(text) &&
          !(/\{elision, select, yes \{/.test(text) && /d’\{name\}/.test(text)),
      )
      .map(([id, text]) => `${id}: ${text}`);
    expect(unelided).toEqual([]);
  });
  // The nurture action has one French name, 'à travailler', on the staff button, the columns, the detail modal and
  // the inbox's help (they once said 'Relancer', 'à engager', 'À travailler' and 'Nourrir').
  it('names the nurture action with one word in French', () => {
    const ids = [
      'dashboard.nurture_all',
      'dashboard.nurture_all_title',
      'dashboard.column_to_nurture',
      'campaigns.category_nurture',
      'prospect.action_nurture',
      'prospect.confirm_nurture_title',
      'prospect.status_nurture',
      'inbox.shortcut_nurture',
    ];
    const others = ids
      .map((id) => `${id}: ${merged.fr[id]}`)
      .filter((line) => !/travailler/i.test(line) || /nourri|engag|relanc/i.test(line));
    expect(others).toEqual([]);
  });
  it('keeps the French punctuation on the line of its word', () => {
    const loose = Object.entries(merged.fr)
      .filter(([, text]) => / [:;!?»]|« /.test(text))
      .map(([id, text]) => `${id}: ${text}`);
    expect(loose).toEqual([]);
  });
});
