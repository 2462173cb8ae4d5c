import { defineConfig } from 'vitest/config';

// One vitest for the whole workspace: every package brings its own project config.
export default defineConfig({
  test: {
    projects: [
      'packages/machines',
      'packages/api-client',
      'packages/ui',
      'apps/web',
      'apps/api',
      'apps/storybook',
    ],
  },
});
