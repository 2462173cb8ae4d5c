export const fileRejectionReasons = ['size', 'type'] as const;
export type FileRejectionReason = (typeof fileRejectionReasons)[number];

export interface FileRejection {
  file: File;
  reason: FileRejectionReason;
}

export interface FileValidation {
  accepted: File[];
  rejected: FileRejection[];
}

/** What a drop accepts: the app passes its product's limits (the design system holds none). */
export interface FileRules {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** MIME types ('application/pdf'), wildcards ('image/*') or extensions ('.pdf'); empty accepts every type. */
  accept: readonly string[];
}

/** Whether a file matches one of the accept patterns (by MIME type, wildcard or extension). */
export function matchesAccept(
  file: Pick<File, 'name' | 'type'>,
  accept: readonly string[],
): boolean {
  if (accept.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (pattern.startsWith('.')) return name.endsWith(pattern);
    if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
    return type === pattern;
  });
}

/** Splits files into accepted and rejected (wrong type first, then too large). */
export function validateFiles(
  files: Iterable<File>,
  { maxBytes, accept }: FileRules,
): FileValidation {
  const result: FileValidation = { accepted: [], rejected: [] };
  for (const file of files) {
    if (!matchesAccept(file, accept)) result.rejected.push({ file, reason: 'type' });
    else if (file.size > maxBytes) result.rejected.push({ file, reason: 'size' });
    else result.accepted.push(file);
  }
  return result;
}

/** "512 B", "1.5 KB", "14.3 MB" in the given locale. */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value)} ${units[unit]}`;
}
