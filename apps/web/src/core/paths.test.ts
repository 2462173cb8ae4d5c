import { describe, expect, it } from 'vitest';
import { parseUserId, withUserSegment } from './paths';

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
