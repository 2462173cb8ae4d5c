import { describe, expect, it } from 'vitest';
import { matchPath, parseUserId, paths, pathTo, routePaths, withUserSegment } from './paths';

describe('withUserSegment', () => {
  it('rewrites the user segment and keeps the rest of the path', () => {
    expect(withUserSegment('/users/2/inbox', 7)).toBe('/users/7/inbox');
    expect(withUserSegment('/users/2/user/integrations', 7)).toBe('/users/7/user/integrations');
    expect(withUserSegment('/users/2', 7)).toBe('/users/7/dashboard');
  });
  it('lands on the campaigns list when leaving a campaign of another user', () => {
    expect(withUserSegment('/users/2/campaigns/14', 7)).toBe('/users/7/campaigns');
  });
  it('goes to the dashboard from paths outside the user area', () => {
    expect(withUserSegment('/', 7)).toBe('/users/7/dashboard');
    expect(withUserSegment('/ai-wizard/step/settings', 7)).toBe('/users/7/dashboard');
  });
});

describe('parseUserId', () => {
  it('accepts positive integers only', () => {
    expect(parseUserId('12')).toBe(12);
    expect(parseUserId('0')).toBeNull();
    expect(parseUserId('-1')).toBeNull();
    expect(parseUserId('1e3')).toBeNull();
    expect(parseUserId('abc')).toBeNull();
    expect(parseUserId(undefined)).toBeNull();
  });
});

describe('paths and the route paths they fill in', () => {
  it('builds each address from its route path', () => {
    expect(paths.dashboard(7)).toBe('/users/7/dashboard');
    expect(paths.inbox(7)).toBe('/users/7/inbox');
    expect(paths.campaigns(7)).toBe('/users/7/campaigns');
    expect(paths.campaign(7, 42)).toBe('/users/7/campaigns/42');
    expect(paths.user(7)).toBe('/users/7/user/profile');
    expect(paths.user(7, 'integrations')).toBe('/users/7/user/integrations');
    expect(paths.wizardStep('summary')).toBe('/ai-wizard/step/summary');
    expect(paths.wizardStep('settings', 12)).toBe('/ai-wizard/step/settings?draft=12');
    expect(pathTo(routePaths.campaign, { userId: 3, campaignId: 'x' })).toBe(
      '/users/3/campaigns/x',
    );
  });

  it('matches a pathname at a route path, with a trailing slash or nothing after it', () => {
    expect(matchPath(routePaths.campaign, '/users/7/campaigns/42')).toEqual({
      userId: '7',
      campaignId: '42',
    });
    expect(matchPath(routePaths.dashboard, '/users/7/dashboard/')).toEqual({ userId: '7' });
    expect(matchPath(routePaths.dashboard, '/users/7/dashboard/more')).toBeNull();
    expect(matchPath(routePaths.campaigns, '/users/7/campaigns/42')).toBeNull();
    expect(matchPath(routePaths.dashboard, '/users//dashboard')).toBeNull();
    expect(matchPath(routePaths.home, '/')).toEqual({});
  });

  it('matches below a path ending in /*, and gives what follows', () => {
    expect(matchPath(`${routePaths.user}/*`, '/users/7/inbox')).toEqual({
      userId: '7',
      '*': '/inbox',
    });
    expect(matchPath(`${routePaths.user}/*`, '/users/7')?.['*']).toBe('');
    expect(matchPath(`${routePaths.user}/*`, '/users/7x')).toEqual({ userId: '7x', '*': '' });
    expect(matchPath(`${routePaths.user}/*`, '/usersx/7')).toBeNull();
  });
});
