import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { usePreference } from '../app/hooks';
import { messagesFor } from './bundle';
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
  /** Forces the locale (stories); otherwise the stored preference, else the browser language, else fr. */
  locale?: Locale;
  browserLanguages?: readonly string[];
}

export function LocaleProvider({
  children,
  locale: forced,
  browserLanguages,
}: LocaleProviderProps) {
  const [stored, setStored] = usePreference('locale');
  const locale: Locale =
    forced ??
    stored ??
    detectBrowserLocale(
      browserLanguages ?? (typeof navigator === 'undefined' ? [] : navigator.languages),
    );
  const messages = useMemo(() => messagesFor(locale), [locale]);
  const value = useMemo<LocaleContextValue>(
    () => ({ locale, setLocale: (next) => setStored(next) }),
    [locale, setStored],
  );

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
