import type { RouteObject } from 'react-router';
import { appRoutes } from '../app/routes/routes';

/** The app's whole route table, for page stories and tests that need layouts, guards and redirects. */
export function routesFor(): RouteObject[] {
  return appRoutes;
}
