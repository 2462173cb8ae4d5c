import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { storyContextOptions } from './visual/context';

/**
 * The stories suite: every story of the built Storybook, played once in Debian Chromium at its viewport (its play
 * function and the accessibility check), then screenshotted and compared with the committed baselines in
 * e2e/visual/baselines (except the stories tagged no-visual).
 *
 * threshold 0: any change of colour counts as a mismatched pixel (a one-step colour change is caught);
 * maxDiffPixelRatio: a tiny share of mismatched pixels is tolerated, so an anti-aliasing
 * difference after a Chromium patch update does not fail CI.
 * Diff images of a failure land in .visual-diff/ (ignored by git) and in the review page (visual-report/); accept
 * chosen stories' new pictures with `pnpm visual:accept <story-id…>`, or refresh all with `pnpm test:visual:update`.
 */
const port = Number(process.env.VISUAL_PORT ?? 6007);
/** The built Storybook to compare (set STORYBOOK_STATIC_DIR to check another build). */
const staticDir = process.env.STORYBOOK_STATIC_DIR ?? 'apps/storybook/storybook-static';

export default defineConfig({
  testDir: './visual',
  testMatch: 'stories.spec.ts',
  outputDir: '../.visual-diff',
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  fullyParallel: true,
  workers: 2,
  // A real visual change fails every attempt; one retry absorbs a rare timing hiccup, and the
  // summary of `pnpm test` names every story that needed it.
  retries: 1,
  // A run never writes a baseline: a new or changed picture waits in .visual-diff/ and the review page until
  // `pnpm visual:accept <story-id…>` takes it (or --update-snapshots is given).
  updateSnapshots: 'none',
  timeout: 30_000,
  // The review page: a static HTML report (visual-report/index.html, opens offline) with every story grouped by screen
  // or component, its link in Storybook, and for each changed picture the baseline, the new one and their difference,
  // side by side or as a slider. The JSON report is added when `pnpm test` asks for it.
  reporter: [
    [process.env.PW_REPORTER ?? 'list'],
    ['html', { outputFolder: '../visual-report', open: 'never' }],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : []),
  ],
  expect: {
    toHaveScreenshot: {
      threshold: 0,
      maxDiffPixelRatio: 0.0005,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...storyContextOptions,
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `node e2e/serve-static.mjs ${staticDir} ${port}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
