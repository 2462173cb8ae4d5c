/**
 * Imports of prospects into a campaign: the fields a column can fill (§3 prospect fields and tags), the French and
 * English headers recognised for each, the row checks that need nothing but the row, the refusal and failure codes
 * (the app writes their sentences), and the limits. The server reads the file and runs the checks that need the
 * database (duplicates, campaigns, suppression list); the app shows the same fields and codes.
 */
import type { Schemas } from './contract';

export type ImportField = Schemas['ImportField'];
export type ImportState = Schemas['ImportState'];
export type ImportErrorCode = Schemas['ImportErrorCode'];
export type ImportRowReason = Schemas['ImportRowReason'];
export type ImportOtherCampaigns = Schemas['ImportOtherCampaigns'];
export type ImportedProspect = Schemas['ImportedProspect'];
export type ImportMapping = (ImportField | null)[];

/** At most 100,000 rows under the header. */
export const MAX_IMPORT_ROWS = 100_000;
/** At most 50 MB per file. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** At most 200 columns in any row (a row of thousands is a broken separator, not prospects). */
export const MAX_IMPORT_COLUMNS = 200;
/** A row of more than 1 MB of text is refused with the whole file (row_too_large). */
export const MAX_IMPORT_ROW_CHARS = 1024 * 1024;
/** A cell of more than 1,000 characters refuses its row (value_too_long). */
export const MAX_IMPORT_CELL_CHARS = 1000;
/** An XLSX archive may unpack to 512 MB at most (a zip bomb is refused before it is unpacked). */
export const MAX_XLSX_UNPACKED_BYTES = 512 * 1024 * 1024;
/** The preview shows the first 20 rows as they will be stored. */
export const IMPORT_PREVIEW_ROWS = 20;

/** The importable fields, in the order the mapping offers them. */
export const IMPORT_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'email',
  'phone',
  'direct_line',
  'linkedin',
  'reference',
  'position',
  'company_name',
  'company_website',
  'company_address',
  'tags',
] as const satisfies readonly ImportField[];
const everyField: [ImportField] extends [(typeof IMPORT_FIELDS)[number]] ? true : never = true;
void everyField;

/** A mapping must fill these. E-mail: the sequences send e-mails, and a prospect is told apart by its address. */
export const REQUIRED_IMPORT_FIELDS = ['email'] as const satisfies readonly ImportField[];

/** The only field several columns may fill (their labels are put together). */
export const MULTI_COLUMN_IMPORT_FIELDS = ['tags'] as const satisfies readonly ImportField[];

export const IMPORT_STATES = [
  'analysing',
  'mapping',
  'validating',
  'validated',
  'committing',
  'done',
  'cancelling',
  'cancelled',
  'failed',
] as const satisfies readonly ImportState[];
const everyState: [ImportState] extends [(typeof IMPORT_STATES)[number]] ? true : never = true;
void everyState;

/** A job is at work on the import in these states: the app polls its progress. */
export const RUNNING_IMPORT_STATES = [
  'analysing',
  'validating',
  'committing',
  'cancelling',
] as const satisfies readonly ImportState[];

export type RunningImportState = (typeof RUNNING_IMPORT_STATES)[number];

export const isImportRunning = (state: ImportState): state is RunningImportState =>
  (RUNNING_IMPORT_STATES as readonly ImportState[]).includes(state);
/** The mapping can be changed (a validated import must then be validated again). */
export const canMapImport = (state: ImportState): boolean =>
  state === 'mapping' || state === 'validated';
export const canValidateImport = canMapImport;
export const canCommitImport = (state: ImportState): boolean => state === 'validated';
/** Cancel: anything but a finished or already cancelled import. */
export const canCancelImport = (state: ImportState): boolean =>
  state !== 'done' && state !== 'cancelled' && state !== 'cancelling';
/** The report of refused rows exists once validated. */
export const hasImportReport = (state: ImportState): boolean =>
  state === 'validated' || state === 'committing' || state === 'done';

export const IMPORT_ERROR_CODES = [
  'empty_file',
  'no_rows',
  'file_too_large',
  'too_many_rows',
  'too_many_columns',
  'row_too_large',
  'not_a_spreadsheet',
  'unsupported_format',
  'unsupported_encoding',
  'mixed_encodings',
  'malformed_csv',
  'malformed_xlsx',
  'xlsx_too_large_uncompressed',
  'file_missing',
  'internal_error',
] as const satisfies readonly ImportErrorCode[];
const everyError: [ImportErrorCode] extends [(typeof IMPORT_ERROR_CODES)[number]] ? true : never =
  true;
