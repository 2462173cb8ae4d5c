import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { CAMPAIGN_PROBLEM_CODES, CAMPAIGN_PROBLEMS, problem } from '@prospecta/domain';
import en from './i18n/en.json';
import fr from './i18n/fr.json';
import { messages } from './messages';
import { problemText } from './problemText';

const english = createIntl({ locale: 'en', messages: en });
const french = createIntl({ locale: 'fr', messages: fr });

describe('problemText', () => {
  it('writes a sentence of its own for every problem of the sequence and of the landing pages', () => {
    const generic = english.formatMessage(messages.problemOther, { code: 'x' }).replace('x', '');
    const codes = CAMPAIGN_PROBLEM_CODES.filter((code) =>
      ['messaging-strategy', 'landing-pages'].includes(CAMPAIGN_PROBLEMS[code].section),
    );
    for (const code of codes) {
      const text = problemText(
        english,
        problem(code, { step: 1, field: 'body', variable: 'company' }),
      );
      expect({ code, generic: text.includes(generic) }).toEqual({ code, generic: false });
    }
  });

  it('names the count of prospects lacking a variable and a fallback to add', () => {
    const gap = problem('variable_gap', { step: 2, variable: 'first_name', count: 1 });
    expect(problemText(english, gap)).toBe(
      '1 prospect has no first name: add a fallback, e.g. {{first_name|…}}.',
    );
    expect(problemText(french, { ...gap, count: 12 })).toBe(
      '12 prospects n’ont pas de prénom\u00a0: ajoutez une valeur de repli, par exemple {{first_name|…}}.',
    );
  });

  it('says which field uses an unknown variable', () => {
    expect(
      problemText(english, problem('unknown_variable', { field: 'subject', variable: 'nickname' })),
    ).toMatch(/^The subject uses an unknown variable, “nickname”/);
  });
});
