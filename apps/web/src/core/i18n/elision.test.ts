import { describe, expect, it } from 'vitest';
import { elision } from './elision';

describe('elision', () => {
  it('elides before a vowel, accented or not, whatever the case', () => {
    expect(['Alexander Hall', 'élodie', 'Œdipe', ' Yann', 'Ugo'].map(elision)).toEqual([
      'yes',
      'yes',
      'yes',
      'yes',
      'yes',
    ]);
  });

  it('keeps "de" before a consonant, an h and an empty name', () => {
    expect(['Julien Moreau', 'Hugues', '', '42 Corp'].map(elision)).toEqual([
      'no',
      'no',
      'no',
      'no',
    ]);
  });
});
