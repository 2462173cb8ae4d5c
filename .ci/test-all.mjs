#!/usr/bin/env node
/**
 * `pnpm test`: every test layer of the workspace, a summary per suite with the total duration, and one closing line
 *   N passed, N failed
 * totalled over all suites (the CI harness reads that line). Exits non-zero when anything failed.
 *
 * Suites: checks (contract lint, generated types, lint, typecheck, licences), vitest (unit, and the server on PGlite),
 * vitest on PostgreSQL (the server again), build, end-to-end (Playwright), stories (each story played once in
 * Chromium: its play function, its accessibility check and its screenshot against the baseline).
 * `node .ci/test-all.mjs vitest e2e` runs only the named suites (`vitest` names both vitest runs on Node 22). With
 * NODE24_BIN (set by .ci/run), the shared packages and a server smoke set run once more on Node 24 (suite `node24`).
 *
 * The suites run in three lanes at once, each lane one suite after the other: no single suite keeps both cores busy
 * all the time (the end-to-end suite has one browser and waits on its server, the checks and the Node 24 run are
 * single-threaded, vitest has one worker per core minus one), so the lanes fill each other's gaps:
 *   - checks, then the build and the end-to-end suite;
 *   - vitest (unit, and the server on PGlite), then vitest on Node 24;
 *   - the Storybook build, then the stories suite, then the server's suite on PostgreSQL (api-pg).
 * The lanes share no files: each suite writes its own outputs (dist/, storybook-static/, test-results/<suite>,
 * .visual-diff/, visual-report/). Every line a suite prints is prefixed with its name; the summary keeps the suites'
 * fixed order whatever order they end in.
 *
 * The stories' review page (the visual report) is written to visual-report/index.html.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });

const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The summary's lines by suite, printed in the order the suites are declared below. */
const summary = new Map();
const ORDER = [
  'contract lint',
  'generated types current',
  'eslint',
  'typecheck',
  'production licences',
  'vitest',
  'vitest on PostgreSQL',
  'vitest on node 24',
  'build (web + api)',
  'e2e',
  'build storybook',
  'visual harness unit test',
  'stories',
];

