import { expect, test as base, type Page, type Request } from '@playwright/test';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPicturesDir } from './accept';
import { DEFAULT_VIEWPORT, storyContextOptions } from './context';
import { reviewGroup, screenshotName, storyEntries, type StoryEntry } from './stories';

const root = fileURLToPath(new URL('../../', import.meta.url));
const indexPath = resolve(
  root,
  process.env.STORYBOOK_STATIC_DIR ?? 'apps/storybook/storybook-static',
  'index.json',
);
const stories = storyEntries(JSON.parse(readFileSync(indexPath, 'utf8')));
/** axe-core, the version the a11y addon runs (its dependency). */
const axePath = createRequire(
  createRequire(import.meta.url).resolve('@storybook/addon-a11y/package.json'),
).resolve('axe-core/axe.min.js');

/**
 * One page per worker, and one Storybook preview in it: the worker opens `iframe.html` once, then switches from story
 * to story through Storybook's channel (`setCurrentStory`, as the manager and @storybook/test-runner do), so the
 * preview's bundle, the mock service worker and axe are loaded and compiled once per worker rather than once per
 * story. Storybook unmounts the previous story before it renders the next; what a story could leave behind outside
 * React (storage, the document's language, a scroll, a focus, the story-view mark) is reset before each story
 * (`resetBetweenStories`), and a story's loaders reset the mock handlers. A failed test ends its worker, so a retry
 * starts on a fresh page.
 */
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        ...storyContextOptions,
        baseURL: workerInfo.project.use.baseURL,
      });
      await context.addInitScript(listenToStorybook);
      const page = await context.newPage();
      await page.goto('/iframe.html');
      await page.waitForFunction(() => Boolean((window as StoryWindow).__STORYBOOK_PREVIEW__));
      await page.evaluate(async () => {
        const w = window as StoryWindow;
        await w.__STORYBOOK_PREVIEW__!.ready();
        // The a11y addon's own run after play stays off: the suite runs axe itself after the screenshot, so the
        // audit's seconds never stand between the end of play and the picture (a toast would have left it).
        w.__STORYBOOK_ADDONS_CHANNEL__!.emit('updateGlobals', {
          globals: { a11y: { manual: true } },
        });
        w.__initialLang = document.documentElement.lang;
      });
      await page.addScriptTag({ path: axePath });
      await use(page);
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
  // Only the requests this story started: one a previous story left pending (a Loading story's) is not waited for.
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled({ quietMs, timeoutMs }: { quietMs: number; timeoutMs: number }) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < quietMs))
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

/** The story's a11y parameters, as the a11y addon reads them. */
interface A11yParameters {
  disable?: boolean;
  test?: 'error' | 'todo' | 'off';
  context?: unknown;
  config?: { rules?: Array<{ id: string; enabled: boolean }> };
  options?: Record<string, unknown>;
}

interface PreparedStory {
  storyGlobals?: { viewport?: { value?: string; isRotated?: boolean } };
  parameters?: {
    viewport?: { options?: Record<string, { styles?: { width?: string; height?: string } }> };
    a11y?: A11yParameters;
  };
}

interface A11yViolation {
  id: string;
  impact?: string;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** What Storybook says when a story's render, play and afterEach hooks are over. */
interface StoryFinished {
  storyId: string;
  status: 'success' | 'error';
}

interface StoryWindow {
  __STORYBOOK_PREVIEW__?: {
    ready(): Promise<unknown>;
    loadStory(selection: { storyId: string }): Promise<PreparedStory>;
  };
  __STORYBOOK_ADDONS_CHANNEL__?: {
    on(event: string, listener: (payload: unknown) => void): void;
    emit(event: string, payload: unknown): void;
  };
  __storyEvents?: { finished: StoryFinished | null; exceptions: string[] };
  /** The language iframe.html declares, put back between stories (the app's locale provider sets its own). */
  __initialLang?: string;
  axe?: {
    reset(): void;
    configure(config: unknown): void;
    run(context: unknown, options: unknown): Promise<{ violations: A11yViolation[] }>;
  };
}

/**
 * Runs in every document before Storybook: records the channel's storyFinished event (its status counts unhandled
 * errors during play) and the exceptions a render or a play threw.
 */
function listenToStorybook() {
  const w = window as unknown as StoryWindow;
  w.__storyEvents = { finished: null, exceptions: [] };
  let channel: StoryWindow['__STORYBOOK_ADDONS_CHANNEL__'];
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value: NonNullable<StoryWindow['__STORYBOOK_ADDONS_CHANNEL__']>) {
      channel = value;
      value.on('storyFinished', (payload) => {
        w.__storyEvents!.finished = payload as StoryFinished;
      });
      for (const event of ['playFunctionThrewException', 'storyThrewException', 'storyErrored'])
        value.on(event, (payload) => {
          const error = payload as { message?: string; title?: string; description?: string };
          w.__storyEvents!.exceptions.push(
            error.message ?? [error.title, error.description].filter(Boolean).join(': '),
          );
        });
    },
  });
}

