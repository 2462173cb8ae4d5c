import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import type { RuntimeConfig } from '@prospecta/api-client';
import { createModalStack, ModalStackProvider, type ModalStack } from '@prospecta/ui';
import { StartupError } from '../features/shell/StartupError';
import { AppRoutes } from './routes/routes';
import { takeEarlySession } from './start/handoff';
import { AppProviders } from './AppProviders';
import { ServerFeaturesContext, type ServerFeatures } from '../core/contexts';
import { createPreferences, type Preferences } from '../core/preferences';
import { createQueryClientLoader, type QueryClientLoader } from '../core/queryClientLoader';
import { createSessionController, type SessionController } from '../core/session/controller';
import { SessionProvider } from '../core/session/SessionProvider';
import { useSessionRuntime } from '../core/session/runtime';

// The toast region (sonner) loads on demand once a session is open: every toast comes from a signed-in screen, so
// the public pages never download it. Once mounted it stays (a toast outlives a sign-out).
const AppToaster = lazy(async () => ({
  default: (await import('../features/shell/AppToaster')).AppToaster,
}));

function SignedInToaster() {
  const { view } = useSessionRuntime();
  const [wanted, setWanted] = useState(false);
  if (!wanted && view.status === 'authenticated') setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** Everything that lives as long as the page: created once, outside React (StrictMode renders twice in development). */
export interface AppRuntime {
  preferences: Preferences;
  /** The query client, created when the signed-in area first needs it. */
  queries: QueryClientLoader;
  modalStack: ModalStack;
  controller: SessionController;
  /** What the server offers beyond the product (its runtime configuration). */
  features: ServerFeatures;
}

export function createAppRuntime(config: RuntimeConfig): AppRuntime {
  const preferences = createPreferences(window.localStorage, window);
  const modalStack = createModalStack();
  // Created with the first screen's data already asked for (app/start/prefetch.ts); `controller` exists by then.
  const queries = createQueryClientLoader(async () =>
    (await import('./start/prefetch')).createAppQueryClient(
      controller.clients,
      preferences,
      window.location.pathname,
    ),
  );
  const controller = createSessionController({
    config,
    storage: window.localStorage,
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
    events: window,
    clearQueryCache: () => queries.current()?.clear(),
    preferences,
    onCloseModals: () => modalStack.closeAll(),
    // The production build's early script may have checked the stored token already (app/start/early.ts).
    takeEarlySession: (token) => takeEarlySession(token),
  });
  const features: ServerFeatures = {
    caughtMails: config.mailCatcher && config.environment !== 'production',
  };
  return { preferences, queries, modalStack, controller, features };
}

export function App({ runtime }: { runtime: AppRuntime }) {
  const { preferences, queries, modalStack, controller, features } = runtime;
  return (
    <AppProviders preferences={preferences} queries={queries} apiClients={controller.clients}>
      <ServerFeaturesContext.Provider value={features}>
        <ModalStackProvider stack={modalStack}>
          <SessionProvider actor={controller.actor}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <SignedInToaster />
          </SessionProvider>
        </ModalStackProvider>
      </ServerFeaturesContext.Provider>
    </AppProviders>
  );
}

/** Shown when the runtime configuration cannot be loaded. */
export function StartupFailure({ error }: { error: Error }) {
  const [preferences] = useState(() => createPreferences(window.localStorage, window));
  return (
    <AppProviders preferences={preferences} queries={null} apiClients={null}>
      <StartupError error={error} />
    </AppProviders>
  );
}
