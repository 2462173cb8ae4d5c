/** Settings shared by the two api test projects (vitest.config.ts: PGlite, vitest.pg.config.ts: PostgreSQL). */
export const sharedTest = {
  environment: 'node' as const,
  include: ['test/**/*.test.ts'],
  passWithNoTests: true,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Test files share a worker's module cache (the PGlite wasm, the contract): each file still opens its own database.
  isolate: false,
};
