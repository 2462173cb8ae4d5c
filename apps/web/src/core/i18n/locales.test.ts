import { describe, expect, it } from 'vitest';
import { mergeCatalogues, withFallback } from './catalogues';
import { detectBrowserLocale } from './locales';

describe('detectBrowserLocale', () => {
  it('takes the first fr or en browser language', () => {
    expect(detectBrowserLocale(['en-US', 'fr'])).toBe('en');
    expect(detectBrowserLocale(['de-CH', 'fr-CH', 'en'])).toBe('fr');
  });
  it('falls back to fr', () => {
    expect(detectBrowserLocale(['de-CH', 'it'])).toBe('fr');
    expect(detectBrowserLocale([])).toBe('fr');
    expect(detectBrowserLocale(undefined)).toBe('fr');
  });
});

describe('mergeCatalogues', () => {
  const modules = {
    '../features/a/i18n/fr.json': { default: { 'a.one': 'Un', 'a.two': 'Deux' } },
    '../features/a/i18n/en.json': { default: { 'a.one': 'One' } },
    '../features/b/i18n/fr.json': { default: { 'b.one': 'B un' } },
    '../features/b/i18n/en.json': { default: { 'b.one': 'B one' } },
  };

  it('merges every feature per locale', () => {
    const merged = mergeCatalogues(modules);
    expect(merged.fr).toEqual({ 'a.one': 'Un', 'a.two': 'Deux', 'b.one': 'B un' });
    expect(merged.en).toEqual({ 'a.one': 'One', 'b.one': 'B one' });
  });

  it("merges core's shared texts (core/messages/i18n) beside the features'", () => {
    const merged = mergeCatalogues({
      ...modules,
      '../messages/i18n/fr.json': { default: { 'common.required': 'Requis' } },
    });
    expect(merged.fr).toEqual({
      'a.one': 'Un',
      'a.two': 'Deux',
      'b.one': 'B un',
      'common.required': 'Requis',
    });
  });

  it('fills gaps with French', () => {
    const merged = mergeCatalogues(modules);
    expect(withFallback(merged, 'en')).toEqual({
      'a.one': 'One',
      'a.two': 'Deux',
      'b.one': 'B one',
    });
  });

  it('rejects an unknown locale, a non-string message and an id owned by two features', () => {
    expect(() => mergeCatalogues({ '../features/a/i18n/de.json': { default: {} } })).toThrow(
      /unknown locale "de"/,
    );
    expect(() => mergeCatalogues({ '../features/a/i18n/fr.json': { default: { x: 1 } } })).toThrow(
      /"x".*not a string/,
    );
    expect(() =>
      mergeCatalogues({
        '../features/a/i18n/fr.json': { default: { same: 'A' } },
        '../features/b/i18n/fr.json': { default: { same: 'B' } },
      }),
    ).toThrow(/both features a and b/);
  });
});
