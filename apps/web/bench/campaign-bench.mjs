#!/usr/bin/env node
/**
 * Campaign detail benchmark ("Speed"). Not a test: it prints figures.
 *
 * Against the production build served by the real server (run `pnpm build` first), in headless Debian Chromium,
 * for the load seed's 10,000-prospect campaign (apps/api `seed-load`, user load.campaign@example.com), it prints:
 *   - time from navigation to the first painted rows, in the column view and in the table view,
 *   - time from a sort click (table header) to the updated table (median, p95),
 *   - time from a search keystroke to the updated view (median, p95), in both views,
 *   - the number of DOM elements, and the JS heap used.
 * Targets: first rows ≤ 1 s, sort and keystroke p95 ≤ 50 ms, ≤ 1,500 DOM elements.
 *
 * Usage: pnpm --filter @prospecta/web bench:campaign   (env: BENCH_PORT, CHROMIUM_PATH, BENCH_RUNS;
 *        BENCH_FIRST_ONLY=1 prints only the first-rows figures; BENCH_DATABASE_URL measures on that PostgreSQL server)
 */
// playwright-core's API, through the root 'playwright' package (the workspace's one Playwright install).
import { chromium } from 'playwright';
import {
  APP_VERSION,
  chromiumOptions,
  databaseLabel,
  domAndHeap,
  failWith,
  fmt,
  freshDatabase,
  machineLoad,
  percentile,
  requireBuild,
  seedLoad,
  signIn as tokensFor,
  startServer,
  stats,
} from './harness.mjs';

const port = Number(process.env.BENCH_PORT ?? 3198);
const origin = `http://127.0.0.1:${port}`;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** Keystrokes before the timed ones (JIT and first-render warm-up), not counted. */
const WARMUP = 2;
const fail = failWith('campaign-bench');
requireBuild(fail);
const signIn = (email) => tokensFor(origin, email, fail);

async function firstCampaign(tokens) {
  const response = await fetch(`${origin}/api/v1/users/${tokens.user.id}/campaigns`, {
    headers: { Authorization: `Bearer ${tokens.access}`, 'X-App-Version': APP_VERSION },
  });
  if (!response.ok) fail(`the campaigns call answered ${response.status}`);
  const { campaigns } = await response.json();
  if (campaigns.length === 0) fail('the load campaign user has no campaign');
  return campaigns[0];
}

/** Installed before any page script: records the first painted card or table row; measures one interaction. */
function pageProbe() {
  const probe = { firstPaint: null };
  window.__bench = probe;
  const seen = () => {
    if (probe.firstPaint !== null) return;
    if (
      document.querySelector(
        '[data-testid="prospect-card"], [aria-label="Prospects of the campaign"] tbody tr td button',
      )
    ) {
      requestAnimationFrame(() => {
        if (probe.firstPaint === null) probe.firstPaint = performance.now();
      });
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });

  /** Time from the input event (keydown or click) to the paint after the view's DOM changed (1 s: no change). */
  window.__benchInteraction = (kind) =>
    new Promise((resolveInteraction) => {
      const view = document.querySelector('[data-testid="campaign-page"]') ?? document.body;
      let start = null;
      const onInput = () => {
        start = performance.now();
      };
      window.addEventListener(kind, onInput, { capture: true, once: true });
      const mo = new MutationObserver(() => {
        mo.disconnect();
        requestAnimationFrame(() => {
          const end = performance.now();
          clearTimeout(timer);
          resolveInteraction({ ms: end - (start ?? end), changed: true });
        });
      });
      mo.observe(view, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => {
        mo.disconnect();
        resolveInteraction({
          ms: performance.now() - (start ?? performance.now()),
          changed: false,
        });
      }, 1000);
    });
}

