/** Settings shared by the two api test projects (vitest.config.ts: PGlite, vitest.pg.config.ts: PostgreSQL). */
export const sharedTest = {
  environment: 'node' as const,
  include: ['test/**/*.test.ts'],
  passWithNoTests: true,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
