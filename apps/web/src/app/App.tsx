import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { StartupError } from '../features/shell';
import { appRoutes } from '../routes/routes';
import { AppProviders } from './AppProviders';
import type { RuntimeConfig } from './config';
import { createPreferences } from './preferences';

interface AppProps {
  config: RuntimeConfig | null;
  startupError?: Error;
}

export function App({ config, startupError }: AppProps) {
  const [preferences] = useState(() => createPreferences(window.localStorage, window));
  const [queryClient] = useState(() => new QueryClient());
  const [router] = useState(() => createBrowserRouter(appRoutes));
  if (!config) {
    return (
      <AppProviders preferences={preferences} queryClient={queryClient} apiClients={null}>
        <StartupError error={startupError ?? new Error('Missing runtime configuration')} />
      </AppProviders>
    );
  }
  return (
    <AppProviders preferences={preferences} queryClient={queryClient} apiClients={null}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
