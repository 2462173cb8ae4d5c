import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LocaleProvider } from './LocaleProvider';
import type { Locale } from './locales';
import { LocaleProbe as Probe } from '../../testing/LocaleProbe';

function renderWith(
  locale: Locale | null,
  onLocaleChange: (locale: Locale) => void,
  browserLanguages: string[],
) {
  return render(
    <LocaleProvider
      locale={locale}
      onLocaleChange={onLocaleChange}
      browserLanguages={browserLanguages}
    >
      <Probe />
    </LocaleProvider>,
  );
}

describe('LocaleProvider: the language comes through props (§1)', () => {
  it('shows the chosen language over the browser one', () => {
    renderWith('fr', () => undefined, ['en-GB']);
    expect(screen.getByTestId('probe')).toHaveAttribute('data-locale', 'fr');
    expect(screen.getByTestId('probe')).toHaveTextContent('Page introuvable');
  });

  it('without a choice, takes the browser language when it is fr or en, else French', () => {
    const { unmount } = renderWith(null, () => undefined, ['en-GB', 'fr']);
    expect(screen.getByTestId('probe')).toHaveTextContent('Page not found');
    unmount();
    renderWith(null, () => undefined, ['de-CH']);
    expect(screen.getByTestId('probe')).toHaveTextContent('Page introuvable');
  });

  it('hands a picked language to its owner and shows it once the owner gives it back', () => {
    const onLocaleChange = vi.fn();
    const { rerender } = renderWith('en', onLocaleChange, []);
    act(() => screen.getByRole('button', { name: 'to-fr' }).click());
    expect(onLocaleChange).toHaveBeenCalledWith('fr');
    expect(screen.getByTestId('probe')).toHaveTextContent('Page not found');
    rerender(
      <LocaleProvider locale="fr" onLocaleChange={onLocaleChange} browserLanguages={[]}>
        <Probe />
      </LocaleProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('Page introuvable');
  });
});