/** Runs a command, its output line by line prefixed with the suite's name (lanes print at the same time). */
function run(name, cmd, args, env = {}) {
  const started = Date.now();
  const prefix = `[${name}] `;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    const relay = (stream, out) => {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop();
        for (const line of lines) out.write(prefix + line + '\n');
      });
      stream.on('end', () => {
        if (pending) out.write(prefix + pending + '\n');
      });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    const done = (ok) => resolve({ ok, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('error', (error) => {
      process.stderr.write(`${prefix}${error.message}\n`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

function record(name, passed, failed, skipped, seconds, notes = []) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.set(name, [
    `${name.padEnd(28)} ${String(passed).padStart(5)} passed ${String(failed).padStart(4)} failed ${String(skipped).padStart(4)} skipped  ${seconds}s`,
    ...notes,
  ]);
}

/** A check counts as one test: it passes or fails as a whole. */
async function check(name, cmd, args, env) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const { ok, seconds } = await run(name, cmd, args, env);
  record(name, ok ? 1 : 0, ok ? 0 : 1, 0, seconds);
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

async function vitestSuite(name, projects = [], env = {}, config = []) {
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  rmSync(file, { force: true });
  const { ok, seconds } = await run(
    name,
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      ...config,
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  const report = readJson(file);
  if (!report) return record(name, 0, 1, 0, seconds);
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  // The failed tests are named in the summary: the CI log may keep only its end.
  const failedTitles = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `  failed in ${name}: ${relative(root, file.name)} › ${test.fullName}`),
  );
  record(
    name,
    report.numPassedTests,
    failed,
    report.numPendingTests + report.numTodoTests,
    seconds,
    failedTitles,
  );
}

/** A Playwright suite; its config's own reporters (the stories' review page) are kept when it adds the JSON one. */
async function playwrightSuite(name, config, { configReporters = false } = {}) {
  const file = join(out, `${name}.json`);
  rmSync(file, { force: true });
  console.log(`\n=== ${name}: playwright test -c ${config}`);
  const { ok, seconds } = await run(
    name,
    'pnpm',
    [
      'exec',
      'playwright',
      'test',
      '-c',
      config,
      ...(configReporters ? [] : ['--reporter=list,json']),
    ],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  const report = readJson(file);
  const stats = report?.stats;
  if (!stats) return record(name, 0, 1, 0, seconds);
  // A flaky test (failed, then passed on its retry) counts as passed but is named in the summary.
  // A failed one is named too: the CI log may keep only its end.
  const flaky = titlesWith(report, 'flaky').map((title) => `  flaky in ${name}: ${title}`);
  const failedTitles = titlesWith(report, 'unexpected').map(
    (title) => `  failed in ${name}: ${title}`,
  );
  const failed = stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
  record(name, stats.expected + stats.flaky, failed, stats.skipped, seconds, [
    ...flaky,
    ...failedTitles,
  ]);
}

/** The titles (file › title) of the specs whose test ended with this status ('flaky', 'unexpected'). */
function titlesWith(report, status) {
  const titles = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === status)) titles.push(`${spec.file} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return titles;
}

const wanted = new Set(process.argv.slice(2));
const want = (suite) => wanted.size === 0 || wanted.has(suite);

async function checksThenEndToEnd() {
  if (want('checks')) {
    await check('contract lint', 'pnpm', ['--filter', '@prospecta/api-client', 'lint:contract']);
    await check('generated types current', 'pnpm', [
      '--filter',
      '@prospecta/api-client',
      'check:generated',
    ]);
    await check('eslint', 'pnpm', ['lint']);
    await check('typecheck', 'pnpm', ['typecheck']);
    await check('production licences', 'node', ['.ci/licences.mjs']);
  }
  if (want('e2e')) {
    if (await check('build (web + api)', 'pnpm', ['build']))
      await playwrightSuite('e2e', 'e2e/playwright.config.ts');
  }
}

// The story tests' project (`storybook`, vitest browser mode) is not run here: the stories suite below plays every
// story, checks its accessibility and compares its screenshot in one pass. `pnpm test:stories` still runs it.
async function unitAndServer() {
  if (want('vitest')) {
    console.log('\n=== vitest: unit, server (PGlite)');
    await vitestSuite('vitest', [
      'tooling',
      'domain',
      'machines',
      'api-client',
      'ui',
      'web',
      'api',
    ]);
  }
  // The second supported Node line (24), when .ci/run provides it: the packages the server shares with the app and a
  // smoke set of the server (vitest.node24.config.ts). Everything else runs on Node 22 only.
  if (want('node24') && process.env.NODE24_BIN) {
    console.log(
      `\n=== vitest on Node 24 (${process.env.NODE24_BIN}): the shared packages and a server smoke set`,
    );
    await vitestSuite(
      'vitest on node 24',
      [],
      { PATH: `${process.env.NODE24_BIN}:${process.env.PATH}` },
      ['-c', 'vitest.node24.config.ts'],
    );
  }
}

async function stories() {
  if (want('stories') || want('visual')) {
    if (
      await check('build storybook', 'pnpm', [
        '--filter',
        '@prospecta/storybook',
        'build-storybook',
      ])
    ) {
      await check('visual harness unit test', 'pnpm', [
        'exec',
        'tsx',
        '--test',
        'e2e/visual/stories.test.ts',
      ]);
      if (existsSync(join(root, 'apps/storybook/storybook-static/index.json'))) {
        await playwrightSuite('stories', 'e2e/visual.config.ts', { configReporters: true });
      }
    }
  }
  // The server's suite on PostgreSQL, after the stories: the lane that ends first otherwise, so that neither the
  // vitest lane nor the checks' lane is the one everything waits for.
  if (want('vitest')) {
    console.log('\n=== vitest on PostgreSQL: the server (api-pg)');
    await vitestSuite('vitest on PostgreSQL', ['api-pg']);
  }
}

await Promise.all([checksThenEndToEnd(), unitAndServer(), stories()]);

const elapsed = Math.round((Date.now() - started) / 1000);
console.log('\n=== summary');
for (const name of ORDER) for (const line of summary.get(name) ?? []) console.log(line);
console.log(`total duration ${Math.floor(elapsed / 60)} min ${elapsed % 60} s (${elapsed} s)`);
// Exactly `N passed, N failed`, the line the CI harness reads; skipped tests are in the summary's table above.
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
