import { useEffect, useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@prospecta/api-client';
import { createModalStack, ModalStackProvider } from '@prospecta/ui';
import { AppToaster, StartupError } from '../features/shell';
import { appRoutes } from '../routes/routes';
import { AppProviders } from './AppProviders';
import { createPreferences } from './preferences';
import { createSessionController } from './session/controller';
import { SessionProvider } from './session/SessionProvider';

interface AppProps {
  config: RuntimeConfig | null;
  startupError?: Error;
}

export function App({ config, startupError }: AppProps) {
  const [preferences] = useState(() => createPreferences(window.localStorage, window));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }));
  if (!config) {
    return (
      <AppProviders preferences={preferences} queryClient={queryClient} apiClients={null}>
        <StartupError error={startupError ?? new Error('Missing runtime configuration')} />
      </AppProviders>
    );
  }
  return <ConfiguredApp config={config} preferences={preferences} queryClient={queryClient} />;
}

function ConfiguredApp({
  config,
  preferences,
  queryClient,
}: {
  config: RuntimeConfig;
  preferences: ReturnType<typeof createPreferences>;
  queryClient: QueryClient;
}) {
  const [modalStack] = useState(() => createModalStack());
  const [controller] = useState(() =>
    createSessionController({
      onCloseModals: () => modalStack.closeAll(),
      config,
      storage: window.localStorage,
      locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
      events: window,
      queryClient,
      preferences,
    }),
  );
  const [router] = useState(() => createBrowserRouter(appRoutes));
  // The controller lives as long as the page; dispose only when the app is unmounted for good.
  useEffect(() => () => controller.dispose(), [controller]);
  return (
    <AppProviders preferences={preferences} queryClient={queryClient} apiClients={controller.clients}>
      <ModalStackProvider stack={modalStack}>
        <SessionProvider actor={controller.actor}>
          <RouterProvider router={router} />
          <AppToaster />
        </SessionProvider>
      </ModalStackProvider>
    </AppProviders>
  );
}
