import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CAMPAIGN_CATEGORIES, displayCategory, PROSPECT_STATUSES } from '@prospecta/domain';
import type { ProspectStatus } from '@prospecta/domain';
import {
  DEFAULT_SORT,
  SORT_FIELDS,
  buildBoard,
  collationRanks,
  createBoardSelector,
  groupByColumn,
  matchesSearch,
  sortProspects,
} from './boardModel';
import type { BoardProspect, BoardSort } from './boardModel';

let nextId = 1;
function prospect(overrides: Partial<BoardProspect> = {}): BoardProspect {
  return {
    id: nextId++,
    first_name: 'Jean',
    last_name: 'Dupont',
    position: 'Directeur commercial',
    score: 50,
    prospecting_status: 'ongoing',
    company_name: 'Acme SA',
    ...overrides,
  };
}

const names = (list: readonly BoardProspect[]) => list.map((p) => p.first_name);

describe('groupByColumn', () => {
  it('puts every status in its dashboard column, in the order ongoing, to_call, to_nurture, new_opportunity', () => {
    const byStatus = (s: ProspectStatus) => prospect({ prospecting_status: s, first_name: s });
    const columns = groupByColumn(PROSPECT_STATUSES.map(byStatus));
    expect(columns.map((c) => [c.id, names(c.prospects), c.count])).toEqual([
      ['ongoing', ['pending', 'ongoing'], 2],
      ['to_call', ['to_call'], 1],
      ['to_nurture', ['nurture'], 1],
      ['new_opportunity', ['converted'], 1],
    ]);
  });

  it('leaves lost and nurtured prospects off the board', () => {
    const columns = groupByColumn([
      prospect({ prospecting_status: 'lost' }),
      prospect({ prospecting_status: 'nurtured' }),
    ]);
    expect(columns.every((c) => c.count === 0)).toBe(true);
  });

  it('keeps the input order inside a column', () => {
    const list = [
      prospect({ first_name: 'Zoé' }),
      prospect({ first_name: 'Anne' }),
      prospect({ first_name: 'Marc' }),
    ];
    expect(names(groupByColumn(list)[0]?.prospects ?? [])).toEqual(['Zoé', 'Anne', 'Marc']);
  });
});

describe('matchesSearch', () => {
  const p = prospect({
    first_name: 'Hélène',
    last_name: 'Martin-Lefèvre',
    company_name: 'Boulangerie Dupain',
    position: 'Head of Sales',
  });

  it.each([
    ['HÉLÈNE', true],
    ['hél', true],
    ['lefèvre', true],
    ['DUPAIN', true],
    ['head of', true],
    ['sales hélène', true],
    ['', true],
    ['   ', true],
    ['helene', false],
    ['dupont', false],
  ])('query %j matches: %s', (query, expected) => {
    expect(matchesSearch(p, query)).toBe(expected);
  });

  it('does not search other fields such as the e-mail or the status', () => {
    const withMail = { ...p, email: 'zorro@example.com' } as BoardProspect;
    expect(matchesSearch(withMail, 'zorro')).toBe(false);
    expect(matchesSearch(p, 'ongoing')).toBe(false);
  });

  it('does not match a word across two fields', () => {
    // "Lefèvre" ends the last name and "Boulangerie" starts the company: "lefèvreboul" must not match.
    expect(matchesSearch(p, 'lefèvreboul')).toBe(false);
  });

  it('copes with missing fields', () => {
    const sparse = prospect({
      first_name: null,
      last_name: null,
      position: null,
      company_name: null,
    });
    expect(matchesSearch(sparse, '')).toBe(true);
    expect(matchesSearch(sparse, 'a')).toBe(false);
  });
});

