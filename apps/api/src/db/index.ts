import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  PGliteDialect,
  PostgresDialect,
  sql,
  type KyselyPlugin,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { openDurablePGlite, scheduleCheckpoints, type CheckpointOptions } from './durable-pglite';
import { lockDataDir } from './lock';
import { migrateToLatest } from './migrations';
import type { DatabaseSchema } from './types';

export type Db = Kysely<DatabaseSchema>;

/**
 * PGlite runs in this process and its promises settle without waiting for any I/O: code that runs statements one
 * after the other (an import's checks and batches, a migration) would hold the event loop for all of them, so that
 * no request is read meanwhile, and a socket whose request waited past the keep-alive or request timeout is closed
 * under its client (measured: 15 s and 29 s of a 100,000-row import's checks and commit, every connection reset).
 * Each statement's answer first lets the pending I/O callbacks run, as the job queue's statements do
 * (jobs/database.ts). One statement still holds the event loop for its own length: keep them bounded.
 */
export const yieldAfterEachStatement: KyselyPlugin = {
  transformQuery: (args) => args.node,
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await new Promise((resolve) => setImmediate(resolve));
    return args.result;
  },
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /** isolate in this schema (created when missing) */ schema?: string;
      poolSize?: number;
    }
  | {
      kind: 'pglite';
      /** directory that survives restarts; omit for an in-memory database */
      dataDir?: string;
      /**
       * An in-memory database's starting contents: a data directory dumped by `dumpMigratedTemplate` (tests open one
       * database per file from it instead of running initdb and every migration each time).
       */
      template?: Blob;
      /** when the data directory is checkpointed (db/durable-pglite.ts); PostgreSQL's settings by default */
      checkpoints?: CheckpointOptions;
    };

export interface Database {
  db: Db;
  kind: DatabaseOptions['kind'];
  /**
   * The embedded database's one connection, for a client that needs what Kysely does not carry (the job queue:
   * scripts of several statements, LISTEN). Such a client must hold Kysely's connection while it uses it
   * (jobs/database.ts), so its statements never interleave with a Kysely transaction's.
   */
  pglite?: PGlite;
  /** How another client reaches this PostgreSQL database (the job queue opens a small pool of its own). */
  postgres?: { url: string; schema?: string };
  close(): Promise<void>;
}

// At most 58 characters: the job queue's schema beside it adds `_jobs` within PostgreSQL's 63.
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,57}$/;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    // One process per data directory (db/lock.ts): a second server or the CLI stops here with a clear message.
    const lock = options.dataDir ? lockDataDir(options.dataDir) : null;
    try {
      // On disk, commits are flushed as PostgreSQL flushes them (db/durable-pglite.ts); in memory there is no disk.
      const client = options.dataDir
        ? await openDurablePGlite(options.dataDir)
        : new PGlite(options.template ? { loadDataDir: options.template } : {});
      await client.waitReady;
      const db = new Kysely<DatabaseSchema>({
        dialect: new PGliteDialect({ pglite: client }),
        plugins: [yieldAfterEachStatement],
      });
      await migrateToLatest(db as Kysely<unknown>);
      // PGlite has no checkpointer process: without this the WAL grows until the database closes.
      const checkpoints = options.dataDir ? scheduleCheckpoints(client, options.checkpoints) : null;
      return {
        db,
        kind: 'pglite',
        pglite: client,
        async close() {
          checkpoints?.stop();
          try {
            await db.destroy();
          } finally {
            lock?.release();
          }
        },
      };
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name: ${schema}`);
  }
  if (schema) {
    const admin = new pg.Client({ connectionString: options.url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db as Kysely<unknown>);
  return {
    db,
    kind: 'postgres',
    postgres: { url: options.url, ...(schema ? { schema } : {}) },
    close: () => db.destroy(),
  };
}

/**
 * An empty in-memory database with every migration applied, dumped as a data directory (`openDatabase`'s
 * `template`). Loading it costs about a third of the CPU of a new database's initdb and migrations.
 */
export async function dumpMigratedTemplate(): Promise<Blob> {
  const client = new PGlite();
  try {
    await client.waitReady;
    await migrateToLatest(
      new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: client }) }) as Kysely<unknown>,
    );
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * The schema of the job queue's tables (pg-boss's own, kept apart from the application's tables): `pgboss`, or
 * `<schema>_jobs` next to an isolated schema (tests, benchmarks), so that each isolated database has its own queue.
 */
export function jobsSchemaName(schema?: string): string {
  return schema ? `${schema}_jobs` : 'pgboss';
}

/** Drops an isolated test schema and its job queue's schema (PostgreSQL only). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`drop schema if exists ${jobsSchemaName(schema)} cascade`);
  } finally {
    await admin.end();
  }
}

/**
 * Runs `work` in one transaction: the caller's when `db` already is one (a repository bound to a transaction
 * joins it), else a new one. Kysely cannot nest transactions, so composite repository writes go through this.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** A trivial query: whether the database answers (health check). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n === 0;
}

/** The tables bulk-written by the seeds and read by the large lists. */
const ANALYZED_TABLES = [
  'users',
  'campaigns',
  'prospects',
  'tags',
  'prospect_tags',
  'comments',
  'history_entries',
  'inbox_messages',
];

/** The tables an import of prospects writes to in bulk (imports/jobs.ts). */
export const IMPORTED_TABLES = ['prospects', 'tags', 'prospect_tags'] as const;

/**
 * Refreshes the planner statistics of the large tables (in the current schema), or of `tables`, after a bulk
 * write: PGlite runs no autovacuum, and PostgreSQL's may not have run yet when the first
 * requests come. Without statistics the planner picks nested plans that cost seconds.
 * `before` runs before each table's ANALYZE (the import lets the requests in flight go first).
 */
export async function analyzeTables(
  db: Db,
  tables: readonly string[] = ANALYZED_TABLES,
  before?: () => Promise<void>,
): Promise<void> {
  for (const table of tables) {
    await before?.();
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}
