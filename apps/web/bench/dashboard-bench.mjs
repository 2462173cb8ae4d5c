#!/usr/bin/env node
/**
 * Dashboard benchmark ("Performance"). Not a test: it prints figures.
 *
 * Against the production build served by the real server (apps/api/dist + apps/web/dist, run `pnpm build` first),
 * in headless Debian Chromium (/usr/bin/chromium, never a downloaded browser), for a 10,000-prospect customer (the server's load seed) and for the demo customer
 * (about 300 prospects), it prints:
 *   - time from navigation to the first painted prospect cards,
 *   - time from a search keystroke to the updated columns (median and p95 over 20 keystrokes),
 *   - the number of DOM elements on the page,
 *   - the JS heap used,
 * and the login route's initial JavaScript, gzipped.
 *
 * and the server process's memory after the runs.
 *
 * With BENCH_IMPORTED=csv (or xlsx), the measured customer's prospects arrive the way a customer's do instead of from
 * the load seed: a customer and a staff member made by the server's CLI (`create-user`), then, through the server's
 * calls, the staff member starts a campaign for the customer (the builder's draft) and imports a generated file of
 * BENCH_COUNT rows into it, one row in 1,000 with an address the validation refuses (apps/api/scripts/bench-import-run.ts,
 * the file and the calls of bench:import). Once the import is stored, the script checks what the customer sees: as
 * many prospects on the board (the dashboard call, and the columns' counts in the page) as rows stored, which are the
 * file's rows less the refused ones, and the campaign in the customer's list with that many prospects.
 *
 * Usage: pnpm --filter @prospecta/web bench:dashboard   (env: BENCH_PORT, CHROMIUM_PATH, BENCH_RUNS, BENCH_COUNT: the load
 * customer's prospects, 10,000 by default; BENCH_IMPORTED=csv|xlsx: imported as above instead; BENCH_DEMO=0 skips the
 * demo customer; BENCH_DATABASE_URL measures on that PostgreSQL server instead of the embedded database)
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
// playwright-core's API, through the root 'playwright' package (the workspace's one Playwright install).
import { chromium } from 'playwright';
// Loads the import's TypeScript module (shared with bench:import) as the server's scripts run.
import { tsImport } from 'tsx/esm/api';
import {
  APP_VERSION,
  DEMO_PASSWORD,
  chromiumOptions,
  databaseLabel,
  failWith,
  fmt,
  freshDatabase,
  machineLoad,
  percentile,
  requireBuild,
  root,
  runCli,
  seedLoad as seedWith,
  signIn as tokensFor,
  startServer as startOn,
} from './harness.mjs';

const webIndex = join(root, 'apps/web/dist/index.html');
const port = Number(process.env.BENCH_PORT ?? 3197);
const origin = `http://127.0.0.1:${port}`;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const count = Number(process.env.BENCH_COUNT ?? 10_000);
const withDemo = process.env.BENCH_DEMO !== '0';
const imported = process.env.BENCH_IMPORTED;
/** The imported file's rows the validation refuses: one in BAD_EVERY. */
const BAD_EVERY = 1000;
const IMPORTED_CUSTOMER = 'imported.customer@example.com';
const IMPORTING_STAFF = 'imported.staff@example.com';
const KEYSTROKES = 20;
/** Keystrokes before the timed ones (JIT and first-render warm-up), not counted. */
const WARMUP = 2;
const fail = failWith('dashboard-bench');
requireBuild(fail);
if (imported !== undefined && imported !== 'csv' && imported !== 'xlsx')
  fail(`BENCH_IMPORTED is csv or xlsx, not "${imported}"`);
// The seed's answers to handle (2,000 by default) cannot outnumber its prospects.
const seedLoad = (database, count) =>
  seedWith(database, [
    '--count',
    String(count),
    '--answers',
    String(Math.min(2000, count)),
    '--campaign',
    '0',
  ]);
const startServer = (database) => startOn(database, port, fail);
const signIn = (email) => tokensFor(origin, email, fail);

const authOf = (tokens) => ({
  Authorization: `Bearer ${tokens.access}`,
  'X-App-Version': APP_VERSION,
});

