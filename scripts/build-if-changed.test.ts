import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReason, newestInput, writeStamp } from './build-if-changed.mjs';

const roots = ['apps/web', 'apps/api/src'];

function touch(root: string, file: string, seconds: number) {
  const path = join(root, file);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x');
  utimesSync(path, seconds, seconds);
}

describe('pnpm start builds only what changed', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
    touch(root, 'apps/web/src/main.tsx', 1_000);
    touch(root, 'apps/api/src/main.ts', 1_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when an output is missing', () => {
    expect(buildReason(root, roots)).toBe('apps/web/dist/index.html does not exist');
  });

  it('skips the build when no input is newer than the stamp, and rebuilds after an edit', () => {
    touch(root, 'apps/web/dist/index.html', 2_000);
    touch(root, 'apps/api/dist/main.js', 2_000);
    expect(buildReason(root, roots)).toBe('no build stamp yet');
    writeStamp(root, newestInput(root, roots));
    expect(buildReason(root, roots)).toBeNull();
    touch(root, 'apps/api/src/routes/prospects.ts', 3_000);
    expect(buildReason(root, roots)).toBe(
      'apps/api/src/routes/prospects.ts changed since the last build',
    );
  });

  it('ignores outputs and dependencies when looking for the newest input', () => {
    touch(root, 'apps/web/node_modules/x/index.js', 9_000);
    touch(root, 'apps/web/dist/assets/a.js', 9_000);
    expect(newestInput(root, roots).mtimeMs).toBe(1_000_000);
  });
});
