import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storyEntries, screenshotName } from './stories';

const root = fileURLToPath(new URL('../../', import.meta.url));
const indexPath = resolve(root, process.env.STORYBOOK_STATIC_DIR ?? 'apps/storybook/storybook-static', 'index.json');
const stories = storyEntries(JSON.parse(readFileSync(indexPath, 'utf8')));

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
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async settled({ quietMs, timeoutMs }: { quietMs: number; timeoutMs: number }) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < quietMs)) await page.waitForTimeout(25);
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
        parameters?: { viewport?: { options?: Record<string, { styles?: { width?: string; height?: string } }> } };
      };
    };
  };
}

/** Opens the story and waits until it is rendered, its play function done and its requests settled. */
async function openStory(page: Page, id: string) {
  const network = trackRequests(page);
  // The story tests (vitest) already fail on accessibility violations: here the a11y addon stays manual, so
  // axe does not run a second time before every screenshot.
  await page.goto(`/iframe.html?id=${id}&viewMode=story&globals=a11y.manual:!true`);
  // Wait until Storybook has rendered the story and its play function has finished.
  await page.waitForFunction(
    () => {
      const root = document.querySelector('#storybook-root');
      const done = document.body.classList.contains('sb-show-main') || document.body.classList.contains('sb-show-errordisplay');
      return Boolean(root) && done;
    },
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForFunction(() => {
    const phase = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender?.phase;
    return phase === 'finished' || phase === 'completed' || phase === 'errored';
  }, undefined, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  // Let data requests settle; a Loading story keeps its request pending on purpose, so cap the wait.
  // toHaveScreenshot then waits for two identical frames before it compares.
  await network.settled({ quietMs: 100, timeoutMs: 3_000 });
}

/** The size of the viewport the story names in its globals (a phone, a laptop width), or null for the default. */
async function storyViewport(page: Page): Promise<{ width: number; height: number } | null> {
  return page.evaluate((presets) => {
    const story = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender?.story;
    const chosen = story?.storyGlobals?.viewport;
    if (!chosen?.value) return null;
    const styles = story?.parameters?.viewport?.options?.[chosen.value]?.styles;
    const size = styles ? { width: parseInt(styles.width ?? '', 10), height: parseInt(styles.height ?? '', 10) } : presets[chosen.value];
    if (!size || !Number.isFinite(size.width) || !Number.isFinite(size.height)) return null;
    return chosen.isRotated ? { width: size.height, height: size.width } : size;
  }, MINIMAL_VIEWPORTS);
}

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
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
    await expect(page).toHaveScreenshot(screenshotName(story), { fullPage: false });
  });
}