async function dashboardSize(tokens) {
  const response = await fetch(`${origin}/api/v1/users/${tokens.user.id}/dashboard`, {
    headers: authOf(tokens),
  });
  if (!response.ok) fail(`the dashboard call answered ${response.status}`);
  const body = await response.json();
  return body.prospects.length;
}

/** A browser context signed in as `session` (its tokens in the app's storage), in English, cold (no cache). */
async function signedInContext(browser, session) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(
    ({ access, refresh }) => {
      localStorage.setItem('prospecta.token', access);
      localStorage.setItem('prospecta.refreshToken', refresh);
      localStorage.setItem('prospecta.locale', 'en');
      localStorage.setItem('prospecta.appVersion', '2.3.5');
    },
    { access: session.access, refresh: session.refresh },
  );
  return context;
}

/**
 * The imported customer's campaign (BENCH_IMPORTED), on a running server whose database has the two accounts
 * `create-user` made: the staff member starts a draft for the customer, then imports a generated file of `count`
 * rows into it through the server's calls, until stored.
 */
async function importCampaign(database, format) {
  const { importFile, writeProspectsFile, badRows } = await tsImport(
    pathToFileURL(join(root, 'apps/api/scripts/bench-import-run.ts')).href,
    import.meta.url,
  );
  const staff = await signIn(IMPORTING_STAFF);
  const customer = await signIn(IMPORTED_CUSTOMER);
  const name = `Imported ${count.toLocaleString('en')} (${format.toUpperCase()})`;
  const response = await fetch(`${origin}/api/v1/users/${customer.user.id}/campaign-drafts`, {
    method: 'POST',
    headers: { ...authOf(staff), 'content-type': 'application/json' },
    body: JSON.stringify({ name, language: 'en' }),
  });
  if (response.status !== 201)
    fail(`the draft's creation answered ${response.status}: ${await response.text()}`);
  const draft = await response.json();
  const file = join(database.dir, `prospects.${format}`);
  console.log(`writing ${count.toLocaleString('en')} rows (${format.toUpperCase()})…`);
  await writeProspectsFile(file, format, count, { badEvery: BAD_EVERY });
  console.log('importing them through the server’s calls (upload, analysis, validation, commit)…');
  const { done, steps } = await importFile(origin, authOf(staff), draft.id, file);
  rmSync(file);
  return {
    campaignId: draft.id,
    name,
    format,
    rows: count,
    refused: badRows(count, BAD_EVERY),
    counts: done.counts,
    steps,
  };
}

/**
 * What the imported customer sees, checked once the import is stored: the file's rows less the refused ones stored,
 * as many on the board (dashboard call) and the campaign in the customer's list (call and page) with as many
 * prospects. The board's own counts are read by `measureDashboard` in the page.
 */
