#!/usr/bin/env node
/**
 * Inbox benchmark ("Speed"). Not a test: it prints figures.
 *
 * Against the production build served by the real server (run `pnpm build` first), in headless Debian Chromium,
 * for the load customer (apps/api `seed-load`: 10,000 prospects, 2,000 answers to handle), it prints:
 *   - time from navigation to the first painted list rows (cold runs),
 *   - time from a j or k key to the updated pane (median, p95),
 *   - the number of DOM elements, and the JS heap used.
 * Targets: first rows ≤ 1 s, j/k p95 ≤ 50 ms, ≤ 1,500 DOM elements.
 *
 * Usage: pnpm --filter @prospecta/web bench:inbox   (env: BENCH_PORT, CHROMIUM_PATH, BENCH_RUNS, BENCH_COUNT,
 *        BENCH_ANSWERS, BENCH_DATABASE_URL: measure on that PostgreSQL server instead of the embedded database)
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
  median,
  requireBuild,
  seedLoad,
  signIn,
  startServer,
  stats,
} from './harness.mjs';

const port = Number(process.env.BENCH_PORT ?? 3196);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const count = Number(process.env.BENCH_COUNT ?? 10_000);
const answers = Number(process.env.BENCH_ANSWERS ?? 2_000);
/** Moves before the timed ones (JIT and first-render warm-up), not counted. */
const WARMUP = 3;
const MOVES = 40;
const fail = failWith('inbox-bench');
requireBuild(fail);

/** Installed before any page script: records the first painted inbox row; measures one key press. */
function pageProbe() {
  const probe = { firstPaint: null };
  window.__bench = probe;
  const observer = new MutationObserver(() => {
    if (probe.firstPaint !== null || !document.querySelector('[data-testid="inbox-row"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      if (probe.firstPaint === null) probe.firstPaint = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });

  /** Time from the keydown to the paint after the pane's header changed (1 s: no change). */
  window.__benchMove = () =>
    new Promise((resolveMove) => {
      let start = null;
      const before = document.querySelector('[data-testid="inbox-pane"] h2')?.textContent ?? null;
      window.addEventListener('keydown', () => (start = performance.now()), {
        capture: true,
        once: true,
      });
      const mo = new MutationObserver(() => {
        const now = document.querySelector('[data-testid="inbox-pane"] h2')?.textContent ?? null;
        if (start === null || now === before) return;
        mo.disconnect();
        requestAnimationFrame(() => {
          clearTimeout(timer);
          resolveMove({ ms: performance.now() - start, changed: true });
        });
      });
      mo.observe(document.body, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => {
        mo.disconnect();
        resolveMove({ ms: NaN, changed: false });
      }, 1000);
    });
}

async function openInbox(browser, origin, session) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(
    ({ access, refresh, version }) => {
      localStorage.setItem('prospecta.token', access);
      localStorage.setItem('prospecta.refreshToken', refresh);
      localStorage.setItem('prospecta.locale', 'en');
      localStorage.setItem('prospecta.appVersion', version);
    },
    { access: session.access, refresh: session.refresh, version: APP_VERSION },
  );
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  await page.goto(`${origin}/users/${session.user.id}/inbox`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__bench?.firstPaint !== null, null, { timeout: 60_000 });
  const firstPaint = await page.evaluate(() => window.__bench.firstPaint);
  const rows = await page.locator('[data-testid="inbox-row"]').count();
  return { context, page, firstPaint, rows };
}

/** j through the list, then k back: each move selects the next answer and shows it in the pane. */
async function moves(page) {
  await page.locator('[data-testid="inbox-row"]').first().click();
  await page.locator('[data-testid="inbox-pane"] h2').waitFor();
  const times = [];
  let unchanged = 0;
  for (let i = 0; i < MOVES + WARMUP; i++) {
    const key = i < (MOVES + WARMUP) / 2 ? 'j' : 'k';
    const pending = page.evaluate(() => window.__benchMove());
    await page.waitForTimeout(20);
    await page.keyboard.press(key);
    const { ms, changed } = await pending;
    await page.waitForTimeout(60);
    if (i < WARMUP) continue;
    if (changed) times.push(ms);
    else unchanged++;
  }
  return { ...stats(times), unchanged };
}

async function main() {
  const database = await freshDatabase();
  console.log(
    `seeding the load customer: ${count} prospects, ${answers} answers (apps/api cli seed-load)…`,
  );
  await seedLoad(database, [
    '--count',
    String(count),
    '--answers',
    String(answers),
    '--campaign',
    '0',
  ]);
  const server = await startServer(database, port, fail);
  const browser = await chromium.launch(chromiumOptions);
  try {
    const session = await signIn(server.origin, 'load.customer@example.com', fail);
    const inbox = await (
      await fetch(`${server.origin}/api/v1/users/${session.user.id}/inbox-messages`, {
        headers: { Authorization: `Bearer ${session.access}`, 'X-App-Version': APP_VERSION },
      })
    ).json();
    const first = [];
    let rows = 0;
    for (let run = 0; run < runs; run++) {
      const opened = await openInbox(browser, server.origin, session);
      first.push(opened.firstPaint);
      rows = opened.rows;
      await opened.context.close();
    }
    const opened = await openInbox(browser, server.origin, session);
    const keys = await moves(opened.page);
    const size = await domAndHeap(opened.context, opened.page);
    await opened.context.close();

    console.log(
      `\ninbox of ${inbox.to_handle_count} answers to handle (${inbox.unread_count} unread), ${rows} rows rendered; ${runs} cold run(s), 1440×900, en; ${databaseLabel}; ${machineLoad()}`,
    );
    console.log(
      `first rows: median ${fmt(median(first))} ms (runs: ${first.map((n) => fmt(n)).join(', ')})`,
    );
    console.log(
      `j/k → pane updated: median ${fmt(keys.median, 1)} ms, p95 ${fmt(keys.p95, 1)} ms (${keys.n} moves, ${keys.unchanged} without change)`,
    );
    console.log(`DOM elements: ${size.dom}; JS heap used: ${fmt(size.heapMb, 1)} MB`);
    console.log('targets: first rows ≤ 1000 ms, j/k p95 ≤ 50 ms, DOM ≤ 1500 elements');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
