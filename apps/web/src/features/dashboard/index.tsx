import { lazy, Suspense, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardQueryOptions } from '@prospecta/api-client';
import { useApiClients, useViewedUserId } from '../../core/hooks';
import { DashboardPageFallback } from './DashboardPageFallback';
import { useUserPageTitle } from '../../core/documentTitle';
import { pageNameMessages } from '../../core/messages';

/** The dashboard's code (board, list, prospect modal) loads on first visit, not with the login route. */
const loadDashboardPage = () => import('./DashboardPage');
const LazyDashboardPage = lazy(() => loadDashboardPage().then((module) => ({ default: module.DashboardPage })));

/** Starts downloading the page's code before it renders (the router calls it when it loads the route). */
export function preloadDashboardPage(): void {
  void loadDashboardPage().catch(() => undefined);
}

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
