import type { ReactNode } from 'react';
import { LocaleProvider, type Locale } from '../core/i18n';
import { ApiClientsContext, PreferencesContext, QueryClientLoaderContext } from '../core/contexts';
import { usePreference } from '../core/hooks';
import type { ApiClients } from '../core/api';
import type { Preferences } from '../core/preferences';
import type { QueryClientLoader } from '../core/queryClientLoader';

interface AppProvidersProps {
  preferences: Preferences;
  /** The query client's loader; the signed-in area provides the client itself (app/AuthenticatedLayout.tsx). */
  queries: QueryClientLoader | null;
  apiClients: ApiClients | null;
  locale?: Locale;
  browserLanguages?: readonly string[];
  children: ReactNode;
}

/** The providers every screen needs: preferences, the query client's loader, API clients, language. */
export function AppProviders({
  preferences,
  queries,
  apiClients,
  locale,
  browserLanguages,
  children,
}: AppProvidersProps) {
  return (
    <PreferencesContext.Provider value={preferences}>
      <QueryClientLoaderContext.Provider value={queries}>
        <ApiClientsContext.Provider value={apiClients}>
          <PreferredLocale locale={locale} browserLanguages={browserLanguages}>
            {children}
          </PreferredLocale>
        </ApiClientsContext.Provider>
      </QueryClientLoaderContext.Provider>
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
    <LocaleProvider
      locale={forced ?? stored}
      onLocaleChange={setStored}
      browserLanguages={browserLanguages}
    >
      {children}
    </LocaleProvider>
  );
}
