import { defineConfig } from 'vitest/config';

// One vitest for the whole workspace: every package brings its own project config.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: [
            'eslint-plugin-prospecta.test.ts',
            '.ci/*.test.ts',
            'scripts/*.test.ts',
            'apps/storybook/*.test.ts',
          ],
          // One worker's test files share its modules (decision 0155).
          isolate: false,
        },
      },
      'packages/domain',
      'packages/machines',
      'packages/api-client',
      'packages/ui',
      'apps/web',
      'apps/api',
      'apps/api/vitest.pg.config.ts',
      'apps/storybook',
    ],
  },
});
