import { lazy, Suspense } from 'react';
import { DashboardPageFallback } from './DashboardPageFallback';

/** The dashboard's code (board, list, prospect modal) loads on first visit, not with the login route. */
const LazyDashboardPage = lazy(() => import('./DashboardPage').then((module) => ({ default: module.DashboardPage })));

export function DashboardPage() {
  return (
    <Suspense fallback={<DashboardPageFallback />}>
      <LazyDashboardPage />
    </Suspense>
  );
}