/**
 * The size the story names in its globals (a phone, a laptop width), or the default, read from the story's CSF
 * through the preview already loaded in the tab: the page is sized before the story renders, so it renders and plays once, laid out from the start as on that screen.
 */
async function viewportFor(page: Page, id: string): Promise<{ width: number; height: number }> {
  const size = await page.evaluate(
    async ({ id, presets }) => {
      const preview = (window as StoryWindow).__STORYBOOK_PREVIEW__!;
      await preview.ready();
      const story = await preview.loadStory({ storyId: id });
      const chosen = story.storyGlobals?.viewport;
      if (!chosen?.value) return null;
      const styles = story.parameters?.viewport?.options?.[chosen.value]?.styles;
      const size = styles
        ? { width: parseInt(styles.width ?? '', 10), height: parseInt(styles.height ?? '', 10) }
        : presets[chosen.value];
      if (!size || !Number.isFinite(size.width) || !Number.isFinite(size.height)) return null;
      return chosen.isRotated ? { width: size.height, height: size.width } : size;
    },
    { id, presets: MINIMAL_VIEWPORTS },
  );
  return size ?? DEFAULT_VIEWPORT;
}

/**
 * Puts the page back as a fresh document would be before the next story renders: nothing a previous story stored (a
 * language, a dismissed tip), the document's language as iframe.html declares it, no focus, no scroll, no story-view
 * mark, no recorded Storybook events.
 */
async function resetBetweenStories(page: Page) {
  await page.evaluate(() => {
    const w = window as StoryWindow;
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.lang = w.__initialLang ?? '';
    delete document.documentElement.dataset.storyView;
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    w.__storyEvents = { finished: null, exceptions: [] };
  });
}

/**
 * Switches the preview to the story and waits until Storybook has rendered it and run its play function, and its
 * requests have settled. Returns what Storybook reported.
 */
async function openStory(
  page: Page,
  id: string,
): Promise<{ finished: StoryFinished; exceptions: string[] }> {
  const network = trackRequests(page);
  try {
    await page.evaluate((storyId) => {
      (window as StoryWindow).__STORYBOOK_ADDONS_CHANNEL__!.emit('setCurrentStory', {
        storyId,
        viewMode: 'story',
      });
    }, id);
    const handle = await page.waitForFunction(
      (storyId) => {
        const events = (window as StoryWindow).__storyEvents;
        return events?.finished?.storyId === storyId ? events : null;
      },
      id,
      { timeout: 25_000 },
    );
    const events = (await handle.jsonValue()) as NonNullable<StoryWindow['__storyEvents']>;
    // Let data requests settle; a Loading story keeps its request pending on purpose, so cap the wait.
    // toHaveScreenshot then waits for two identical frames before it compares.
    await network.settled({ quietMs: 100, timeoutMs: 3_000 });
    await page.evaluate(() => document.fonts.ready);
    return { finished: events.finished!, exceptions: events.exceptions };
  } finally {
    network.stop();
  }
}

/**
 * The story's accessibility violations, one line each (rule, impact, what to fix, where): axe as the a11y addon runs
 * it (the whole page but Storybook's own elements, the `region` rule off, the story's `a11y` context, config and
 * options), and an empty list when the story's `a11y.test` is 'todo' or 'off'.
 */
