import { useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { SessionContext, type SessionContextValue } from '../app/contexts';
import { createPreferences, storageKey } from '../app/preferences';
import { SessionRuntimeContext, type SessionRuntime, type SessionView } from '../app/session/runtime';
import type { SessionUser } from '../app/types';
import { isLocale, type Locale } from '../i18n';
import { createMemoryStorage } from './memory-storage';
import { customerUser } from './users';
import { createTestApiClients } from './api-clients';

/** Story parameters read by `withApp` (all optional). */
export interface AppStoryParameters {
  /** Memory-router entries and the route pattern the story renders at (so `useParams` works). */
  route?: { initialEntries?: string[]; path?: string };
  /** The signed-in user; `null` renders signed out. Default: the customer of the demo data. */
  user?: SessionUser | null;
  /** Overrides the session view (e.g. `{ status: 'refreshing', user }`). */
  sessionView?: SessionView;
  /** Initial preferences, by preference key without the `prospecta.` prefix (raw stored strings). */
  preferences?: Record<string, string>;
}

export interface TestAppOptions extends AppStoryParameters {
  locale?: Locale;
  children: ReactNode;
  onSignOut?: () => void;
  onSignIn?: SessionRuntime['signIn'];
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/**
 * Every provider a page needs, for stories and unit tests: memory router, IntlProvider, QueryClient (retry: false),
 * API clients on the same origin (so MSW handlers answer), preferences in memory, and the session of `user`.
 */
export function TestApp({ locale = 'en', route, user, sessionView, preferences, children, onSignOut, onSignIn }: TestAppOptions) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }));
  const [prefs] = useState(() =>
    createPreferences(
      createMemoryStorage(Object.fromEntries(Object.entries(preferences ?? {}).map(([key, value]) => [storageKey(key), value]))),
    ),
  );
  const [apiClients] = useState(() => createTestApiClients());
  const signedIn = user === undefined ? customerUser : user;
  const view: SessionView = sessionView ?? (signedIn ? { status: 'authenticated', user: signedIn } : { status: 'anonymous', reason: null });
  const runtime: SessionRuntime = {
    view,
    signIn: (result) => onSignIn?.(result),
    signOut: () => onSignOut?.(),
    retryProfile: () => undefined,
  };
  const sessionUser = view.status === 'authenticated' ? view.user : view.status === 'refreshing' ? view.user : null;
  const session: SessionContextValue | null = sessionUser
    ? { user: sessionUser, isStaff: sessionUser.is_staff, signOut: runtime.signOut }
    : null;

  return (
    <AppProviders preferences={prefs} queryClient={queryClient} apiClients={apiClients} locale={locale}>
      <SessionRuntimeContext.Provider value={runtime}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={route?.initialEntries ?? ['/']}>
            <Routes>
              <Route path={route?.path ?? '*'} element={children} />
              {route?.path ? <Route path="*" element={null} /> : null}
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </SessionContext.Provider>
      </SessionRuntimeContext.Provider>
    </AppProviders>
  );
}

/** Storybook decorator: `parameters.app` is an `AppStoryParameters`; the locale comes from the `locale` global. */
export const withApp: Decorator = (Story, context) => {
  const parameters = (context.parameters.app ?? {}) as AppStoryParameters;
  const global = context.globals.locale as unknown;
  const locale: Locale = isLocale(global) ? global : 'en';
  return (
    <TestApp key={`${context.id}-${locale}`} locale={locale} {...parameters}>
      <Story />
    </TestApp>
  );
};
