/**
 * Saving a spreadsheet answered by the export calls: the file name comes from the
 * Content-Disposition header (RFC 6266, with the RFC 5987 `filename*` form preferred).
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return sanitise(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')), fallback);
    } catch {
      // A malformed percent-encoding: fall back to the plain filename parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1]) return sanitise(quoted[1].replace(/\\(.)/g, '$1'), fallback);
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return sanitise(bare[1], fallback);
  return fallback;
}

/** Keeps a name safe to save: no directory parts, no control characters, never empty. */
function sanitise(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters are removed (the range is built with RegExp so the source stays plain ASCII).
  const cleaned = base.replace(new RegExp('[\\u0000-\\u001f\\u007f]', 'g'), '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/** The default name of a dashboard export when the server gives none. */
export function dashboardExportFallbackName(userId: number, now: Date = new Date()): string {
  return `dashboard-${userId}-${now.toISOString().slice(0, 10)}.xlsx`;
}

/** Starts the browser download of a blob under a name. */
export function saveBlob(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
