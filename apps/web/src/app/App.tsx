import { lazy, Suspense, useState } from 'react';
import { QueryClient, type QueryClient as QueryClientType } from '@tanstack/react-query';
import { createQueryClient } from '../core/queryClient';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@prospecta/api-client';
import { createModalStack, ModalStackProvider, type ModalStack } from '@prospecta/ui';
import { StartupError } from '../features/shell/StartupError';
import { appRoutes } from './routes/routes';
import { takeEarlySession } from './routes/early';
import { AppProviders } from './AppProviders';
import { createPreferences, type Preferences } from '../core/preferences';
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
  queryClient: QueryClientType;
  modalStack: ModalStack;
  controller: SessionController;
  router: ReturnType<typeof createBrowserRouter>;
}

export function createAppRuntime(config: RuntimeConfig): AppRuntime {
  const preferences = createPreferences(window.localStorage, window);
  const queryClient = createQueryClient();
  const modalStack = createModalStack();
  const controller = createSessionController({
    config,
    storage: window.localStorage,
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
    events: window,
    queryClient,
    preferences,
    onCloseModals: () => modalStack.closeAll(),
    // The production build's early script may have checked the stored token already (app/routes/early.ts).
    takeEarlySession: (token) => takeEarlySession(token),
  });
  const router = createBrowserRouter(appRoutes);
  return { preferences, queryClient, modalStack, controller, router };
}

export function App({ runtime }: { runtime: AppRuntime }) {
  const { preferences, queryClient, modalStack, controller, router } = runtime;
  return (
    <AppProviders
      preferences={preferences}
      queryClient={queryClient}
      apiClients={controller.clients}
    >
      <ModalStackProvider stack={modalStack}>
        <SessionProvider actor={controller.actor}>
          <RouterProvider router={router} />
          <SignedInToaster />
        </SessionProvider>
      </ModalStackProvider>
    </AppProviders>
  );
}

/** Shown when the runtime configuration cannot be loaded. */
export function StartupFailure({ error }: { error: Error }) {
  const [preferences] = useState(() => createPreferences(window.localStorage, window));
  const [queryClient] = useState(() => new QueryClient());
  return (
    <AppProviders preferences={preferences} queryClient={queryClient} apiClients={null}>
      <StartupError error={error} />
    </AppProviders>
  );
}