async function openPage(browser, email, view) {
  const session = await signIn(email);
  const campaign = await firstCampaign(session);
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(
    ({ access, refresh, view }) => {
      localStorage.setItem('prospecta.token', access);
      localStorage.setItem('prospecta.refreshToken', refresh);
      localStorage.setItem('prospecta.locale', 'en');
      localStorage.setItem('prospecta.appVersion', '2.3.5');
      localStorage.setItem('prospecta.campaignView', view);
    },
    { access: session.access, refresh: session.refresh, view },
  );
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${origin}/users/${session.user.id}/campaigns/${campaign.id}`, {
    waitUntil: 'commit',
  });
  await page.waitForFunction(() => window.__bench?.firstPaint !== null, null, { timeout: 60_000 });
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    (await import('node:fs')).writeFileSync(
      `${process.env.BENCH_PROFILE}-${view}.cpuprofile`,
      JSON.stringify(profile),
    );
  }
  const firstPaint = await page.evaluate(() => window.__bench.firstPaint);
  // When the campaign call left and came back, after navigation (the data starts as soon as the app can).
  const request = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => /\/api\/v2\/campaigns\/\d+$/.test(e.name));
    return entry ? { start: entry.startTime, end: entry.responseEnd } : null;
  });
  if (process.env.BENCH_TRACE) {
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => [
          e.name.replace(location.origin, ''),
          Math.round(e.startTime),
          Math.round(e.responseEnd),
        ]),
    );
    console.log(
      `first paint ${Math.round(firstPaint)} ms; requests (start → end):\n${entries.map(([n, a, b]) => `  ${a} → ${b}  ${n}`).join('\n')}`,
    );
  }
  // A login modal (unread answers, tutorial) would take the keyboard: close whatever opened.
  await page.keyboard.press('Escape');
  await page.waitForTimeout(200);
  return { context, page, firstPaint, request, prospects: campaign.prospects_count };
}

async function keystrokes(page) {
  await page.locator('input[type="search"]').first().focus();
  // Type the start of surnames letter by letter, then erase: every key narrows or widens the match.
  const keys = [
    ...'dubo',
    'Backspace',
    'Backspace',
    'Backspace',
    'Backspace',
    ...'mar',
    'Backspace',
    'Backspace',
    'Backspace',
    ...'lef',
    'Backspace',
    'Backspace',
    'Backspace',
    ...'ber',
    'Backspace',
    'Backspace',
    'Backspace',
  ];
  const times = [];
  let unchanged = 0;
  for (let i = 0; i < keys.length; i++) {
    const pending = page.evaluate(() => window.__benchInteraction('keydown'));
    await page.waitForTimeout(20);
    if (keys[i] === 'Backspace') await page.keyboard.press('Backspace');
    else await page.keyboard.type(keys[i]);
    const { ms, changed } = await pending;
    await page.waitForTimeout(50);
    if (i < WARMUP) continue;
    if (!changed) unchanged++;
    else times.push(ms);
  }
  return { ...stats(times), unchanged };
}

async function sortClicks(page) {
  const headers = ['Last name', 'First name', 'Company', 'Position', 'Status'];
  const times = [];
  for (let i = 0; i < 2 * headers.length + WARMUP; i++) {
    const name = headers[i % headers.length];
    const pending = page.evaluate(() => window.__benchInteraction('click'));
    await page.waitForTimeout(20);
    await page.locator('th button', { hasText: name }).first().dispatchEvent('click');
    const { ms, changed } = await pending;
    await page.waitForTimeout(50);
    if (i >= WARMUP && changed) times.push(ms);
  }
  return stats(times);
}

/** Chooses the table's largest page size; returns it. */
async function largestPage(page) {
  await page.locator('input[type="search"]').first().fill('');
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  const options = page.getByRole('option');
  const sizes = (await options.allTextContents()).map(Number).filter(Number.isFinite);
  const largest = Math.max(...sizes);
  await options.filter({ hasText: new RegExp(`^${largest}$`) }).click();
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[aria-label="Prospects of the campaign"] tbody tr').length === n,
    largest,
  );
  return largest;
}

async function main() {
  const size = Number(process.env.BENCH_CAMPAIGN_SIZE ?? 10_000);
  const database = await freshDatabase();
  console.log(`seeding a ${size}-prospect campaign (apps/api cli seed-load)…`);
  await seedLoad(database, ['--count', '8', '--answers', '0', '--campaign', String(size)]);
  const server = await startServer(database, port, fail);
  const browser = await chromium.launch(chromiumOptions);
  const email = 'load.campaign@example.com';
  try {
    const first = { column: [], table: [] };
    const requests = [];
    let prospects = 0;
    for (let run = 0; run < runs; run++) {
      for (const view of ['column', 'table']) {
        const opened = await openPage(browser, email, view);
        prospects = opened.prospects;
        first[view].push(opened.firstPaint);
        if (opened.request) requests.push(opened.request);
        await opened.context.close();
      }
    }
    const med = (values) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const firstLines = () => {
      console.log(
        `\ncampaign of ${prospects} prospects, ${runs} cold run(s) per view, 1440×900, en; ${databaseLabel}; ${machineLoad()}`,
      );
      console.log(
        `campaign call, after navigation: leaves at ${fmt(med(requests.map((r) => r.start)))} ms, answered at ${fmt(med(requests.map((r) => r.end)))} ms (median of ${requests.length})`,
      );
      console.log(
        `first rows, column view: median ${fmt(med(first.column))} ms (runs: ${first.column.map((n) => fmt(n)).join(', ')})`,
      );
      console.log(
        `first rows, table view:  median ${fmt(med(first.table))} ms (runs: ${first.table.map((n) => fmt(n)).join(', ')})`,
      );
    };
    if (process.env.BENCH_FIRST_ONLY) {
      firstLines();
      return;
    }
    const column = await openPage(browser, email, 'column');
    const columnKeys = await keystrokes(column.page);
    const columnSize = await domAndHeap(column.context, column.page);
    await column.context.close();
    const table = await openPage(browser, email, 'table');
    const sorts = await sortClicks(table.page);
    const tableKeys = await keystrokes(table.page);
    const tableSize = await domAndHeap(table.context, table.page);
    // The largest page size the table offers: the DOM target holds for every choice, not only the default.
    const largest = await largestPage(table.page);
    const largestSize = await domAndHeap(table.context, table.page);
    await table.context.close();

    firstLines();
    console.log(
      `sort click → table updated: median ${fmt(sorts.median, 1)} ms, p95 ${fmt(sorts.p95, 1)} ms (${sorts.n} clicks)`,
    );
    console.log(
      `keystroke → columns updated: median ${fmt(columnKeys.median, 1)} ms, p95 ${fmt(columnKeys.p95, 1)} ms (${columnKeys.n} keys, ${columnKeys.unchanged} without change)`,
    );
    console.log(
      `keystroke → table updated:   median ${fmt(tableKeys.median, 1)} ms, p95 ${fmt(tableKeys.p95, 1)} ms (${tableKeys.n} keys, ${tableKeys.unchanged} without change)`,
    );
    console.log(
      `DOM elements: column view ${columnSize.dom}, table view ${tableSize.dom}, table view at ${largest} rows a page ${largestSize.dom}`,
    );
    console.log(
      `JS heap used: column view ${fmt(columnSize.heapMb, 1)} MB, table view ${fmt(tableSize.heapMb, 1)} MB`,
    );
    console.log(
      'targets: first rows ≤ 1000 ms, sort and keystroke p95 ≤ 50 ms, DOM ≤ 1500 elements',
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
