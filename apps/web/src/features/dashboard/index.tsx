import { lazy, Suspense, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardQueryOptions } from '@prospecta/api-client';
import { useApiClients, useViewedUserId } from '../../core/hooks';
import { DashboardPageFallback } from './DashboardPageFallback';
import { useUserPageTitle } from '../../core/documentTitle';
import { pageNameMessages } from '../../core/messages';

/** The dashboard's code (board, list, prospect modal) loads on first visit, not with the login route. */
// (The router asks for the page's code together with this entry: app/routes/routes.tsx.)
const LazyDashboardPage = lazy(() => import('./DashboardPage').then((module) => ({ default: module.DashboardPage })));

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
