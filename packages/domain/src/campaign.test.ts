import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignStep } from './contract';
import {
  campaignRows,
  DEFAULT_CAMPAIGN_SORT,
  funnelOf,
  isUnnamedStep,
  matchesCampaignSearch,
  orderedSteps,
  rate,
  sortCampaigns,
  stepRates,
} from './campaign';

/** Small local builders: the domain package sits below api-client, so it does not use its fixtures. */
const step = (n: number): CampaignStep => ({
  id: 400 + n,
  name: `Step ${n}`,
  position: n,
  workflow_step_type: 'email',
  contacted: 100,
  contacts_opened: 60,
  contacts_clicked: 15,
  contacts_answered: 5,
});

describe('rate (§9: two decimals)', () => {
  it('rounds to two decimals', () => {
    expect(rate(1, 3)).toBe(33.33);
    expect(rate(2, 3)).toBe(66.67);
    expect(rate(1, 8)).toBe(12.5);
    expect(rate(5, 5)).toBe(100);
  });

  it('is 0 when the divisor is 0, missing or not finite (never NaN or Infinity)', () => {
    expect(rate(3, 0)).toBe(0);
    expect(rate(0, 0)).toBe(0);
    expect(rate(3, null)).toBe(0);
    expect(rate(undefined, 4)).toBe(0);
    expect(rate(3, Number.NaN)).toBe(0);
    expect(rate(3, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('stepRates', () => {
  const counts = {
    contacted: 200,
    contacts_opened: 80,
    contacts_clicked: 20,
    contacts_answered: 10,
  };

  it('opened/contacted, clicked/opened, answered/opened for an e-mail step', () => {
    expect(stepRates({ ...counts, workflow_step_type: 'email' })).toEqual({
      opened: 40,
      clicked: 25,
      answered: 12.5,
    });
  });

  it('answered/contacted for a linkedin_message step', () => {
    expect(stepRates({ ...counts, workflow_step_type: 'linkedin_message' })).toEqual({
      opened: 40,
      clicked: 25,
      answered: 5,
    });
  });

  it('a LinkedIn invitation answers over its openings like an e-mail', () => {
    expect(stepRates({ ...counts, workflow_step_type: 'linkedin_invitation' }).answered).toBe(12.5);
  });

  it('a step nobody opened has 0 for clicks and answers, not a division by zero', () => {
    expect(
      stepRates({
        workflow_step_type: 'email',
        contacted: 50,
        contacts_opened: 0,
        contacts_clicked: 0,
        contacts_answered: 3,
      }),
    ).toEqual({
      opened: 0,
      clicked: 0,
      answered: 0,
    });
    expect(
      stepRates({
        workflow_step_type: 'linkedin_message',
        contacted: 0,
        contacts_opened: 0,
        contacts_clicked: 0,
        contacts_answered: 0,
      }).answered,
    ).toBe(0);
  });
});

describe('steps', () => {
  it("recognises the unnamed LinkedIn invitation step ('n/a')", () => {
    expect(isUnnamedStep({ name: 'n/a' })).toBe(true);
    expect(isUnnamedStep({ name: ' N/A ' })).toBe(true);
    expect(isUnnamedStep({ name: 'Premier e-mail' })).toBe(false);
  });

  it('orders the steps by position', () => {
    const steps = [step(3), step(1), step(2)];
    expect(orderedSteps(steps).map((s) => s.position)).toEqual([1, 2, 3]);
    expect(steps.map((s) => s.position)).toEqual([3, 1, 2]);
  });

  it('builds the funnel contacted → opened → clicked → answered with shares of the contacted', () => {
    expect(
      funnelOf({
        contacted: 200,
        contacts_opened: 80,
        contacts_clicked: 20,
        contacts_answered: 10,
      }),
    ).toEqual([
      { stage: 'contacted', count: 200, share: 100 },
      { stage: 'opened', count: 80, share: 40 },
      { stage: 'clicked', count: 20, share: 10 },
      { stage: 'answered', count: 10, share: 5 },
    ]);
    expect(
      funnelOf({ contacted: 0, contacts_opened: 0, contacts_clicked: 0, contacts_answered: 0 }).map(
        (p) => p.share,
      ),
    ).toEqual([0, 0, 0, 0]);
  });
});

const campaign = (
  id: number,
  name: string,
  isActive: boolean,
  owner = { full_name: 'Élodie Lefèvre', company_name: 'Boulangerie Lefèvre & Fils' },
): Campaign => ({
  id,
  name,
  status: isActive ? 'running' : 'finished',
  is_active: isActive,
  user: { id: 2, ...owner },
  last_update_at: null,
  prospects_count: 0,
  audience: 0,
  contacted: 0,
  contacts_opened: 0,
  contacts_clicked: 0,
  contacts_answered: 0,
  unknown_sends: null,
  steps: [],
});

describe('sortCampaigns', () => {
  const list = [
    campaign(1, 'zèbre', false),
    campaign(2, 'Alpha', true),
    campaign(3, 'éclair', true),
    campaign(4, 'Bravo', false),
  ];
  const names = (rows: Campaign[]) => rows.map((c) => c.name);

  it('defaults to name ascending, by the locale (accents and case do not push a name to the end)', () => {
    expect(DEFAULT_CAMPAIGN_SORT).toEqual({ key: 'name', direction: 'asc' });
    expect(names(sortCampaigns(list, DEFAULT_CAMPAIGN_SORT, 'fr'))).toEqual([
      'Alpha',
      'Bravo',
      'éclair',
      'zèbre',
    ]);
    expect(names(sortCampaigns(list, { key: 'name', direction: 'desc' }, 'en'))).toEqual([
      'zèbre',
      'éclair',
      'Bravo',
      'Alpha',
    ]);
  });

  it('sorts by active: active first ascending, inactive first descending, by name within each', () => {
    expect(names(sortCampaigns(list, { key: 'active', direction: 'asc' }, 'fr'))).toEqual([
      'Alpha',
      'éclair',
      'Bravo',
      'zèbre',
    ]);
    expect(names(sortCampaigns(list, { key: 'active', direction: 'desc' }, 'fr'))).toEqual([
      'Bravo',
      'zèbre',
      'Alpha',
      'éclair',
    ]);
  });

  it('does not change its input', () => {
    const copy = [...list];
    sortCampaigns(list, DEFAULT_CAMPAIGN_SORT, 'fr');
    expect(list).toEqual(copy);
  });
});

describe('matchesCampaignSearch', () => {
  const c = campaign(1, 'Relance grands comptes — printemps', true);

  it('finds a campaign by words of its name, ignoring case and accents', () => {
    expect(matchesCampaignSearch(c, 'relance', { includeOwner: false })).toBe(true);
    expect(matchesCampaignSearch(c, 'PRINTEMPS grands', { includeOwner: false })).toBe(true);
    expect(
      matchesCampaignSearch(campaign(2, 'Salon Été', true), 'ete', { includeOwner: false }),
    ).toBe(true);
    expect(matchesCampaignSearch(c, 'automne', { includeOwner: false })).toBe(false);
  });

  it('a blank query matches every campaign', () => {
    expect(matchesCampaignSearch(c, '   ', { includeOwner: false })).toBe(true);
  });

  it("finds it by the owner's name or company only for staff", () => {
    expect(matchesCampaignSearch(c, 'elodie', { includeOwner: true })).toBe(true);
    expect(matchesCampaignSearch(c, 'boulangerie', { includeOwner: true })).toBe(true);
    expect(matchesCampaignSearch(c, 'elodie', { includeOwner: false })).toBe(false);
    expect(matchesCampaignSearch(c, 'boulangerie', { includeOwner: false })).toBe(false);
  });

  it('campaignRows searches then sorts', () => {
    const list = [
      campaign(1, 'Beta relance', true),
      campaign(2, 'Alpha relance', false),
      campaign(3, 'Gamma', true),
    ];
    expect(
      campaignRows(list, {
        query: 'relance',
        sort: DEFAULT_CAMPAIGN_SORT,
        locale: 'en',
        includeOwner: false,
      }).map((r) => r.id),
    ).toEqual([2, 1]);
  });
});
