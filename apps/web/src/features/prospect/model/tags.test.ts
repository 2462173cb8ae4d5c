import { describe, expect, it } from 'vitest';
import { normaliseTagLabel, tagSuggestions } from './tags';

const tags = [
  { id: 1, label: 'VIP' },
  { id: 2, label: 'Décideur' },
  { id: 3, label: 'Relance' },
  { id: 4, label: 'Chaud' },
  { id: 5, label: 'Salon Lausanne' },
];

describe('normaliseTagLabel', () => {
  it('trims and collapses whitespace', () => {
    expect(normaliseTagLabel('  Salon   de  Genève \n')).toBe('Salon de Genève');
    expect(normaliseTagLabel('   ')).toBe('');
  });
});

describe('tagSuggestions', () => {
  it('leaves out the tags already on the prospect', () => {
    expect(tagSuggestions(tags, [{ id: 1, label: 'VIP' }], '').map((t) => t.id)).toEqual([
      4, 2, 3, 5,
    ]);
  });

  it('matches case-insensitively, prefix matches first', () => {
    expect(tagSuggestions(tags, [], 'LA').map((t) => t.label)).toEqual([
      'Relance',
      'Salon Lausanne',
    ]);
    expect(tagSuggestions(tags, [], 'sa').map((t) => t.label)).toEqual(['Salon Lausanne']);
    expect(tagSuggestions(tags, [], 'ch').map((t) => t.label)).toEqual(['Chaud']);
  });

  it('respects the limit and returns nothing for an unknown label', () => {
    expect(tagSuggestions(tags, [], '', 2)).toHaveLength(2);
    expect(tagSuggestions(tags, [], 'zzz')).toEqual([]);
  });
});
