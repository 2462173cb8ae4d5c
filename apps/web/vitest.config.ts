import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // One worker's test files share its modules and, for jsdom, one environment (decision 0155): the setup after each
    // test (vitest.setup.ts, setup-tests.ts) cleans what the next one must not see.
    isolate: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    passWithNoTests: true,
  },
});
