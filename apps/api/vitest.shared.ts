/** Settings shared by the two api test projects (vitest.config.ts: PGlite, vitest.pg.config.ts: PostgreSQL). */
export const sharedTest = {
  environment: 'node' as const,
  include: ['test/**/*.test.ts'],
  passWithNoTests: true,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Test files share a worker's module cache (the PGlite wasm, the contract): each file still opens its own database.
  isolate: false,
  // The run's scratch directory for files shared by test files (helpers.ts: migratedDataDir), removed at the end.
  globalSetup: ['test/global-setup.ts'],
};

/**
 * Test files whose result cannot depend on the database server: they open no database (configuration, pure
 * helpers, the live mail check against Dovecot, the handler types) or test the embedded database itself (its
 * directory lock, durable commits, a kill -9, a process start). They run once, in 'api'; 'api-pg' leaves them out.
 */
export const embeddedOrDatabaseFree = [
  'test/config.test.ts',
  'test/crash.test.ts',
  'test/db-lock.test.ts',
  'test/durability.test.ts',
  'test/engine-compose.test.ts',
  'test/engine-links.test.ts',
  'test/list-items.test.ts',
  'test/mail-check.test.ts',
  'test/mail-report.test.ts',
  'test/replies.test.ts',
  'test/request-activity.test.ts',
  'test/route-types.test.ts',
  'test/security.test.ts',
  'test/startup.test.ts',
];

/**
 * Test files that open a database but whose result does not depend on which: the property-based fuzz of requests,
 * whose every request carries a defect that the contract's validation or the authentication answers. The hostile
 * values that do reach a handler's query (ids past the integer types, NUL bytes in bodies) are contract-params.test.ts's
 * and fuzz-corpus.test.ts's, which run on both databases. They run once, in 'api'; 'api-pg' leaves them out.
 */
export const sameOnEitherDatabase = ['test/fuzz.test.ts'];

/**
 * What the second Node line (24) runs of the server, beside the pure packages: a smoke set that starts the server on
 * the embedded database, serves routes against the contract and checks the configuration. The whole server suite
 * runs on the first line (22) on both databases.
 */
export const node24Smoke = [
  'test/config.test.ts',
  'test/meta.test.ts',
  'test/server.test.ts',
  'test/auth.test.ts',
  'test/security.test.ts',
];
