import type { RouteObject } from 'react-router';
import { DashboardPage } from '../features/dashboard';
import { NotFoundPage } from '../features/not-found';
import { paths } from './paths';

/** The route table of §2 and §6. */
export const appRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'users/:userId/dashboard', element: <DashboardPage /> },
  { path: paths.notFound, element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
];
