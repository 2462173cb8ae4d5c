import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api-client',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The test files of one worker share its modules (decision 0155): these files keep no state between them.
    isolate: false,
    passWithNoTests: true,
  },
});
