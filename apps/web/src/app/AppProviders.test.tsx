import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AppProviders } from './AppProviders';
import { createPreferences, type Preferences } from '../core/preferences';
import { createMemoryStorage } from '../testing/memory-storage';
import { LocaleProbe as Probe } from '../testing/LocaleProbe';

function renderWith(preferences: Preferences, browserLanguages: string[]) {
  return render(
    <AppProviders
      preferences={preferences}
      queries={null}
      apiClients={null}
      browserLanguages={browserLanguages}
    >
      <Probe />
    </AppProviders>,
  );
}

describe('AppProviders: the language (§1)', () => {
  it('starts in the browser language when it is fr or en', () => {
    renderWith(createPreferences(createMemoryStorage()), ['en-GB', 'fr']);
    expect(screen.getByTestId('probe')).toHaveAttribute('data-locale', 'en');
    expect(screen.getByTestId('probe')).toHaveTextContent('Page not found');
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to French for other browser languages', () => {
    renderWith(createPreferences(createMemoryStorage()), ['de-CH']);
    expect(screen.getByTestId('probe')).toHaveTextContent('Page introuvable');
  });

  it('switches, persists the choice and prefers it over the browser language', () => {
    const storage = createMemoryStorage();
    const { unmount } = renderWith(createPreferences(storage), ['en-US']);
    act(() => screen.getByRole('button', { name: 'to-fr' }).click());
    expect(screen.getByTestId('probe')).toHaveTextContent('Page introuvable');
    expect(storage.getItem('prospecta.locale')).toBe('fr');
    unmount();
    renderWith(createPreferences(storage), ['en-US']);
    expect(screen.getByTestId('probe')).toHaveTextContent('Page introuvable');
  });
});
