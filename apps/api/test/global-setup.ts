import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory for the run's shared test files (the migrated data directories of helpers.ts), removed at the end. */
    scratchDir: string;
  }
}

/** Runs once per test run, before the workers start: the scratch directory, and its removal when the run ends. */
export default function setup(project: TestProject): () => void {
  const scratchDir = mkdtempSync(join(tmpdir(), 'prospecta-api-tests-'));
  project.provide('scratchDir', scratchDir);
  return () => rmSync(scratchDir, { recursive: true, force: true });
}
