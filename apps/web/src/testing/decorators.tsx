import { useMemo, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Outlet, Route, Routes, useLocation, type RouteObject } from 'react-router';
import { ModalStackProvider } from '@prospecta/ui';
import { AppProviders } from '../app/AppProviders';
import { RuntimeEnvironmentContext, type RuntimeEnvironment } from '../core/runtimeEnvironment';
import {
  ServerFeaturesContext,
  SessionContext,
  type ServerFeatures,
  type SessionContextValue,
} from '../core/contexts';
import { createPreferences, storageKey } from '../core/preferences';
import type { QueryClientLoader } from '../core/queryClientLoader';
import { memoryFreshSignIn } from '../core/session/freshSignIn';
import { FreshSignInContext } from '../core/session/FreshSignInContext';
import {
  SessionRuntimeContext,
  type SessionRuntime,
  type SessionView,
} from '../core/session/runtime';
import type { SessionUser } from '../core/types';
import { isLocale, type Locale } from '../core/i18n';
import { createMemoryStorage } from './memory-storage';
import { customerUser } from './users';
import { createTestApiClients } from './api-clients';
import { AppToaster } from '../features/shell/AppToaster';
import { AppRoutes } from '../app/routes/routes';

/** A fixed browser and clock, so stories and their visual baselines do not change with the machine or the year. */
const TEST_ENVIRONMENT: RuntimeEnvironment = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  now: () => new Date('2026-11-20T09:30:00Z'),
};

const NO_SERVER_FEATURES: ServerFeatures = { caughtMails: false };

/** Story parameters read by `withApp` (all optional). */
export interface AppStoryParameters {
  /** Memory-router entries and the route pattern the story renders at (so `useParams` works). */
  route?: { initialEntries?: string[]; path?: string };
  /**
   * A whole route tree (e.g. the app's `appRoutes`) rendered in a memory router at `route.initialEntries`;
   * the story's own component is then not rendered. Layouts, guards and redirects behave as in the app, and the
   * toast region is mounted as in the app.
   */
  routes?: RouteObject[];
  /** The signed-in user; `null` renders signed out. Default: the customer of the fixture scenario. */
  user?: SessionUser | null;
  /** Overrides the initial session view (e.g. `{ status: 'refreshing', user }`). */
  sessionView?: SessionView;
  /** Initial preferences, by preference key without the `prospecta.` prefix (raw stored strings). */
  preferences?: Record<string, string>;
  /**
   * The app has just been signed in through the login form (what shows once after it, e.g. the unread answers).
   * Kept in memory per story: stories run side by side on one page and must not see each other's marker.
   */
  freshSignIn?: boolean;
  /** What the server offers beyond the product (default: nothing, as a production server). */
  serverFeatures?: ServerFeatures;
}

export interface TestAppOptions extends AppStoryParameters {
  locale?: Locale;
  children?: ReactNode;
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

/** The app's root layout in tests: the routes plus a probe of the current location. */
function withProbe(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <>
          <LocationProbe />
          <Outlet />
        </>
      ),
      children: routes,
    },
  ];
}

/**
 * Every provider a page needs, for stories and unit tests: memory router, IntlProvider, QueryClient (retry: false; for
 * a route tree, the signed-in layout provides it as in the app),
 * API clients on the same origin (so MSW handlers answer), preferences in memory, and a session that signs in
 * and out like the real one (without the network).
 */
export function TestApp({
  locale = 'en',
  route,
  routes,
  user,
  sessionView,
  preferences,
  freshSignIn = false,
  serverFeatures = NO_SERVER_FEATURES,
  children,
  onSignOut,
  onSignIn,
}: TestAppOptions) {
  const [fresh] = useState(() => memoryFreshSignIn(freshSignIn));
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      }),
  );
  const [prefs] = useState(() =>
    createPreferences(
      createMemoryStorage(
        Object.fromEntries(
          Object.entries(preferences ?? {}).map(([key, value]) => [storageKey(key), value]),
        ),
      ),
    ),
  );
  // The client exists already: the signed-in layout finds it without waiting.
  const [queries] = useState<QueryClientLoader>(() => {
    const loaded = Promise.resolve(queryClient);
    return { current: () => queryClient, load: () => loaded };
  });
  const [apiClients] = useState(() => createTestApiClients());
  const [view, setView] = useState<SessionView>(() => {
    if (sessionView) return sessionView;
    const signedIn = user === undefined ? customerUser : user;
    return signedIn
      ? { status: 'authenticated', user: signedIn }
      : { status: 'anonymous', reason: null };
  });
  const runtime = useMemo<SessionRuntime>(
    () => ({
      view,
      signIn: (result) => {
        setView({ status: 'authenticated', user: result.user });
        onSignIn?.(result);
      },
      signOut: () => {
        setView({ status: 'anonymous', reason: 'signedOut' });
        queryClient.clear();
        prefs.remove('selectedUser');
        onSignOut?.();
      },
      retryProfile: () => undefined,
    }),
    [view, onSignIn, onSignOut, queryClient, prefs],
  );
  const sessionUser =
    view.status === 'authenticated' ? view.user : view.status === 'refreshing' ? view.user : null;
  const session = useMemo<SessionContextValue | null>(
    () =>
      sessionUser
        ? { user: sessionUser, isStaff: sessionUser.is_staff, signOut: runtime.signOut }
        : null,
    [sessionUser, runtime.signOut],
  );
  const initialEntries = route?.initialEntries ?? ['/'];
  const [probedRoutes] = useState(() => (routes ? withProbe(routes) : null));

  return (
    <AppProviders preferences={prefs} queries={queries} apiClients={apiClients} locale={locale}>
      <RuntimeEnvironmentContext.Provider value={TEST_ENVIRONMENT}>
        <ServerFeaturesContext.Provider value={serverFeatures}>
          <ModalStackProvider>
            <FreshSignInContext.Provider value={fresh}>
              <SessionRuntimeContext.Provider value={runtime}>
                <SessionContext.Provider value={session}>
                  {probedRoutes ? (
                    <>
                      <MemoryRouter initialEntries={initialEntries}>
                        <AppRoutes routes={probedRoutes} />
                      </MemoryRouter>
                      <AppToaster />
                    </>
                  ) : (
                    // A component alone: the query client the signed-in layout provides in the app.
                    <QueryClientProvider client={queryClient}>
                      <MemoryRouter initialEntries={initialEntries}>
                        <Routes>
                          <Route path={route?.path ?? '*'} element={children} />
                          {route?.path ? <Route path="*" element={null} /> : null}
                        </Routes>
                        <LocationProbe />
                      </MemoryRouter>
                    </QueryClientProvider>
                  )}
                </SessionContext.Provider>
              </SessionRuntimeContext.Provider>
            </FreshSignInContext.Provider>
          </ModalStackProvider>
        </ServerFeaturesContext.Provider>
      </RuntimeEnvironmentContext.Provider>
    </AppProviders>
  );
}

/** Storybook decorator: `parameters.app` is an `AppStoryParameters`; the locale comes from the `locale` global. */
/** The app's toaster beside the story, for stories whose screen confirms or reports with a toast. */
export const withToaster: Decorator = (Story) => (
  <>
    <Story />
    <AppToaster />
  </>
);

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