describe('sortProspects', () => {
  it('defaults to first name ascending', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'first_name', direction: 'asc' });
  });

  it('sorts names by the locale, not by code points (accents and case)', () => {
    const list = ['Zoé', 'Émile', 'eric', 'Anne', 'élodie'].map((first_name) =>
      prospect({ first_name }),
    );
    expect(names(sortProspects(list, DEFAULT_SORT, 'fr'))).toEqual([
      'Anne',
      'élodie',
      'Émile',
      'eric',
      'Zoé',
    ]);
  });

  it('sorts the score numerically, missing scores last in both directions', () => {
    const list = [9, 10, null, 100, 2].map((score) =>
      prospect({ score, first_name: String(score) }),
    );
    expect(names(sortProspects(list, { field: 'score', direction: 'asc' }, 'en'))).toEqual([
      '2',
      '9',
      '10',
      '100',
      'null',
    ]);
    expect(names(sortProspects(list, { field: 'score', direction: 'desc' }, 'en'))).toEqual([
      '100',
      '10',
      '9',
      '2',
      'null',
    ]);
  });

  it('sorts by company name, position, last name and status', () => {
    const a = prospect({
      first_name: 'a',
      last_name: 'Bernard',
      company_name: 'zeta',
      position: 'CEO',
      prospecting_status: 'to_call',
    });
    const b = prospect({
      first_name: 'b',
      last_name: 'André',
      company_name: 'Alpha',
      position: 'cto',
      prospecting_status: 'converted',
    });
    expect(names(sortProspects([a, b], { field: 'company', direction: 'asc' }, 'fr'))).toEqual([
      'b',
      'a',
    ]);
    expect(names(sortProspects([b, a], { field: 'position', direction: 'asc' }, 'fr'))).toEqual([
      'a',
      'b',
    ]);
    expect(names(sortProspects([a, b], { field: 'last_name', direction: 'asc' }, 'fr'))).toEqual([
      'b',
      'a',
    ]);
    expect(names(sortProspects([a, b], { field: 'status', direction: 'asc' }, 'fr'))).toEqual([
      'b',
      'a',
    ]);
    expect(names(sortProspects([b, a], { field: 'status', direction: 'desc' }, 'fr'))).toEqual([
      'a',
      'b',
    ]);
  });

  it('orders as comparing every pair with the collator would (ties by last name, then id)', () => {
    const words = fc.constantFrom(
      '',
      'a',
      'A',
      'à',
      'b',
      'É',
      'e',
      'é',
      'z2',
      'z10',
      'Z02',
      'Ölaf',
      'olaf',
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(words, words), { maxLength: 30 }),
        fc.constantFrom('fr', 'en'),
        (pairs, locale) => {
          const list = pairs.map(([first_name, last_name]) => prospect({ first_name, last_name }));
          const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
          const expected = [...list].sort(
            (a, b) =>
              collator.compare(a.first_name ?? '', b.first_name ?? '') ||
              collator.compare(a.last_name ?? '', b.last_name ?? '') ||
              a.id - b.id,
          );
          expect(sortProspects(list, DEFAULT_SORT, locale).map((p) => p.id)).toEqual(
            expected.map((p) => p.id),
          );
        },
      ),
    );
  });

  it('gives texts the collator finds equal one rank', () => {
    const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
    expect([...collationRanks(['b', 'É', 'e', 'a', 'z10', 'z2', 'B'], collator)]).toEqual([
      1, 2, 2, 0, 4, 3, 1,
    ]);
  });

  it('does not change its input', () => {
    const list = [prospect({ first_name: 'b' }), prospect({ first_name: 'a' })];
    sortProspects(list, DEFAULT_SORT, 'en');
    expect(names(list)).toEqual(['b', 'a']);
  });

  it('breaks ties by last name then id, so the order is stable', () => {
    const x = prospect({ first_name: 'Marie', last_name: 'Roux' });
    const y = prospect({ first_name: 'Marie', last_name: 'Blanc' });
    const z = prospect({ first_name: 'Marie', last_name: 'Blanc' });
    expect(sortProspects([x, z, y], DEFAULT_SORT, 'fr').map((p) => p.id)).toEqual([
      y.id,
      z.id,
      x.id,
    ]);
  });
});

