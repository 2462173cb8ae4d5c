import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { storyContextOptions } from './visual/context';

/**
 * Visual regression: every story of the built Storybook, screenshotted in Debian Chromium
 * at a fixed viewport and compared with the committed baselines in e2e/visual/baselines.
 *
 * threshold 0: any change of colour counts as a mismatched pixel (a one-step colour change is caught);
 * maxDiffPixelRatio: a tiny share of mismatched pixels is tolerated, so an anti-aliasing
 * difference after a Chromium patch update does not fail CI.
 * Diff images of a failure land in .visual-diff/ (ignored by git).
 * Refresh the baselines with `pnpm test:visual:update`.
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
  timeout: 30_000,
  reporter: process.env.PW_REPORTER ?? 'list',
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