void everyError;

export const isImportErrorCode = (value: unknown): value is ImportErrorCode =>
  typeof value === 'string' && (IMPORT_ERROR_CODES as readonly string[]).includes(value);

/** Refusal reasons, in the order the checks run: the first that applies is the row's. */
export const IMPORT_ROW_REASONS = [
  'missing_email',
  'invalid_email',
  'invalid_linkedin',
  'value_too_long',
  'duplicate_in_file',
  'already_in_campaign',
  'in_other_active_campaign',
  'unsubscribed',
  'bounced',
] as const satisfies readonly ImportRowReason[];
const everyReason: [ImportRowReason] extends [(typeof IMPORT_ROW_REASONS)[number]] ? true : never =
  true;
void everyReason;

/** The suppression list's reasons (the sending engine adds them); each refuses the address under its own code. */
export const SUPPRESSION_REASONS = [
  'unsubscribed',
  'bounced',
] as const satisfies readonly ImportRowReason[];
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** A header reduced to what tells it: no accents, no case, no spaces or punctuation ('E-mail' → 'email'). */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The headers recognised for each field, French and English, as normaliseHeader writes them. A header matches the
 * first field that lists it.
 */
export const IMPORT_HEADER_SYNONYMS: Record<ImportField, readonly string[]> = {
  title: ['title', 'civilite', 'civility', 'salutation', 'titre', 'genre', 'gender'],
  first_name: ['firstname', 'prenom', 'givenname', 'first', 'forename'],
  last_name: ['lastname', 'nom', 'nomdefamille', 'surname', 'familyname', 'last', 'name'],
  email: [
    'email',
    'mail',
    'courriel',
    'emailaddress',
    'adresseemail',
    'adressemail',
    'emailprofessionnel',
    'workemail',
    'businessemail',
    'emailpro',
  ],
  phone: ['phone', 'telephone', 'tel', 'phonenumber', 'mobile', 'portable', 'cellphone', 'gsm'],
  direct_line: ['directline', 'lignedirecte', 'directphone', 'telephonedirect'],
  linkedin: ['linkedin', 'linkedinurl', 'linkedinprofile', 'profillinkedin', 'urllinkedin'],
  reference: ['reference', 'ref', 'id', 'externalid', 'identifiant'],
  position: ['position', 'poste', 'jobtitle', 'fonction', 'role', 'job', 'intitule'],
  company_name: [
    'company',
    'companyname',
    'societe',
    'entreprise',
    'organisation',
    'organization',
    'raisonsociale',
    'nomdelentreprise',
    'nomsociete',
    'account',
  ],
  company_website: [
    'website',
    'companywebsite',
    'siteweb',
    'site',
    'siteinternet',
    'web',
    'url',
    'domain',
    'domaine',
  ],
  company_address: [
    'address',
    'adresse',
    'companyaddress',
    'adressesociete',
    'adresseentreprise',
    'location',
  ],
  tags: ['tags', 'tag', 'labels', 'label', 'etiquettes', 'etiquette', 'segments', 'segment'],
};

const FIELD_OF_HEADER: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_FIELDS.flatMap((field) =>
    IMPORT_HEADER_SYNONYMS[field].map((header) => [header, field] as const),
  ).reverse(),
);

/** The field a header names, or null. */
export function fieldOfHeader(header: string): ImportField | null {
  return FIELD_OF_HEADER.get(normaliseHeader(header)) ?? null;
}

/** The mapping proposed from the headers: each field on its first column, tags on every tags column. */
export function automaticMapping(headers: readonly string[]): ImportMapping {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = fieldOfHeader(header);
    if (!field) return null;
    if (taken.has(field) && !isMultiColumn(field)) return null;
    taken.add(field);
    return field;
  });
}

const isMultiColumn = (field: ImportField) =>
  (MULTI_COLUMN_IMPORT_FIELDS as readonly ImportField[]).includes(field);

export type MappingProblem =
  | { code: 'wrong_length'; expected: number }
  | { code: 'field_twice'; field: ImportField }
  | { code: 'required_missing'; field: ImportField };