describe('buildBoard', () => {
  it('filters, sorts and groups with counts; rows hold only board prospects', () => {
    const list = [
      prospect({ first_name: 'Zoé', prospecting_status: 'converted' }),
      prospect({ first_name: 'Anne', prospecting_status: 'converted' }),
      prospect({ first_name: 'Paul', prospecting_status: 'lost' }),
      prospect({ first_name: 'Anna', prospecting_status: 'to_call', company_name: 'Zenith' }),
    ];
    const board = buildBoard(list, { query: '', sort: DEFAULT_SORT, locale: 'fr' });
    expect(board.total).toBe(3);
    expect(board.shown).toBe(3);
    expect(names(board.rows)).toEqual(['Anna', 'Anne', 'Zoé']);
    expect(board.columns.find((c) => c.id === 'new_opportunity')?.count).toBe(2);

    const searched = buildBoard(list, { query: 'ANN', sort: DEFAULT_SORT, locale: 'fr' });
    expect(names(searched.rows)).toEqual(['Anna', 'Anne']);
    expect(searched.shown).toBe(2);
    expect(searched.total).toBe(3);
  });
});

const arbitraryProspect = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  first_name: fc.option(fc.constantFrom('Anne', 'anne', 'Émile', 'Zoé', 'Jean-Luc', 'Ōta', 'bob'), {
    nil: null,
  }),
  last_name: fc.option(fc.constantFrom('Dupont', 'dupont', 'Müller', 'Smith', 'Ångström'), {
    nil: null,
  }),
  position: fc.option(fc.constantFrom('CEO', 'Head of Sales', 'Directrice', 'cto'), { nil: null }),
  score: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
  prospecting_status: fc.constantFrom(...PROSPECT_STATUSES),
  company_name: fc.option(fc.constantFrom('Acme', 'acme sa', 'Zenith', 'Élan'), { nil: null }),
});
const arbitrarySort = fc.record({
  field: fc.constantFrom(...SORT_FIELDS),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});
const arbitraryQuery = fc.constantFrom('', 'an', 'ANNE', 'du', 'acme', 'head sales', 'zz', ' é ');

describe('properties', () => {
  it('the memoised selector always agrees with buildBoard, whatever the sequence of inputs', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryProspect, { selector: (p) => p.id, maxLength: 40 }),
        fc.array(fc.tuple(arbitraryQuery, arbitrarySort, fc.constantFrom('fr', 'en')), {
          minLength: 1,
          maxLength: 6,
        }),
        (list, steps) => {
          const select = createBoardSelector<BoardProspect>();
          for (const [query, sort, locale] of steps) {
            const expected = buildBoard(list, { query, sort, locale });
            const actual = select(list, { query, sort, locale });
            expect(actual.rows.map((p) => p.id)).toEqual(expected.rows.map((p) => p.id));
            expect(actual.columns.map((c) => c.count)).toEqual(
              expected.columns.map((c) => c.count),
            );
            expect(actual.total).toBe(expected.total);
          }
        },
      ),
    );
  });

  it('typing a query letter by letter, then erasing it, gives the same boards as computing each from scratch', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryProspect, { selector: (p) => p.id, maxLength: 40 }),
        fc.string({
          unit: fc.constantFrom('a', 'n', 'e', 'd', 'u', ' ', 'A', 'É', 'o'),
          maxLength: 8,
        }),
        (list, typed) => {
          const select = createBoardSelector<BoardProspect>();
          const steps = [
            ...Array.from({ length: typed.length + 1 }, (_, i) => typed.slice(0, i)),
            ...Array.from({ length: typed.length }, (_, i) => typed.slice(0, typed.length - 1 - i)),
          ];
          for (const query of steps) {
            const expected = buildBoard(list, { query, sort: DEFAULT_SORT, locale: 'fr' });
            const actual = select(list, { query, sort: DEFAULT_SORT, locale: 'fr' });
            expect(actual.rows.map((p) => p.id)).toEqual(expected.rows.map((p) => p.id));
            expect(actual.columns.map((c) => c.prospects.map((p) => p.id))).toEqual(
              expected.columns.map((c) => c.prospects.map((p) => p.id)),
            );
          }
        },
      ),
    );
  });

  it('every column is sorted, counts add up, and each shown prospect matches the query', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryProspect, { maxLength: 40 }),
        arbitraryQuery,
        arbitrarySort,
        (list, query, sort) => {
          const board = buildBoard(list, { query, sort, locale: 'fr' });
          expect(board.columns.reduce((n, c) => n + c.count, 0)).toBe(board.shown);
          for (const column of board.columns) {
            const resorted = sortProspects(column.prospects, sort, 'fr');
            expect(column.prospects).toEqual(resorted);
            for (const p of column.prospects) expect(matchesSearch(p, query)).toBe(true);
          }
        },
      ),
    );
  });

  it('reversing the direction reverses the order of prospects with distinct keys', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { maxLength: 30 }),
        (scores) => {
          const list = scores.map((score) => prospect({ score }));
          const asc = sortProspects(list, { field: 'score', direction: 'asc' }, 'en').map(
            (p) => p.score,
          );
          const desc = sortProspects(list, { field: 'score', direction: 'desc' }, 'en').map(
            (p) => p.score,
          );
          expect(desc).toEqual([...asc].reverse());
        },
      ),
    );
  });
});

