import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './chromium';

/**
 * End-to-end tests: the real production build (apps/web/dist served by apps/api/dist)
 * on a fresh embedded database seeded with the demo data, driven in Debian Chromium.
 * Run `pnpm build` first (the root `test:e2e` script does).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prospecta-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PW_REPORTER ?? 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } }],
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${port}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      APP_ENV: 'ci',
      // The reset flow reads its code from the dev outbox (development and CI only, when switched on).
      DEV_OUTBOX: 'true',
      // Short-lived access tokens so the silent refresh is exercised for real.
      ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL ?? '15s',
      // The suite logs in many times from one address: raise the limits, keep them on.
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
    },
  },
});
