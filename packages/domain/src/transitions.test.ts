import { describe, expect, it } from 'vitest';
import type { CampaignCategory, DashboardColumn, ProspectStatus, UserAction } from './index';
import {
  ACTION_TARGET,
  CAMPAIGN_CATEGORIES,
  DASHBOARD_COLUMNS,
  PROSPECT_STATUSES,
  USER_ACTIONS,
  USER_SETTABLE_STATUSES,
  availableActions,
  canTransition,
  canUserSet,
  dashboardColumn,
  displayCategory,
  isNurtureAllCandidate,
} from './index';

/**
 * The whole transition table, written out by hand: rows are FROM, columns are TO in
 * the order pending, ongoing, to_call, converted, lost, nurture, nurtured.
 * Y = allowed, . = refused. Any change to rules.ts must change this table too.
 */
const TABLE: Record<ProspectStatus, string> = {
  //          p o t c l n d
  pending: '. . . Y Y Y .',
  ongoing: '. . . Y Y Y .',
  to_call: '. . . Y Y Y .',
  converted: '. . . . Y . .',
  lost: '. . . Y . Y .',
  nurture: '. . . Y Y . Y',
  nurtured: '. . . Y Y Y .',
};
const COLUMNS: ProspectStatus[] = [
  'pending',
  'ongoing',
  'to_call',
  'converted',
  'lost',
  'nurture',
  'nurtured',
];

const pairs = PROSPECT_STATUSES.flatMap((from) =>
  PROSPECT_STATUSES.map((to) => {
    const row = TABLE[from].split(' ');
    return [from, to, row[COLUMNS.indexOf(to)] === 'Y'] as const;
  }),
);

describe('rules: constants', () => {
  it('lists the seven statuses, three actions and their targets', () => {
    expect(PROSPECT_STATUSES).toEqual(COLUMNS);
    expect(USER_ACTIONS).toEqual(['convert', 'lose', 'nurture']);
    expect(ACTION_TARGET).toEqual({ convert: 'converted', lose: 'lost', nurture: 'nurture' });
    expect(USER_SETTABLE_STATUSES).toEqual(['converted', 'lost', 'nurture']);
    expect(CAMPAIGN_CATEGORIES).toEqual([
      'ongoing',
      'to_call',
      'answerers',
      'lost',
      'converted',
      'nurture',
    ]);
    expect(DASHBOARD_COLUMNS).toEqual(['ongoing', 'to_call', 'to_nurture', 'new_opportunity']);
  });

  it('the table covers 49 pairs', () => {
    expect(pairs).toHaveLength(49);
    for (const from of PROSPECT_STATUSES) expect(TABLE[from].split(' ')).toHaveLength(7);
  });
});

describe('rules: canTransition (every from/to pair)', () => {
  it.each(pairs)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });
});

describe('rules: canUserSet (every from/to pair)', () => {
  it.each(pairs)('%s → %s by a user', (from, to, allowed) => {
    const userSettable = to === 'converted' || to === 'lost' || to === 'nurture';
    expect(canUserSet(from, to)).toBe(allowed && userSettable);
  });

  it('a user can never set pending, ongoing, to_call or nurtured', () => {
    for (const from of PROSPECT_STATUSES) {
      for (const to of ['pending', 'ongoing', 'to_call', 'nurtured'] as const) {
        expect(canUserSet(from, to)).toBe(false);
      }
    }
  });

  it('nurtured is reachable only from nurture (the clean-nurture-column batch)', () => {
    expect(PROSPECT_STATUSES.filter((from) => canTransition(from, 'nurtured'))).toEqual([
      'nurture',
    ]);
  });
});

describe('rules: availableActions', () => {
  const EXPECTED: Record<ProspectStatus, UserAction[]> = {
    pending: ['convert', 'lose', 'nurture'],
    ongoing: ['convert', 'lose', 'nurture'],
    to_call: ['convert', 'lose', 'nurture'],
    converted: ['lose'],
    lost: ['convert', 'nurture'],
    nurture: ['convert', 'lose'],
    nurtured: ['convert', 'lose', 'nurture'],
  };
  it.each(PROSPECT_STATUSES)('%s', (status) => {
    expect(availableActions(status)).toEqual(EXPECTED[status]);
  });
});

describe('rules: displayCategory (§4: lost, converted, nurture win; then answerers; else to_call or ongoing)', () => {
  const EXPECTED: Record<
    ProspectStatus,
    [withoutResponses: CampaignCategory | null, withResponses: CampaignCategory | null]
  > = {
    pending: ['ongoing', 'answerers'],
    ongoing: ['ongoing', 'answerers'],
    to_call: ['to_call', 'answerers'],
    converted: ['converted', 'converted'],
    lost: ['lost', 'lost'],
    nurture: ['nurture', 'nurture'],
    nurtured: [null, null],
  };
  it.each(PROSPECT_STATUSES)('%s', (status) => {
    expect(displayCategory({ prospecting_status: status, has_responses: false })).toBe(
      EXPECTED[status][0],
    );
    expect(displayCategory({ prospecting_status: status, has_responses: true })).toBe(
      EXPECTED[status][1],
    );
  });
});

describe('rules: dashboardColumn', () => {
  const EXPECTED: Record<ProspectStatus, DashboardColumn | null> = {
    pending: 'ongoing',
    ongoing: 'ongoing',
    to_call: 'to_call',
    converted: 'new_opportunity',
    lost: null,
    nurture: 'to_nurture',
    nurtured: null,
  };
  it.each(PROSPECT_STATUSES)('%s', (status) => {
    expect(dashboardColumn({ prospecting_status: status })).toBe(EXPECTED[status]);
  });
});

describe('rules: isNurtureAllCandidate (every status × has_responses × campaign_is_active)', () => {
  const cases = PROSPECT_STATUSES.flatMap((status) =>
    [false, true].flatMap((has_responses) =>
      [false, true].map(
        (campaign_is_active) => [status, has_responses, campaign_is_active] as const,
      ),
    ),
  );
  it.each(cases)(
    '%s, responses %s, campaign active %s',
    (status, has_responses, campaign_is_active) => {
      const expected =
        (status === 'ongoing' || status === 'to_call') && !has_responses && !campaign_is_active;
      expect(
        isNurtureAllCandidate({ prospecting_status: status, has_responses, campaign_is_active }),
      ).toBe(expected);
    },
  );
});
