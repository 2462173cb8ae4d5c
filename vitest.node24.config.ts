import { defineConfig } from 'vitest/config';
import { node24Smoke, sharedTest } from './apps/api/vitest.shared';

/**
 * The second supported Node line (24), run by `pnpm test` when .ci/run provides it: the packages the server shares
 * with the app, which hold no Node-specific code, and a smoke set of the server on the embedded database. The whole
 * server suite runs on Node 22, on PGlite and on PostgreSQL (vitest.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/machines',
      'packages/api-client',
      {
        test: {
          ...sharedTest,
          name: 'api-smoke',
          root: './apps/api',
          include: node24Smoke,
          env: { API_TEST_DB: 'pglite' },
        },
      },
    ],
  },
});
