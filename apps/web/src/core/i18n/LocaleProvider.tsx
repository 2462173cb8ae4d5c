import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import {
  hasAnyMessages,
  hasMessages,
  loadMessages,
  messagesFor,
  messagesRevision,
  subscribeMessages,
} from './bundle';
import { DEFAULT_LOCALE, detectBrowserLocale, type Locale } from './locales';

interface LocaleContextValue {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const NO_MESSAGES = {};

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
  // The production build fetches a locale's messages on demand (main.tsx loads the first one before rendering, the
  // signed-in area's route its own part): while another language loads, the page stays in the current one; if it
  // cannot load, the texts written in the code (the English default messages) are shown rather than nothing.
  // Renders again when more messages arrived (the signed-in area's part, another language).
  useSyncExternalStore(subscribeMessages, messagesRevision, messagesRevision);
  const ready = hasMessages(locale);
  const [failed, setFailed] = useState<Locale | null>(null);
  const [previous, setPrevious] = useState<Locale | null>(ready ? locale : null);
  if (ready && previous !== locale) setPrevious(locale);
  const shown: Locale | null = ready || failed === locale ? locale : previous;
  // A catalogue is all text (tests, stories) or all parsed messages (production build), never a mix; the same
  // object while nothing new arrived.
  const messages = (shown !== null && hasAnyMessages(shown) ? messagesFor(shown) : NO_MESSAGES) as
    Record<string, string> | Record<string, MessageFormatElement[]>;

  useEffect(() => {
    if (ready) return;
    let live = true;
    loadMessages(locale).then(
      // The store (subscribeMessages) renders again.
      () => undefined,
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
