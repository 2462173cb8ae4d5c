import { defineConfig } from 'vitest/config';
import { embeddedOrDatabaseFree, sameOnEitherDatabase, sharedTest } from './vitest.shared';

/**
 * Project 'api-pg': the api test files that touch a database, on PostgreSQL (API_TEST_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test); each file works in a schema of its own, dropped at the end.
 * The files that open no database, test the embedded one or do the same on either only run once, in 'api'.
 */
export default defineConfig({
  test: {
    ...sharedTest,
    name: 'api-pg',
    exclude: ['**/node_modules/**', ...embeddedOrDatabaseFree, ...sameOnEitherDatabase],
    env: {
      API_TEST_DB: 'postgres',
      API_TEST_DATABASE_URL:
        process.env.API_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
