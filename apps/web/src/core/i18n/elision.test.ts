import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { elision, withElision } from './elision';

describe('elision', () => {
  it('elides before a vowel, accented or not, whatever the case', () => {
    expect(
      ['Alexander Hall', 'élodie', 'Œdipe', ' Yann', 'Ugo', 'Île-de-France Conseil'].map(elision),
    ).toEqual(['yes', 'yes', 'yes', 'yes', 'yes', 'yes']);
  });

  it('keeps "de" before a consonant, an h and an empty name', () => {
    expect(['Julien Moreau', 'Hugues', 'Hélène', '', '42 Corp'].map(elision)).toEqual([
      'no',
      'no',
      'no',
      'no',
      'no',
    ]);
  });

  it('writes d’ before a vowel and de before a consonant in a French message', () => {
    const intl = createIntl({
      locale: 'fr',
      messages: { open: 'Ouvrir le détail {elision, select, yes {d’{name}} other {de {name}}}' },
    });
    const open = (name: string) => intl.formatMessage({ id: 'open' }, withElision(name));
    expect(open('Alexander Hall')).toBe('Ouvrir le détail d’Alexander Hall');
    expect(open('Claire Martin')).toBe('Ouvrir le détail de Claire Martin');
  });
});
