import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { hasMessages, loadMessages, messagesFor } from './bundle';
import { DEFAULT_LOCALE, detectBrowserLocale, type Locale } from './locales';

interface LocaleContextValue {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside LocaleProvider.');
  return value;
}

interface LocaleProviderProps {
  children: ReactNode;
  /** The chosen language (the stored preference, or one a story forces); null: the browser's language, else fr. */
  locale: Locale | null;
  /** The user picked a language (`setLocale`): the owner keeps the choice and gives it back as `locale`. */
  onLocaleChange(locale: Locale): void;
  browserLanguages?: readonly string[];
}

/** The app's language: react-intl's provider with the catalogues of the chosen language, loaded on demand. */
export function LocaleProvider({
  children,
  locale: chosen,
  onLocaleChange,
  browserLanguages,
}: LocaleProviderProps) {
  const locale: Locale =
    chosen ??
    detectBrowserLocale(
      browserLanguages ?? (typeof navigator === 'undefined' ? [] : navigator.languages),
    );
  // The production build fetches a locale's messages on demand (main.tsx loads the first one before rendering):
  // while another language loads, the page stays in the current one; if it cannot load, the texts written in the
  // code (the English default messages) are shown rather than nothing.
  const ready = hasMessages(locale);
  const [, setFetched] = useState<Locale | null>(null);
  const [failed, setFailed] = useState<Locale | null>(null);
  const [previous, setPrevious] = useState<Locale | null>(ready ? locale : null);
  if (ready && previous !== locale) setPrevious(locale);
  const shown: Locale | null = ready || failed === locale ? locale : previous;
  // A catalogue is all text (tests, stories) or all parsed messages (production build), never a mix.
  const messages = useMemo(
    () =>
      (shown !== null && hasMessages(shown) ? messagesFor(shown) : {}) as
        | Record<string, string>
        | Record<string, MessageFormatElement[]>,
    [shown],
  );

  useEffect(() => {
    if (ready) return;
    let live = true;
    loadMessages(locale).then(
      () => {
        if (live) setFetched(locale);
      },
      (error: unknown) => {
        console.error(error);
        if (live) setFailed(locale);
      },
    );
    return () => {
      live = false;
    };
  }, [locale, ready]);

  const value = useMemo<LocaleContextValue>(
    () => ({ locale: shown ?? locale, setLocale: onLocaleChange }),
    [shown, locale, onLocaleChange],
  );

  useEffect(() => {
    if (shown !== null) document.documentElement.lang = shown;
  }, [shown]);

  if (shown === null) return null;
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={shown} defaultLocale={DEFAULT_LOCALE} messages={messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
