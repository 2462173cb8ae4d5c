import { describe, expect, it } from 'vitest';
import { initialsOf } from './UserMenu';

describe('initialsOf', () => {
  it('takes the first and last initials', () => {
    expect(initialsOf('Claire Dubois')).toBe('CD');
    expect(initialsOf('Marie Anne de La Tour')).toBe('MT');
  });
  it('handles one word, extra spaces and empty names', () => {
    expect(initialsOf('claire')).toBe('C');
    expect(initialsOf('  jean   paul  ')).toBe('JP');
    expect(initialsOf('')).toBe('');
  });
});