async function accessibilityViolations(page: Page, id: string): Promise<string[]> {
  return page.evaluate(async (storyId) => {
    const w = window as StoryWindow;
    const story = await w.__STORYBOOK_PREVIEW__!.loadStory({ storyId });
    const a11y: A11yParameters = story.parameters?.a11y ?? {};
    if (a11y.disable === true || a11y.test === 'off' || a11y.test === 'todo') return [];
    const context: { include: unknown; exclude: unknown[] } = {
      include: document.body,
      exclude: ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'],
    };
    if (a11y.context !== undefined) {
      const given = a11y.context as { include?: unknown; exclude?: unknown[] };
      const isObject = typeof given === 'object' && given !== null;
      if (isObject && given.include !== undefined) context.include = given.include;
      else if (!(isObject && given.exclude !== undefined)) context.include = given;
      if (isObject && given.exclude !== undefined)
        context.exclude = context.exclude.concat(given.exclude);
    }
    const axe = w.axe!;
    axe.reset();
    axe.configure({
      ...a11y.config,
      rules: [{ id: 'region', enabled: false }, ...(a11y.config?.rules ?? [])],
    });
    const { violations } = await axe.run(context, a11y.options ?? {});
    return violations.map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}, at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join('; ')}`,
    );
  }, id);
}

/** The story's last frame against its baseline. */
async function compareScreenshot(page: Page, story: StoryEntry) {
  // Where a focus or a click during the play scrolled the page depends on the machine's load (a pixel either way): a
  // story that ends scrolled places its view itself (centreInView in apps/web/src/testing/stories.ts).
  const view = await page.evaluate(() => ({
    scrollY: window.scrollY,
    placed: document.documentElement.dataset.storyView === 'placed',
  }));
  expect(
    view.scrollY === 0 || view.placed,
    `the story ends scrolled by ${view.scrollY} px without placing its view`,
  ).toBe(true);
  try {
    await expect(page).toHaveScreenshot(screenshotName(story), { fullPage: false });
  } catch (error) {
    // The new picture under the story's id (Playwright shortens long file names), for `pnpm visual:accept`.
    const actual = test.info().attachments.find((a) => a.name.endsWith('-actual.png') && a.path);
    if (actual?.path) {
      mkdirSync(newPicturesDir, { recursive: true });
      copyFileSync(actual.path, resolve(newPicturesDir, screenshotName(story)));
    }
    throw error;
  }
}

/** Where a reviewer opens the story: `pnpm storybook` serves it at port 6006. */
function storyLink(story: StoryEntry) {
  return `http://localhost:6006/?path=/story/${story.id}`;
}

/**
 * One pass per story: it renders once, at its own viewport; its play function and the accessibility check run;
 * then, unless it is tagged no-visual, its screenshot is compared with the baseline. Stories are grouped by screen
 * (or component), the groups the review page shows.
 */
const groups = new Map<string, StoryEntry[]>();
for (const story of stories)
  groups.set(reviewGroup(story), [...(groups.get(reviewGroup(story)) ?? []), story]);
for (const [group, members] of groups) {
  test.describe(group, () => {
    for (const story of members) {
      test(`${story.title} / ${story.name}`, async ({ storyPage: page }) => {
        test.info().annotations.push({ type: 'story', description: storyLink(story) });
        const errors: string[] = [];
        const onError = (error: Error) => {
          // The mock service worker's registration, kept by the tab from story to story, may be checked for an
          // update while the previous story's page lets it go: not this story's error (a story whose mocks did not
          // answer still fails on its play or its screenshot).
          if (
            !/^Failed to update a ServiceWorker for scope .*mockServiceWorker\.js/.test(
              error.message,
            )
          )
            errors.push(error.message);
        };
        page.on('pageerror', onError);
        try {
          await resetBetweenStories(page);
          await page.setViewportSize(await viewportFor(page, story.id));
          const { finished, exceptions } = await openStory(page, story.id);
          expect(exceptions, 'the story rendered and its play function passed').toEqual([]);
          expect(finished.status, 'Storybook reports the story passed').toBe('success');
          await expect(page.locator('body')).not.toHaveClass(/sb-show-errordisplay/);
          expect(errors, 'the story raised no page error').toEqual([]);
          if (story.visual) await compareScreenshot(page, story);
          expect(
            await accessibilityViolations(page, story.id),
            'no accessibility violation (axe)',
          ).toEqual([]);
        } finally {
          page.off('pageerror', onError);
        }
      });
    }
  });
}
