import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Unit tests of the design system's logic (formatting, modal stack, sort cycling, file validation).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: true,
    passWithNoTests: true,
  },
});
