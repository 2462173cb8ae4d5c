import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Brotli quality and gzip level of the API's answers, chosen with `pnpm --filter @prospecta/api bench:compress`
 * (docs/performance.md): on the 10,000-prospect dashboard (3.5 MB), brotli 4 gives 313 KB in 16 ms and gzip 6
 * 330 KB in 25 ms; brotli 5 and up or gzip 9 cost two to three times the time for a few percent less, and
 * brotli 11 takes seconds. The built web app's files are compressed once at build time instead (at the
 * maximum levels) and served as they are (plugins/static-app.ts).
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli, else gzip, when the Accept-Encoding header takes it (a `q=0` refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses off the main thread (zlib's thread pool), at the levels above. */
export function compressText(text: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(text, BROTLI_OPTIONS)
    : gzipAsync(text, { level: GZIP_LEVEL });
}
