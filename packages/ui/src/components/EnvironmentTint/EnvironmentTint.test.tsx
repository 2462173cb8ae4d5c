import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEnvironment, resolveTheme, tintForEnvironment } from '../../theme/environment';
import { EnvironmentTint } from './EnvironmentTint';

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

  it('follows the prop and cleans up on unmount', () => {
    const { rerender, unmount } = render(<EnvironmentTint environment="ci" />);
    expect(document.documentElement.dataset.env).toBe('ci');
    rerender(<EnvironmentTint environment="development" />);
    expect(document.documentElement.dataset.env).toBeUndefined();
    rerender(<EnvironmentTint environment="staging" />);
    expect(document.documentElement.dataset.env).toBe('staging');
    unmount();
    expect(document.documentElement.dataset.env).toBeUndefined();
  });
});

describe('resolveTheme', () => {
  it('renders light whatever the stored choice', () => {
    expect(resolveTheme('dark')).toBe('light');
    expect(resolveTheme('light')).toBe('light');
    expect(resolveTheme(null)).toBe('light');
  });
});
