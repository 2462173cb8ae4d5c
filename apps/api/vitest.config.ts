import { defineConfig } from 'vitest/config';
import { sharedTest } from './vitest.shared';

/**
 * Project 'api': the test files on embedded PGlite (in memory, one database per file).
 * Its twin 'api-pg' (vitest.pg.config.ts) runs the same files on PostgreSQL.
 */
export default defineConfig({
  test: { ...sharedTest, name: 'api', env: { API_TEST_DB: 'pglite' } },
});
