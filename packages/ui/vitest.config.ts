import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Unit tests of the design system's logic (formatting, modal stack, sort cycling, file validation).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // One worker's test files share its modules and, for jsdom, one environment (decision 0155): the setup after each
    // test (vitest.setup.ts, setup-tests.ts) cleans what the next one must not see.
    isolate: false,
    setupFiles: ['./vitest.setup.ts'],
    css: true,
    passWithNoTests: true,
  },
});
