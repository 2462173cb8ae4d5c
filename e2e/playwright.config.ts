import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

/**
 * End-to-end tests: the real production build (apps/web/dist served by apps/api/dist)
 * on a fresh embedded database seeded with the demo data, driven in Debian Chromium.
 * Run `pnpm build` first (the root `test:e2e` script does).
 *
 * The server runs beside real peers: support/serve-with-peers.ts starts a Dovecot, an SMTP server and a
 * local OAuth provider standing in for Google on free ports, then the server with their addresses (the provider's
 * issuer, its IMAP server, their certificate); the tests find them with support/peers.ts.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry (decision 0240): a test that fails from the load of a shared two-core machine and then passes counts as
  // passed, and `pnpm test`'s summary names it flaky; a real failure fails both attempts. The failed attempt keeps its
  // trace. `--retries=0` hunts for the flaky ones.
  retries: 1,
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
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/serve-with-peers.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the command stop the server and the peers (Dovecot) and remove their files.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // A fresh embedded database that serve-with-peers.ts makes and removes (E2E_DATA_DIR keeps one of yours).
      ...(process.env.E2E_DATA_DIR ? { DATA_DIR: process.env.E2E_DATA_DIR } : {}),
      NODE_ENV: 'test',
      APP_ENV: 'ci',
      // The reset flow reads its code from the dev outbox (development and CI only, when switched on).
      DEV_OUTBOX: 'true',
      // Short-lived access tokens so the silent refresh is exercised for real.
      ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL ?? '15s',
      // The suite logs in many times from one address: raise the limits, keep them on.
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
      // The sign-in window comes back to this origin (the tokens live in its storage).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Google sign-in against the local provider (serve-with-peers.ts adds its issuer and IMAP server).
      OAUTH_GOOGLE_CLIENT_ID: 'prospecta-e2e',
      OAUTH_GOOGLE_CLIENT_SECRET: 'prospecta-e2e-client-secret',
      // The connected mailboxes are read every second (the demo's Infomaniak account fails and backs off).
      MAIL_WATCH_INTERVAL: '1',
    },
  },
});
