#!/usr/bin/env node
// `pnpm start` builds only when a source changed since the last build.
// A build writes a stamp listing the newest input's modification time; the next start compares it with the inputs
// of today. Inputs: every file under the workspace's source folders and manifests, minus outputs and dependencies.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const INPUT_ROOTS = [
  'apps/web',
  'apps/api/src',
  'apps/api/scripts',
  'apps/api/package.json',
  'packages',
  'openapi',
  'pnpm-lock.yaml',
];
const SKIPPED = new Set([
  'node_modules',
  'dist',
  '.turbo',
  'storybook-static',
  'test-results',
  'bench',
  '.vite',
]);
export const STAMP = 'node_modules/.cache/prospecta-build-stamp.json';

/** The newest modification time (ms) among the inputs, and the file that holds it. */
export function newestInput(root, roots = INPUT_ROOTS) {
  let newest = { mtimeMs: 0, file: '' };
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (!SKIPPED.has(entry)) visit(join(path, entry));
    } else if (stat.mtimeMs > newest.mtimeMs) {
      newest = { mtimeMs: stat.mtimeMs, file: relative(root, path) };
    }
  };
  for (const r of roots) visit(join(root, r));
  return newest;
}

/** Why a build is needed, or null when the outputs are up to date. */
export function buildReason(root, roots = INPUT_ROOTS) {
  const outputs = ['apps/web/dist/index.html', 'apps/api/dist/main.js'];
  const missing = outputs.find((o) => !existsSync(join(root, o)));
  if (missing) return `${missing} does not exist`;
  const stampPath = join(root, STAMP);
  if (!existsSync(stampPath)) return 'no build stamp yet';
  const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  const newest = newestInput(root, roots);
  if (newest.mtimeMs > stamp.newestMtimeMs) return `${newest.file} changed since the last build`;
  return null;
}

export function writeStamp(root, newest) {
  mkdirSync(dirname(join(root, STAMP)), { recursive: true });
  writeFileSync(
    join(root, STAMP),
    JSON.stringify({
      newestMtimeMs: newest.mtimeMs,
      file: newest.file,
      builtAt: new Date().toISOString(),
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const force = process.argv.includes('--force');
  const reason = force ? '--force' : buildReason(root);
  if (reason === null) {
    console.log(
      'Build is up to date (no source changed since the last build); starting. Run `pnpm build` to force one.',
    );
  } else {
    console.log(`Building: ${reason}.`);
    // Inputs are read before the build so that an edit made during it triggers the next one.
    const newest = newestInput(root);
    for (const pkg of ['@prospecta/web', '@prospecta/api']) {
      execFileSync('pnpm', ['--filter', pkg, 'build'], { cwd: root, stdio: 'inherit' });
    }
    writeStamp(root, newest);
  }
}
