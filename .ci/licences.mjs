#!/usr/bin/env node
/**
 * Licence check of the production dependencies (`pnpm licenses list --prod`, every workspace package).
 * Fails when a package is under a copyleft licence (GPL, AGPL, LGPL, MPL, EPL, EUPL, SSPL, CDDL, OSL, CC BY-SA…)
 * or under a licence this script does not know: ship only what is permissive, or reviewed below.
 *
 *   node .ci/licences.mjs          checks the workspace, prints each problem, exits 1 on any
 *
 * SPDX expressions: `A OR B` is acceptable when one side is (we take that licence); `A AND B` only when both are.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Licences that let us ship the package in a closed product without opening our code. */
export const PERMISSIVE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'ISC',
  'MIT',
  'MIT-0',
  'MIT/X11',
  'Python-2.0',
  'Unlicense',
  'WTFPL',
  'X11',
  'Zlib',
  // A font licence: the font may be bundled with any software; only the font itself stays under it (@fontsource/inter).
  'OFL-1.1',
]);

/** Copyleft families, by SPDX identifier prefix (GPL-3.0-only, AGPL-3.0-or-later, LGPL-2.1+, CC-BY-SA-4.0…). */
const COPYLEFT =
  /^(A?GPL|LGPL|MPL|EPL|EUPL|SSPL|CDDL|OSL|CPAL|CECILL|RPL|QPL|Sleepycat|CC-BY-SA|CC-BY-NC|Parity|RPSL|APSL|NPL|ODbL)\b/i;

/**
 * Packages whose metadata names no SPDX licence, checked by hand: name → the licence their files state.
 * Keep the reason; a new version must be reviewed again (the key includes the version).
 */
export const REVIEWED = {
  // exceljs → unzipper → binary → buffers. 0.1.1's package.json names no licence; the author's
  // repository (github.com/substack/node-buffers, LICENSE) states the MIT licence.
  'buffers@0.1.1': 'MIT',
};

/** 'permissive' | 'copyleft' | 'unknown' for one SPDX expression (or a bare identifier). */
export function classify(expression) {
  const text = String(expression ?? '').trim();
  if (!text || /^(unknown|unlicensed|see license in)/i.test(text)) return 'unknown';
  const tokens = text.replace(/[()]/g, ' ').split(/\s+/).filter(Boolean);
  // Split on OR first (lowest precedence in SPDX), then AND; WITH exceptions keep the licence's class.
  const alternatives = splitOn(tokens, 'OR');
  const classes = alternatives.map((alternative) => {
    const parts = splitOn(alternative, 'AND').map((part) => single(part[0] ?? ''));
    if (parts.includes('copyleft')) return 'copyleft';
    if (parts.includes('unknown')) return 'unknown';
    return 'permissive';
  });
  if (classes.includes('permissive')) return 'permissive';
  if (classes.includes('copyleft')) return 'copyleft';
  return 'unknown';
}

function splitOn(tokens, operator) {
  const groups = [[]];
  for (const token of tokens) {
    if (token.toUpperCase() === operator) groups.push([]);
    else groups[groups.length - 1].push(token);
  }
  return groups.filter((group) => group.length > 0);
}

function single(identifier) {
  const id = identifier.replace(/\+$/, '').replace(/-or-later$|-only$/, '');
  if (COPYLEFT.test(id)) return 'copyleft';
  if (PERMISSIVE.has(identifier) || PERMISSIVE.has(id)) return 'permissive';
  return 'unknown';
}

/** The problems of a `pnpm licenses list --json` report: one line per package that is not acceptable. */
export function problems(report, reviewed = REVIEWED) {
  const lines = [];
  for (const [licence, packages] of Object.entries(report)) {
    for (const pkg of packages) {
      for (const version of pkg.versions) {
        const key = `${pkg.name}@${version}`;
        const verdict = reviewed[key] ? classify(reviewed[key]) : classify(pkg.license ?? licence);
        if (verdict === 'permissive') continue;
        const why =
          verdict === 'copyleft'
            ? 'copyleft licence'
            : 'licence not recognised (review it, then list it in REVIEWED)';
        lines.push(`${key}: ${pkg.license ?? licence} — ${why}`);
      }
    }
  }
  return lines.sort();
}

function main() {
  const result = spawnSync('pnpm', ['licenses', 'list', '--prod', '--json'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.error(`pnpm licenses list failed:\n${result.stderr}`);
    process.exit(1);
  }
  const report = JSON.parse(result.stdout || '{}');
  const count = Object.values(report).reduce((n, packages) => n + packages.length, 0);
  const found = problems(report);
  if (found.length > 0) {
    console.error(`Licence check: ${found.length} of ${count} production packages cannot ship:`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`Licence check: all ${count} production packages are under permissive licences.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
