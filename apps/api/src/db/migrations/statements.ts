import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A migration made of SQL statements run in order, one statement per query (PGlite's extended protocol refuses
 * batches).
 */
export const statements = (list: string[]): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const statement of list) await sql.raw(statement).execute(db);
  },
});
