import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pathTo, routePaths } from '../../core/paths';
import { appRoutes } from './routes';

function tablePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path === undefined ? [] : [route.path]),
    ...tablePaths(route.children ?? []),
  ]);
}

const sample = { userId: 7, campaignId: 42, step: 'settings' };

describe('the route table, written once (core/paths.ts)', () => {
  it('takes every path from core/paths, but the catch-all', () => {
    const known: readonly string[] = Object.values(routePaths);
    expect(tablePaths(appRoutes).filter((path) => path !== '*' && !known.includes(path))).toEqual(
      [],
    );
  });

  it('reaches a route of its own for every address of core/paths', () => {
    for (const path of Object.values(routePaths)) {
      const address = pathTo(path, sample as never);
      const matched = matchRoutes(appRoutes, address)?.map(({ route }) => route) ?? [];
      const deepest = matched.at(-1);
      expect(deepest, address).toBeDefined();
      expect(deepest?.path ?? (deepest?.index ? 'index' : undefined), address).not.toBe('*');
      if (deepest?.path !== undefined) expect(deepest.path, address).toBe(path);
    }
  });
});
