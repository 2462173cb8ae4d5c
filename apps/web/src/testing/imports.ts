import type { Import } from '@prospecta/api-client';
import { fixtureDate } from '@prospecta/api-client/fixtures';
import { automaticMapping, importRow, type ImportRowReason } from '@prospecta/domain';
import {
  FRENCH_COMPANIES,
  FRENCH_FIRST,
  FRENCH_LAST,
  FRENCH_POSITIONS,
} from '@prospecta/domain/demo';

/**
 * Imports of the import stories, as the server answers them: a French file of the demo world's people (its headers
 * matched by the domain's automatic mapping, its preview rows read by the domain's `importRow`), in any state.
 */
export const IMPORT_COLUMNS = ['Civilité', 'Prénom', 'Nom', 'E-mail', 'Société', 'Poste', 'Notes'];

const firstNames = [...FRENCH_FIRST.miss, ...FRENCH_FIRST.mister];

/** The file's row n (1-based, under the header); every seventh has a broken address. */
function cells(n: number): string[] {
  const first = firstNames[n % firstNames.length] ?? 'Claire';
  const last = FRENCH_LAST[n % FRENCH_LAST.length] ?? 'Martin';
  const company = FRENCH_COMPANIES[n % FRENCH_COMPANIES.length]!;
  const email =
    n % 7 === 0
      ? `${first.toLowerCase()}.${company.domain}`
      : `${first}.${last}@${company.domain}`.normalize('NFD').replace(/\p{M}/gu, '');
  return [
    n % 2 ? 'Mme' : 'M.',
    first,
    last,
    email,
    company.name,
    FRENCH_POSITIONS[n % FRENCH_POSITIONS.length] ?? '',
    '',
  ];
}

export function importPreview(
  mapping = automaticMapping(IMPORT_COLUMNS),
  reasons: Partial<Record<number, ImportRowReason>> = {},
): Import['preview'] {
  return Array.from({ length: 20 }, (_, i) => {
    const { prospect, reason } = importRow(cells(i + 1), mapping);
    return { row: i + 2, prospect, reason: reasons[i + 2] ?? reason };
  });
}

export function makeImport(overrides: Partial<Import> = {}): Import {
  const mapping = overrides.mapping ?? automaticMapping(IMPORT_COLUMNS);
  return {
    id: 700,
    campaign_id: 50,
    user_id: 2,
    file_name: 'prospects-salon-lyon.csv',
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ';',
    state: 'mapping',
    progress: { done: 0, total: 0 },
    columns: IMPORT_COLUMNS,
    mapping,
    other_campaigns: 'skip',
    preview: importPreview(mapping),
    counts: { rows: 500, valid: 0, refused: 0, imported: 0, by_reason: {} },
    error: null,
    created_at: fixtureDate(24 * 30),
    updated_at: fixtureDate(24 * 30),
    ...overrides,
  };
}

/** The validation's outcome of the stories' file: 488 valid rows, 12 refused for four reasons. */
export const VALIDATED_COUNTS: Import['counts'] = {
  rows: 500,
  valid: 488,
  refused: 12,
  imported: 0,
  by_reason: { invalid_email: 5, duplicate_in_file: 3, in_other_active_campaign: 3, bounced: 1 },
};