describe('createBoardSelector memoisation', () => {
  const list = Array.from({ length: 50 }, (_, i) => prospect({ first_name: `P${i}` }));
  const sort: BoardSort = DEFAULT_SORT;

  it('returns the same model object for the same inputs', () => {
    const select = createBoardSelector<BoardProspect>();
    const first = select(list, { query: 'p1', sort, locale: 'fr' });
    expect(select(list, { query: 'p1', sort, locale: 'fr' })).toBe(first);
    expect(select(list, { query: ' P1 ', sort, locale: 'fr' })).toBe(first);
  });

  it('recomputes when the list, the sort or the query changes', () => {
    const select = createBoardSelector<BoardProspect>();
    const first = select(list, { query: '', sort, locale: 'fr' });
    expect(select(list, { query: 'p2', sort, locale: 'fr' })).not.toBe(first);
    const desc = select(list, {
      query: 'p2',
      sort: { field: 'first_name', direction: 'desc' },
      locale: 'fr',
    });
    expect(desc.rows[0]?.first_name).toBe('P29');
    const changed = list.map((p, i) => (i === 0 ? { ...p, first_name: 'P2-renamed' } : p));
    const withNew = select(changed, { query: 'p2', sort, locale: 'fr' });
    expect(names(withNew.rows)).toContain('P2-renamed');
  });
});

describe('createBoardSelector with another grouping (the campaign detail)', () => {
  type Row = BoardProspect & { has_responses: boolean };
  const row = (overrides: Partial<Row>): Row => ({
    ...prospect(overrides),
    has_responses: false,
    ...overrides,
  });
  const grouping = {
    columns: CAMPAIGN_CATEGORIES,
    columnOf: (p: Row) => displayCategory(p),
    keepUngrouped: true,
  };

  it('groups by the displayed category and keeps the prospects without a column in the rows', () => {
    const select = createBoardSelector<Row, (typeof CAMPAIGN_CATEGORIES)[number]>(grouping);
    const list = [
      row({ first_name: 'A', prospecting_status: 'ongoing', has_responses: true }),
      row({ first_name: 'B', prospecting_status: 'lost', has_responses: true }),
      row({ first_name: 'C', prospecting_status: 'nurtured' }),
      row({ first_name: 'D', prospecting_status: 'pending' }),
    ];
    const model = select(list, { query: '', sort: DEFAULT_SORT, locale: 'fr' });
    expect(model.columns.map((c) => [c.id, names(c.prospects)])).toEqual([
      ['ongoing', ['D']],
      ['to_call', []],
      ['answerers', ['A']],
      ['lost', ['B']],
      ['converted', []],
      ['nurture', []],
    ]);
    expect(names(model.rows)).toEqual(['A', 'B', 'C', 'D']);
    expect(model.total).toBe(4);
  });

  it('sorts the status by its label when given one', () => {
    const select = createBoardSelector<Row, (typeof CAMPAIGN_CATEGORIES)[number]>(grouping);
    const list = [
      row({ first_name: 'conv', prospecting_status: 'converted' }),
      row({ first_name: 'lost', prospecting_status: 'lost' }),
    ];
    const sort: BoardSort = { field: 'status', direction: 'asc' };
    expect(names(select(list, { query: '', sort, locale: 'en' }).rows)).toEqual(['conv', 'lost']);
    const labels = (s: ProspectStatus) => (s === 'converted' ? 'New opportunity' : 'Lost');
    expect(names(select(list, { query: '', sort, locale: 'en', statusText: labels }).rows)).toEqual(
      ['lost', 'conv'],
    );
  });
});
