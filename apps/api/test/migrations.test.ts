import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  DummyDriver,
  Kysely,
  PGliteDialect,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/config';
import { dropSchema } from '../src/db/index';
import { MIGRATIONS, migrateToLatest } from '../src/db/migrations/index';
import { statements } from '../src/db/migrations/statements';

/**
 * The migrations lived in one file (db/migrations.ts) until they were split into one file each. Databases migrated
 * by that file must go on as they are: same names, same order, same SQL. test/fixtures/migrations-single-file.json
 * holds, per migration, the statements the single file ran (captured from it before the split).
 */
const singleFile = JSON.parse(
  readFileSync(join(API_ROOT, 'test', 'fixtures', 'migrations-single-file.json'), 'utf8'),
) as Record<string, string[]>;

/** The SQL each migration runs, in order, without a database. */
async function sqlOf(migrations: typeof MIGRATIONS): Promise<Record<string, string[]>> {
  const ran: Record<string, string[]> = {};
  let current: string[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') current.push(event.query.sql);
    },
  });
  for (const [name, migration] of Object.entries(migrations)) {
    current = [];
    await migration.up(db);
    ran[name] = current;
  }
  return ran;
}

/**
 * A database nobody migrated, on the engine of this test project, over one connection (so that `set search_path`
 * holds), and another schema of it to move to.
 */
async function emptyDatabase(): Promise<{
  db: Kysely<unknown>;
  useAnotherSchema(): Promise<void>;
  dispose(): Promise<void>;
}> {
  if (process.env.API_TEST_DB === 'postgres') {
    const url = process.env.API_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schemas = [`t_${randomBytes(6).toString('hex')}`];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schemas[0]}`);
    await admin.end();
    const pool = new pg.Pool({
      connectionString: url,
      max: 1,
      options: `-c search_path=${schemas[0]}`,
    });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      async useAnotherSchema() {
        schemas.push(`${schemas[0]}_b`);
        await sql.raw(`create schema ${schemas[1]}`).execute(db);
        await sql.raw(`set search_path to ${schemas[1]}`).execute(db);
      },
      dispose: async () => {
        await db.destroy();
        for (const schema of schemas) await dropSchema(url, schema);
      },
    };
  }
  const client = new PGlite();
  await client.waitReady;
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: client }) });
  return {
    db,
    async useAnotherSchema() {
      await sql`create schema another`.execute(db);
      await sql`set search_path to another`.execute(db);
    },
    dispose: () => db.destroy(),
  };
}

/** Tables, columns, indexes and functions of the database's current schema. */
async function shapeOf(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ item: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
      || ' ' || coalesce(column_default, '') as item
      from information_schema.columns where table_schema = current_schema()
    union all
    select 'index ' || replace(indexdef, current_schema() || '.', '') from pg_indexes
      where schemaname = current_schema()
    union all
    select 'function ' || routine_name from information_schema.routines where routine_schema = current_schema()
    order by 1`.execute(db);
  return rows.map((row) => row.item);
}

describe('migrations, one file each', () => {
  it('run, under the same names and in the same order, the very statements the single file ran', async () => {
    const ran = await sqlOf(MIGRATIONS);
    const published = Object.keys(singleFile);
    // The single file's migrations come first, unchanged; later ones follow them.
    expect(Object.keys(ran).slice(0, published.length)).toEqual(published);
    for (const name of published) expect(ran[name], name).toEqual(singleFile[name]);
  });

  it('are every file of the folder, listed in the order of their names', () => {
    const files = readdirSync(join(API_ROOT, 'src', 'db', 'migrations'))
      .filter((file) => /^\d{4}_[a-z0-9_]+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(MIGRATIONS)).toEqual(files.sort());
  });

  it('recognise a database the single file migrated: none of its migrations runs again, and its shape is the new one’s', async () => {
    const old = await emptyDatabase();
    try {
      // What the single file did: the same Migrator, the same names, the same statements.
      const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        old.db,
      );
      const { error, results } = await new Migrator({
        db: old.db,
        provider: {
          getMigrations: async () =>
            Object.fromEntries(
              Object.entries(singleFile).map(([name, list]) => [name, statements(list)]),
            ),
        },
        migrationTableSchema: current.rows[0]?.schema ?? 'public',
      }).migrateToLatest();
      expect(error).toBeUndefined();
      expect(results).toHaveLength(Object.keys(singleFile).length);

      // What the server does with every database it opens (db/index.ts openDatabase): only what came after the
      // single file runs.
      const later = Object.keys(MIGRATIONS).filter((name) => !(name in singleFile));
      expect(await migrateToLatest(old.db)).toEqual(later);
      const { rows } = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(old.db);
      expect(rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
      const upgraded = await shapeOf(old.db);

      // A new database (another schema) migrated by the files has the same shape.
      await old.useAnotherSchema();
      expect(await migrateToLatest(old.db)).toEqual(Object.keys(MIGRATIONS));
      expect(await shapeOf(old.db)).toEqual(upgraded);
    } finally {
      await old.dispose();
    }
  });
});