/** Why a mapping cannot be used with these columns, or null. */
export function mappingProblem(mapping: ImportMapping, columns: number): MappingProblem | null {
  if (mapping.length !== columns) return { code: 'wrong_length', expected: columns };
  const seen = new Set<ImportField>();
  for (const field of mapping) {
    if (!field) continue;
    if (seen.has(field) && !isMultiColumn(field)) return { code: 'field_twice', field };
    seen.add(field);
  }
  const missing = REQUIRED_IMPORT_FIELDS.find((field) => !seen.has(field));
  return missing ? { code: 'required_missing', field: missing } : null;
}

/**
 * An e-mail address as a sending engine can use it: one @, a local part of at most 64 characters without spaces,
 * a domain of dot-separated labels ending in letters, at most 254 characters in all.
 */
export function isValidImportEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l))) return false;
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? '');
}

/** A LinkedIn address: linkedin.com or one of its country subdomains, with or without the scheme. */
export function isLinkedinUrl(value: string): boolean {
  return /^(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com(?:\/|$)/i.test(value);
}

const MISTER = new Set(['m', 'mr', 'monsieur', 'mister', 'sir', 'homme', 'male', 'h']);
const MISS = new Set([
  'mme',
  'mlle',
  'mrs',
  'ms',
  'miss',
  'madame',
  'mademoiselle',
  'femme',
  'female',
  'f',
]);

/** §3 title from what a file writes: 'M.', 'Mr', 'Monsieur' → mister; 'Mme', 'Mrs', 'Madame' → miss. */
export function importTitle(value: string): ImportedProspect['title'] {
  const key = normaliseHeader(value);
  if (MISTER.has(key)) return 'mister';
  if (MISS.has(key)) return 'miss';
  return 'undefined';
}

/** Tag labels of a cell: separated by commas, semicolons or vertical bars; blanks and repeats left out. */
export function importTags(value: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of value.split(/[,;|]/)) {
    const label = clean(part).slice(0, 100);
    if (!label || seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    tags.push(label);
  }
  return tags;
}

/** Trimmed, inner whitespace (line breaks and tabs too) collapsed to one space. */
function clean(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export interface ImportedRow {
  prospect: ImportedProspect;
  /** The row's own refusal (syntax, required, length); the database's checks come after. */
  reason: ImportRowReason | null;
}

/** A row of the file as it will be stored, with the first refusal that needs nothing but the row. */
export function importRow(cells: readonly string[], mapping: ImportMapping): ImportedRow {
  const text: Partial<Record<ImportField, string>> = {};
  const tags: string[] = [];
  let tooLong = false;
  mapping.forEach((field, index) => {
    if (!field) return;
    const raw = cells[index] ?? '';
    if (raw.length > MAX_IMPORT_CELL_CHARS) tooLong = true;
    if (field === 'tags') {
      for (const tag of importTags(raw))
        if (!tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
      return;
    }
    text[field] ??= clean(raw);
  });
  const orNull = (field: ImportField) => text[field] || null;
  const email = text.email ? text.email.toLowerCase() : null;
  const prospect: ImportedProspect = {
    title: importTitle(text.title ?? ''),
    first_name: text.first_name ?? '',
    last_name: text.last_name ?? '',
    email,
    phone: orNull('phone'),
    direct_line: orNull('direct_line'),
    linkedin: orNull('linkedin'),
    reference: orNull('reference'),
    position: orNull('position'),
    company_name: text.company_name ?? '',
    company_website: orNull('company_website'),
    company_address: orNull('company_address'),
    tags,
  };
  let reason: ImportRowReason | null = null;
  if (!email) reason = 'missing_email';
  else if (!isValidImportEmail(email)) reason = 'invalid_email';
  else if (prospect.linkedin && !isLinkedinUrl(prospect.linkedin)) reason = 'invalid_linkedin';
  else if (tooLong) reason = 'value_too_long';
  return { prospect, reason };
}

/** A cell of a CSV report that a spreadsheet would read as a formula gets a leading apostrophe. */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * What the file picker offers and a drop accepts: CSV (comma, semicolon or tab; .csv, .tsv, .txt) and XLSX, by
 * extension or MIME type. The server tells the format by the content; this only spares an upload that would be refused.
 */
export const IMPORT_FILE_TYPES = [
  '.csv',
  '.tsv',
  '.txt',
  '.xlsx',
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** An import that is over: nothing more happens to it. */
export const isImportFinished = (state: ImportState): boolean =>
  state === 'done' || state === 'cancelled';
