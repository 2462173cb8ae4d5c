import { describe, expect, it } from 'vitest';
import { shouldShowTutorial } from './version';

describe('shouldShowTutorial (§4)', () => {
  it('shows when no version is stored or the stored one is unreadable', () => {
    expect(shouldShowTutorial(null, '2.3.5')).toBe(true);
    expect(shouldShowTutorial('', '2.3.5')).toBe(true);
    expect(shouldShowTutorial('latest', '2.3.5')).toBe(true);
  });

  it('shows when the stored major/minor is lower', () => {
    expect(shouldShowTutorial('2.2.9', '2.3.5')).toBe(true);
    expect(shouldShowTutorial('1.9.0', '2.3.5')).toBe(true);
    expect(shouldShowTutorial('1.10.0', '2.3.5')).toBe(true);
  });

  it('stays hidden for the same major/minor, whatever the patch, or a newer one', () => {
    expect(shouldShowTutorial('2.3.0', '2.3.5')).toBe(false);
    expect(shouldShowTutorial('2.3.5', '2.3.5')).toBe(false);
    expect(shouldShowTutorial('2.3.9', '2.3.5')).toBe(false);
    expect(shouldShowTutorial('2.4.0', '2.3.5')).toBe(false);
    expect(shouldShowTutorial('3.0.0', '2.3.5')).toBe(false);
  });

  it('uses the app version 2.3.5 by default', () => {
    expect(shouldShowTutorial('2.2.0')).toBe(true);
    expect(shouldShowTutorial('2.3.1')).toBe(false);
  });

  it('rejects an invalid app version', () => {
    expect(() => shouldShowTutorial(null, 'x')).toThrow(/not a version/);
  });
});
