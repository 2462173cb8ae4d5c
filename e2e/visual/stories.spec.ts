import { expect, test as base, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_VIEWPORT, storyContextOptions } from './context';
import { storyEntries, screenshotName } from './stories';

const root = fileURLToPath(new URL('../../', import.meta.url));
const indexPath = resolve(
  root,
  process.env.STORYBOOK_STATIC_DIR ?? 'apps/storybook/storybook-static',
  'index.json',
);
const stories = storyEntries(JSON.parse(readFileSync(indexPath, 'utf8')));

/**
 * One page per worker, kept from story to story: each story is still opened by a full navigation (a fresh document,
 * its storage cleared first), but in the same tab, so the Storybook bundle comes from the cache, already compiled,
 * and no browser context or renderer process is started per story (that start-up was most of a story's time). A
 * failed test ends its worker, so a retry starts on a fresh page.
 */
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        ...storyContextOptions,
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

test('the built Storybook has stories to compare', () => {
  expect(stories.length).toBeGreaterThan(0);
});

/**
 * Counts the page's requests in flight (MSW answers inside the service worker, so a mocked call is in flight until
 * its answer arrives). `settled` waits until none has been in flight for `quietMs`: unlike Playwright's
 * 'networkidle' (a fixed 500 ms of silence), a story without requests goes on at once.
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  const started = () => change(1);
  const ended = () => change(-1);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled({ quietMs, timeoutMs }: { quietMs: number; timeoutMs: number }) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < quietMs))
        await page.waitForTimeout(25);
    },
    /** Stops counting (the page outlives the story). */
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Storybook's default viewport presets (storybook/viewport MINIMAL_VIEWPORTS), for stories that name one. */
const MINIMAL_VIEWPORTS: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
  desktop: { width: 1280, height: 1024 },
};

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    currentRender?: {
      phase?: string;
      story?: {
        storyGlobals?: { viewport?: { value?: string; isRotated?: boolean } };
        parameters?: {
          viewport?: { options?: Record<string, { styles?: { width?: string; height?: string } }> };
        };
      };
    };
  };
}

/** Opens the story and waits until it is rendered, its play function done and its requests settled. */
async function openStory(page: Page, id: string) {
  // Nothing a previous story stored (a language, a dismissed tip) carries over to this one.
  if (page.url().startsWith('http'))
    await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
  const network = trackRequests(page);
  try {
    await showStory(page, id);
    // Let data requests settle; a Loading story keeps its request pending on purpose, so cap the wait.
    // toHaveScreenshot then waits for two identical frames before it compares.
    await network.settled({ quietMs: 100, timeoutMs: 3_000 });
  } finally {
    network.stop();
  }
}

async function showStory(page: Page, id: string) {
  // The story tests (vitest) already fail on accessibility violations: here the a11y addon stays manual, so
  // axe does not run a second time before every screenshot.
  await page.goto(`/iframe.html?id=${id}&viewMode=story&globals=a11y.manual:!true`);
  // Wait until Storybook has rendered the story and its play function has finished.
  await page.waitForFunction(
    () => {
      const root = document.querySelector('#storybook-root');
      const done =
        document.body.classList.contains('sb-show-main') ||
        document.body.classList.contains('sb-show-errordisplay');
      return Boolean(root) && done;
    },
    undefined,
    { timeout: 15_000 },
  );
  const phase = await page.waitForFunction(
    () => {
      const phase = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender?.phase;
      return phase === 'finished' || phase === 'completed' || phase === 'errored' ? phase : null;
    },
    undefined,
    { timeout: 20_000 },
  );
  // A play function that failed (a step that timed out) would otherwise show as a screenshot of the story half played.
  expect(await phase.jsonValue(), 'the story’s play function finished without an error').not.toBe(
    'errored',
  );
  await page.evaluate(() => document.fonts.ready);
}

/** The size of the viewport the story names in its globals (a phone, a laptop width), or null for the default. */
async function storyViewport(page: Page): Promise<{ width: number; height: number } | null> {
  return page.evaluate((presets) => {
    const story = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender?.story;
    const chosen = story?.storyGlobals?.viewport;
    if (!chosen?.value) return null;
    const styles = story?.parameters?.viewport?.options?.[chosen.value]?.styles;
    const size = styles
      ? { width: parseInt(styles.width ?? '', 10), height: parseInt(styles.height ?? '', 10) }
      : presets[chosen.value];
    if (!size || !Number.isFinite(size.width) || !Number.isFinite(size.height)) return null;
    return chosen.isRotated ? { width: size.height, height: size.width } : size;
  }, MINIMAL_VIEWPORTS);
}

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ storyPage: page }) => {
    const errors: string[] = [];
    const onError = (error: Error) => {
      // The mock service worker's registration, kept by the tab from story to story, may be checked for an update
      // while the previous story's page lets it go: not this story's error (a story whose mocks did not answer
      // still fails on its screenshot).
      if (
        !/^Failed to update a ServiceWorker for scope .*mockServiceWorker\.js/.test(error.message)
      )
        errors.push(error.message);
    };
    page.on('pageerror', onError);
    try {
      // The previous story may have sized the page for a phone.
      await page.setViewportSize(DEFAULT_VIEWPORT);
      await openStory(page, story.id);
      // A story made for a phone or a given width is shot at that size (as the story tests run it): the page is
      // sized and the story rendered again, so it lays out from the start as it would on that screen.
      const viewport = await storyViewport(page);
      if (viewport) {
        await page.setViewportSize(viewport);
        await openStory(page, story.id);
      }
      await expect(page.locator('body')).not.toHaveClass(/sb-show-errordisplay/);
      expect(errors, 'the story raised no page error').toEqual([]);
      // Where a focus or a click during the play scrolled the page depends on the machine's load (a pixel either way):
      // a story that ends scrolled places its view itself (centreInView in apps/web/src/testing/stories.ts).
      const view = await page.evaluate(() => ({
        scrollY: window.scrollY,
        placed: document.documentElement.dataset.storyView === 'placed',
      }));
      expect(
        view.scrollY === 0 || view.placed,
        `the story ends scrolled by ${view.scrollY} px without placing its view`,
      ).toBe(true);
      await expect(page).toHaveScreenshot(screenshotName(story), { fullPage: false });
    } finally {
      page.off('pageerror', onError);
    }
  });
}
