import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LocaleProvider, type Locale } from '../i18n';
import { ApiClientsContext, PreferencesContext } from './contexts';
import type { ApiClients } from './api';
import type { Preferences } from './preferences';

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
          <LocaleProvider locale={locale} browserLanguages={browserLanguages}>
            {children}
          </LocaleProvider>
        </ApiClientsContext.Provider>
      </QueryClientProvider>
    </PreferencesContext.Provider>
  );
}
