import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LocaleProvider, type Locale } from '../core/i18n';
import { ApiClientsContext, PreferencesContext } from '../core/contexts';
import { usePreference } from '../core/hooks';
import type { ApiClients } from '../core/api';
import type { Preferences } from '../core/preferences';

interface AppProvidersProps {
  preferences: Preferences;
  queryClient: QueryClient;
  apiClients: ApiClients | null;
  locale?: Locale;
  browserLanguages?: readonly string[];
  children: ReactNode;
}

/** The providers every screen needs: preferences, query cache, API clients, language. */
export function AppProviders({
  preferences,
  queryClient,
  apiClients,
  locale,
  browserLanguages,
  children,
}: AppProvidersProps) {
  return (
    <PreferencesContext.Provider value={preferences}>
      <QueryClientProvider client={queryClient}>
        <ApiClientsContext.Provider value={apiClients}>
          <PreferredLocale locale={locale} browserLanguages={browserLanguages}>
            {children}
          </PreferredLocale>
        </ApiClientsContext.Provider>
      </QueryClientProvider>
    </PreferencesContext.Provider>
  );
}

/** The language: the one a story forces, else the stored choice (kept when the user picks another). */
function PreferredLocale({
  locale: forced,
  browserLanguages,
  children,
}: Pick<AppProvidersProps, 'locale' | 'browserLanguages' | 'children'>) {
  const [stored, setStored] = usePreference('locale');
  return (
    <LocaleProvider locale={forced ?? stored} onLocaleChange={setStored} browserLanguages={browserLanguages}>
      {children}
    </LocaleProvider>
  );
}
