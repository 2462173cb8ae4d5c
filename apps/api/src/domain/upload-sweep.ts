import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { OnboardingRepository } from '../repositories/onboarding';

/** A file no row names is left this long (an upload still being written has no row yet). */
export const ORPHAN_FILE_AGE_MS = 60 * 60 * 1000;
/** An upload the latest questionnaire does not name is kept this long (the form that uses it may not be sent yet). */
export const UNNAMED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

/** Deletes the files of these uploads (already gone ones are no error). */
export async function removeUploadFiles(dir: string, ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => rm(join(dir, id), { force: true })));
}

/**
 * The sweep of UPLOAD_DIR (the `uploads.sweep` job, every hour): uploads no questionnaire names after a day
 * (removed from the form, or replaced) lose their row and file, and files no row names (an upload cut off between
 * its file and its row) are deleted after an hour.
 */
export async function sweepUploads(
  repo: OnboardingRepository,
  dir: string,
  now = Date.now(),
): Promise<{ unnamed: number; orphans: number }> {
  const unnamed = await repo.unnamedUploads(new Date(now - UNNAMED_UPLOAD_AGE_MS));
  await repo.deleteUploads(unnamed);
  await removeUploadFiles(dir, unnamed);
  const names = await readdir(dir).catch(() => [] as string[]);
  const known = await repo.existingIds(names);
  let orphans = 0;
  for (const name of names) {
    if (known.has(name)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < ORPHAN_FILE_AGE_MS) continue;
    await rm(join(dir, name), { force: true });
    orphans += 1;
  }
  return { unnamed: unnamed.length, orphans };
}
