import { Suspense, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardQueryOptions } from '@prospecta/api-client';
import { useApiClients, useViewedUserId } from '../../core/hooks';
import { DashboardPageFallback } from './DashboardPageFallback';
import { useUserPageTitle } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';
import { lazyPage } from '../../core/lazyPage';

/**
 * The dashboard's code (board, list, prospect modal) loads on first visit, not with the login route. The router asks
 * for it together with this entry and waits for `preloadDashboardPage` (app/routes/routes.tsx), so the page renders
 * without a fallback.
 */
const { Page: LazyDashboardPage, preload: preloadDashboardPage } = lazyPage(() =>
  import('./DashboardPage').then((module) => module.DashboardPage),
);
export { preloadDashboardPage };

export function DashboardPage() {
  useUserPageTitle(pageNameMessages.dashboard);
  const clients = useApiClients();
  const userId = useViewedUserId();
  const queryClient = useQueryClient();
  // The prospects start loading while the page's code does, instead of after it. Started while rendering
  // (not in an effect, which waits for the suspended chunk when the route renders in a transition);
  // prefetchQuery is idempotent: a fetch in flight or fresh data is reused.
  useMemo(() => {
    void queryClient.prefetchQuery(dashboardQueryOptions(clients, userId));
  }, [queryClient, clients, userId]);
  return (
    <Suspense fallback={<DashboardPageFallback />}>
      <LazyDashboardPage />
    </Suspense>
  );
}
