import { afterEach, describe, expect, it } from 'vitest';
import { applyEnvironment, tintForEnvironment } from './environment';

afterEach(() => {
  delete document.documentElement.dataset.env;
});

describe('environment tint', () => {
  it('tints ci and staging only', () => {
    expect(tintForEnvironment('ci')).toBe('ci');
    expect(tintForEnvironment('staging')).toBe('staging');
    expect(tintForEnvironment('production')).toBeNull();
    expect(tintForEnvironment('development')).toBeNull();
    expect(tintForEnvironment(undefined)).toBeNull();
  });

  it('sets and clears data-env on the root', () => {
    applyEnvironment('staging');
    expect(document.documentElement.dataset.env).toBe('staging');
    applyEnvironment('production');
    expect(document.documentElement.dataset.env).toBeUndefined();
  });
});