async function checkImported(browser, campaign) {
  const stored = campaign.rows - campaign.refused;
  const { counts } = campaign;
  if (counts.rows !== campaign.rows || counts.refused !== campaign.refused)
    fail(
      `the import counted ${counts.rows} rows and ${counts.refused} refused, not ${campaign.rows} and ${campaign.refused}`,
    );
  if (counts.imported !== stored) fail(`the import stored ${counts.imported} rows, not ${stored}`);
  const customer = await signIn(IMPORTED_CUSTOMER);
  // The first dashboard call after the import builds the list (the server's list cache keeps it for the next ones).
  const started = performance.now();
  const onBoard = await dashboardSize(customer);
  const firstCallMs = performance.now() - started;
  if (onBoard !== stored) fail(`the dashboard call holds ${onBoard} prospects, not ${stored}`);
  const response = await fetch(`${origin}/api/v1/users/${customer.user.id}/campaigns`, {
    headers: authOf(customer),
  });
  if (!response.ok) fail(`the campaigns call answered ${response.status}`);
  const listed = (await response.json()).campaigns.find((c) => c.id === campaign.campaignId);
  if (!listed) fail(`the campaign ${campaign.campaignId} is not in the customer's list`);
  if (listed.prospects_count !== stored)
    fail(
      `the customer's list gives the campaign ${listed.prospects_count} prospects, not ${stored}`,
    );
  const context = await signedInContext(browser, customer);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/users/${customer.user.id}/campaigns`);
    await page
      .getByRole('table', { name: 'Campaigns' })
      .getByRole('link', { name: campaign.name })
      .waitFor({ timeout: 60_000 });
  } finally {
    await context.close();
  }
  return { stored, onBoard, firstCallMs, listedCount: listed.prospects_count };
}

/** Installed before any page script: records when the first card is painted, and measures keystrokes. */
function pageProbe() {
  const probe = { firstCardPaint: null, keystrokes: [] };
  window.__bench = probe;
  const seen = () => {
    if (probe.firstCardPaint !== null) return;
    if (document.querySelector('[data-testid="prospect-card"]')) {
      // The frame after the DOM change is the one that paints it.
      requestAnimationFrame(() => {
        if (probe.firstCardPaint === null) probe.firstCardPaint = performance.now();
      });
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });

  /** Time from the keydown to the paint after the board's DOM changed (or 1 s when nothing changes). */
  window.__benchKeystroke = () =>
    new Promise((resolveKeystroke) => {
      const board = document.querySelector('[data-testid="dashboard-board"]') ?? document.body;
      let start = null;
      const onKey = () => {
        start = performance.now();
      };
      window.addEventListener('keydown', onKey, { capture: true, once: true });
      const mo = new MutationObserver(() => {
        mo.disconnect();
        requestAnimationFrame(() => {
          const end = performance.now();
          clearTimeout(timer);
          resolveKeystroke({ ms: end - (start ?? end), changed: true });
        });
      });
      mo.observe(board, { childList: true, subtree: true, characterData: true, attributes: true });
      const timer = setTimeout(() => {
        mo.disconnect();
        resolveKeystroke({ ms: performance.now() - (start ?? performance.now()), changed: false });
      }, 1000);
    });
}

async function measureDashboard(browser, email) {
  const tokens = await signIn(email);
  const prospects = await dashboardSize(tokens);
  const loads = [];
  const apiTimes = [];
  let keystrokes = [];
  let domElements = 0;
  let boardCount = 0;
  let heapUsed = 0;
  let unchanged = 0;

  for (let run = 0; run < runs; run++) {
    // A fresh sign-in per run: refresh tokens rotate, and each context starts cold (no cache).
    const session = run === 0 ? tokens : await signIn(email);
    const context = await signedInContext(browser, session);
    await context.addInitScript(pageProbe);
    const page = await context.newPage();
    await page.goto(`${origin}/users/${session.user.id}/dashboard`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench?.firstCardPaint !== null, null, {
      timeout: 60_000,
    });
    loads.push(await page.evaluate(() => window.__bench.firstCardPaint));
    apiTimes.push(
      await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => /\/api\/v1\/users\/\d+\/dashboard$/.test(e.name));
        return entry
          ? { start: entry.startTime, end: entry.responseEnd, kb: entry.encodedBodySize / 1024 }
          : null;
      }),
    );

    if (run === runs - 1) {
      await page.waitForTimeout(500);
      domElements = await page.evaluate(() => document.getElementsByTagName('*').length);
      // What the columns' headers show before any search.
      boardCount = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid^="dashboard-column-"][data-count]')].reduce(
          (sum, column) => sum + Number(column.getAttribute('data-count')),
          0,
        ),
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      heapUsed = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

      const box = page.getByRole('searchbox').first();
      await box.click();
      // Keystrokes that change the board: type the start of a last name shown on the board letter by letter
      // (each letter narrows the match), then erase it letter by letter (each Backspace widens it again).
      const names = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="prospect-card"]')]
          .map((card) => (card.getAttribute('data-prospect-name') ?? '').split(' ').pop() ?? '')
          .filter((name) => name.length >= 5),
      );
      const keys = [];
      for (const name of names) {
        const word = name.slice(0, 5).toLowerCase();
        keys.push(...word, ...Array(word.length).fill('Backspace'));
        if (keys.length >= 3 * (KEYSTROKES + WARMUP)) break;
      }
      const times = [];
      for (let i = 0; i < keys.length && times.length < KEYSTROKES; i++) {
        const pending = page.evaluate(() => window.__benchKeystroke());
        await page.waitForTimeout(20);
        if (keys[i] === 'Backspace') await page.keyboard.press('Backspace');
        else await page.keyboard.type(keys[i]);
        const { ms, changed } = await pending;
        await page.waitForTimeout(50);
        if (i < WARMUP) continue;
        // A keystroke that leaves the board as it was (same matches) measures nothing: it is counted, not timed.
        if (!changed) {
          unchanged++;
          continue;
        }
        times.push(ms);
      }
      keystrokes = times;
    }
    await context.close();
  }
  const sortedKeys = [...keystrokes].sort((a, b) => a - b);
  const sortedLoads = [...loads].sort((a, b) => a - b);
  // The part of the first-cards time spent in the page once the dashboard call has answered (parse, sort, render).
  const client = loads
    .map((load, i) => (apiTimes[i] ? load - apiTimes[i].end : NaN))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
  const starts = apiTimes
    .filter(Boolean)
    .map((t) => t.start)
    .sort((a, b) => a - b);
  return {
    prospects,
    boardCount,
    clientMs: percentile(client, 50),
    callStartMs: percentile(starts, 50),
    firstCardsMs: percentile(sortedLoads, 50),
    firstCardsAll: loads,
    apiTimes,
    keystrokeMedianMs: percentile(sortedKeys, 50),
    keystrokeP95Ms: percentile(sortedKeys, 95),
    unchanged,
    domElements,
    heapUsedMb: heapUsed / (1024 * 1024),
  };
}

/** The JavaScript the login route loads before it is interactive, gzipped (level 9, like a CDN would serve it). */
async function measureLoginJs(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' || !response.ok()) return;
    try {
      scripts.set(response.url(), await response.body());
    } catch {
      // A body that is no longer available (navigation): ignored.
    }
  });
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await context.close();
  // The initial set: the entry script and the modulepreloads of index.html (what the first chunk needs to run);
  // the rest (the sign-in screen, the messages) loads on demand beside /config.json.
  const html = readFileSync(webIndex, 'utf8');
  const initial = new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]),
  );
  const all = { files: 0, raw: 0, gzipped: 0 };
  const first = { files: 0, raw: 0, gzipped: 0 };
  for (const [url, body] of scripts) {
    const gzipped = gzipSync(body, { level: 9 }).length;
    for (const sum of initial.has(new URL(url).pathname) ? [all, first] : [all]) {
      sum.files += 1;
      sum.raw += body.length;
      sum.gzipped += gzipped;
    }
  }
  const kb = (sum) => ({ files: sum.files, rawKb: sum.raw / 1024, gzipKb: sum.gzipped / 1024 });
  return { ...kb(first), all: kb(all) };
}

async function main() {
  const browser = await chromium.launch(chromiumOptions);
  const results = [];
  let loginJs = null;
  let campaign = null;
  let seen = null;
  try {
    // 10,000 prospects (BENCH_COUNT): the server's load seed for load.customer@example.com, or imported (BENCH_IMPORTED).
    const loadDatabase = await freshDatabase();
    if (imported) {
      for (const [email, staff] of [
        [IMPORTED_CUSTOMER, false],
        [IMPORTING_STAFF, true],
      ])
        await runCli(loadDatabase, [
          'create-user',
          '--email',
          email,
          '--password',
          DEMO_PASSWORD,
          '--first-name',
          'Bench',
          '--last-name',
          staff ? 'Staff' : 'Imported',
          ...(staff ? ['--staff'] : ['--company', 'Imported prospects']),
        ]);
    } else {
      console.log(`seeding ${count.toLocaleString('en')} prospects (apps/api cli seed-load)…`);
      await seedLoad(loadDatabase, count);
    }
    const load = await startServer(loadDatabase);
    try {
      if (imported) {
        campaign = await importCampaign(loadDatabase, imported);
        seen = await checkImported(browser, campaign);
      }
      const measured = await measureDashboard(
        browser,
        imported ? IMPORTED_CUSTOMER : 'load.customer@example.com',
      );
      if (seen && measured.boardCount !== seen.stored)
        fail(`the board's columns count ${measured.boardCount} prospects, not ${seen.stored}`);
      results.push({
        label: imported
          ? `${count.toLocaleString('en')} rows imported (${imported.toUpperCase()})`
          : `${count.toLocaleString('en')} prospects`,
        ...measured,
        serverMb: load.memoryMb(),
      });
      loginJs = await measureLoginJs(browser);
    } finally {
      await load.stop();
    }
    // About 300 prospects: the demo customer.
    if (withDemo) {
      const demo = await startServer(await freshDatabase());
      try {
        results.push({
          label: 'demo (~300 prospects)',
          ...(await measureDashboard(browser, 'customer@example.com')),
          serverMb: demo.memoryMb(),
        });
      } finally {
        await demo.stop();
      }
    }
  } finally {
    await browser.close();
  }

  console.log(
    `\nDashboard benchmark (production build, real server, headless Chromium, ${databaseLabel}); ${machineLoad()}`,
  );
  console.log(
    `runs per dataset: ${runs} (first-cards figure is the median), ${KEYSTROKES} timed keystrokes after ${WARMUP} warm-up ones\n`,
  );
  if (campaign) {
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `imported customer (${IMPORTED_CUSTOMER}): campaign “${campaign.name}”, a ${campaign.format.toUpperCase()} of ${campaign.rows} rows, ${campaign.refused} of them refused; ` +
        `${campaign.steps.map((step) => `${step.step} done at ${s(step.ms)}`).join(', ')}; counts ${JSON.stringify(campaign.counts)}`,
    );
    console.log(
      `what the customer sees (checked): ${seen.stored} prospects stored (rows less refused), ${seen.onBoard} in the dashboard call ` +
        `(the first, which builds the list: ${fmt(seen.firstCallMs)} ms), ` +
        `${results[0].boardCount} in the board's column counts, the campaign in their list with ${seen.listedCount} prospects\n`,
    );
  }
  const rows = [
    [
      'dataset',
      'prospects',
      'column counts',
      'first cards (ms)',
      'call starts (ms)',
      'after the answer (ms)',
      'keystroke median (ms)',
      'keystroke p95 (ms)',
      'DOM elements',
      'JS heap (MB)',
      'server RSS (MB)',
    ],
    ...results.map((r) => [
      r.label,
      String(r.prospects),
      String(r.boardCount),
      fmt(r.firstCardsMs),
      fmt(r.callStartMs),
      fmt(r.clientMs),
      fmt(r.keystrokeMedianMs, 1),
      fmt(r.keystrokeP95Ms, 1),
      String(r.domElements),
      fmt(r.heapUsedMb, 1),
      fmt(r.serverMb),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  for (const r of results) {
    if (r.unchanged > 0)
      console.log(
        `note: ${r.label}: ${r.unchanged} keystroke(s) left the board unchanged and were not timed`,
      );
    console.log(
      `${r.label}: first cards per run (ms): ${r.firstCardsAll.map((n) => fmt(n)).join(', ')}`,
    );
    console.log(
      `${r.label}: dashboard call per run (request start → response end, ms; body KB): ${r.apiTimes
        .map((t) => (t ? `${fmt(t.start)} → ${fmt(t.end)} (${fmt(t.kb)} KB)` : 'n/a'))
        .join(', ')}`,
    );
  }
  if (loginJs) {
    console.log(
      `\nlogin route initial JS (entry + modulepreloads of index.html): ${loginJs.files} file(s), ${fmt(loginJs.rawKb, 1)} KB raw, ${fmt(loginJs.gzipKb, 1)} KB gzipped`,
    );
    console.log(
      `login route, all JS until the network is idle (with the on-demand sign-in screen and messages): ${loginJs.all.files} file(s), ${fmt(loginJs.all.rawKb, 1)} KB raw, ${fmt(loginJs.all.gzipKb, 1)} KB gzipped`,
    );
  }
  console.log('"call starts": median time from navigation to the start of the dashboard request.');
  console.log(
    '"after the answer": median time from the end of the dashboard call to the first painted cards.',
  );
  console.log(
    'targets: first cards ≤ 1000 ms at 10,000 prospects and ≤ 600 ms for the demo customer (≤ 2000 ms at 100,000), ' +
      'call starts ≤ 300 ms, keystroke p95 < 50 ms (≤ 100 ms at 100,000), DOM < 1500 elements, login JS until the network is idle ≤ 150 KB gzipped',
  );
}

main().catch((error) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
