import { describe, expect, it } from 'vitest';
import type { LandingPage } from './contract';
import {
  landingPageUrl,
  missingValueCounts,
  parseTemplate,
  renderTemplate,
  renderedText,
  variablesWithoutFallback,
} from './campaign-templates';

const page: LandingPage = {
  key: 'pricing',
  name: 'Our prices',
  url: 'https://example.com/prices?ref=1',
  utm_source: 'prospecta',
  utm_medium: 'email',
  utm_campaign: 'winter',
  utm_content: '',
  utm_term: '',
};

describe('templates', () => {
  it('parses variables with and without fallbacks, links, the unsubscribe tag and unknown tags', () => {
    const { parts, malformed } = parseTemplate(
      'Hi {{first_name|there}} of {{ company }}, see {{link:pricing|the prices}}. {{unsubscribe}} {{nickname}}',
    );
    expect(malformed).toBe(false);
    expect(parts.filter((p) => p.kind !== 'text')).toEqual([
      { kind: 'variable', name: 'first_name', fallback: 'there', raw: '{{first_name|there}}' },
      { kind: 'variable', name: 'company', fallback: null, raw: '{{ company }}' },
      { kind: 'link', key: 'pricing', label: 'the prices', raw: '{{link:pricing|the prices}}' },
      { kind: 'unsubscribe', raw: '{{unsubscribe}}' },
      { kind: 'unknown', name: 'nickname', raw: '{{nickname}}' },
    ]);
    expect(parseTemplate('Hi {{first_name').malformed).toBe(true);
    expect(parseTemplate('Hi first_name}}').malformed).toBe(true);
  });

  it('renders values, fallbacks, gaps, links with their UTM parameters and the unsubscribe sentence', () => {
    const parts = renderTemplate(
      'Bonjour {{first_name|Madame}} {{last_name}}, {{link:pricing}} {{unsubscribe}}',
      {
        language: 'fr',
        values: { first_name: '  ', last_name: null },
        landingPages: [page],
        unsubscribeUrl: 'https://u.example/x',
      },
    );
    expect(parts.map((p) => p.kind)).toEqual([
      'text',
      'fallback',
      'text',
      'missing',
      'text',
      'link',
      'text',
      'unsubscribe',
    ]);
    expect(renderedText(parts)).toBe(
      'Bonjour Madame , Our prices (https://example.com/prices?ref=1&utm_source=prospecta&utm_medium=email&utm_campaign=winter) ' +
        'Vous ne souhaitez plus recevoir nos messages\u00a0? Désinscrivez-vous ici\u00a0: https://u.example/x',
    );
    expect(
      renderedText(
        renderTemplate('Hi {{first_name|there}}', {
          language: 'en',
          values: { first_name: 'Ada' },
        }),
      ),
    ).toBe('Hi Ada');
  });

  it('adds only the non-empty UTM parameters to a landing page', () => {
    expect(landingPageUrl({ ...page, utm_source: '', utm_medium: '', utm_campaign: '' })).toBe(
      'https://example.com/prices?ref=1',
    );
  });

  it('names the variables without fallback and counts the prospects who lack each', () => {
    expect(
      variablesWithoutFallback('{{first_name|there}} {{company}} {{company}} {{position}}'),
    ).toEqual(['company', 'position']);
    expect(
      missingValueCounts([
        { first_name: 'Ada', company: '' },
        { first_name: ' ', company: 'ACME', position: 'CTO' },
        {},
      ]),
    ).toEqual({ first_name: 2, last_name: 3, company: 2, position: 2 });
  });
});
