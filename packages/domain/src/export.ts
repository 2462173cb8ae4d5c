/** The export sheet's columns (§3), in this order. */
export const EXPORT_COLUMNS = [
  'title',
  'first name',
  'last name',
  'email',
  'phone',
  'linkedin',
  'company website',
  'reference',
  'company address',
  'company name',
  'position',
  'campaign',
  'status',
  'tags',
  'last comment',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
