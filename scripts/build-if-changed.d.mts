// Types of build-if-changed.mjs (a plain Node script, run without a build step) for its TypeScript test.

/** The inputs of `pnpm build` (paths from the repository root). */
export const INPUT_ROOTS: readonly string[];
/** Where the last build records its newest input. */
export const STAMP: string;

/** The newest modification time (ms) among the inputs, and the file that holds it. */
export function newestInput(
  root: string,
  roots?: readonly string[],
): { mtimeMs: number; file: string };
/** Why a build is needed, or null when the outputs are up to date. */
export function buildReason(root: string, roots?: readonly string[]): string | null;
/** Records `newest` as the inputs of the build just made. */
export function writeStamp(root: string, newest: { mtimeMs: number; file: string }): void;
