/**
 * How the job queue (pg-boss) reaches the application's database.
 *
 * - PostgreSQL: pg-boss opens a small pool of its own on the same database (`JobSettings.poolSize` connections, plus
 *   one held for LISTEN), and keeps its tables in a schema of its own (`jobsSchemaName`).
 * - The embedded PGlite has one connection, which Kysely serialises with its connection mutex: a Kysely transaction
 *   holds it from BEGIN to COMMIT. pg-boss's statements go through the same mutex (`db.connection()`), so none of
 *   them ever runs between a Kysely transaction's statements, and none of the application's waits behind more than
 *   one of pg-boss's. Inside it they run on the PGlite instance itself: `query` for a parameterised statement, `exec`
 *   (the simple protocol) for pg-boss's scripts of several statements (its migrations, `BEGIN … COMMIT` blocks), and
 *   `listen` for its LISTEN/NOTIFY wake-ups, which PGlite delivers in process. Each statement first yields to the
 *   event loop, so that a backlog of jobs cannot keep the server from reading its requests.
 * - A job added inside a caller's transaction (`JobQueue.send(…, { db: trx })`) goes through that transaction: it
 *   exists if and only if the transaction commits.
 */
import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery } from 'kysely';
import type { ConstructorOptions, Db as IDatabase } from 'pg-boss';
import type { JobSettings } from '../config';
import { jobsSchemaName, type Database, type Db } from '../db/index';

type Rows = { rows: unknown[] };

/** pg-boss on the embedded database, through Kysely's connection mutex (see above). */
export function pgliteJobsDatabase(db: Db, pglite: PGlite): IDatabase {
  // PGlite runs in this process and its promises settle without waiting for any I/O: a worker that fetches,
  // runs and completes jobs back to back would never let the event loop read a request. Each statement first
  // lets the pending I/O callbacks (the requests) run.
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    await new Promise((resolve) => setImmediate(resolve));
    return db.connection().execute(() => work());
  };
  return {
    executeSql(text, values) {
      return exclusive(async (): Promise<Rows> => {
        if (values?.length) return { rows: (await pglite.query(text, values)).rows };
        try {
          const results = await pglite.exec(text);
          // A script's rows (a RETURNING before its COMMIT) are read as node-postgres gives them to pg-boss.
          return { rows: results.flatMap((result) => result.rows) };
        } catch (error) {
          // A script that failed inside its BEGIN leaves the one connection in an aborted transaction.
          if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
          throw error;
        }
      });
    },
    async listen(channel, onNotification, onReconnect) {
      // PGlite writes the name into its LISTEN as given: quoted, it is taken exactly (no case folding).
      const quoted = `"${channel.replaceAll('"', '""')}"`;
      const unlisten = await exclusive(() => pglite.listen(quoted, onNotification));
      // In process there is no connection to lose; pg-boss fetches once after (re)subscribing.
      onReconnect();
      return { close: () => exclusive(() => unlisten()) };
    },
  };
}

/** A caller's transaction (or any Kysely instance) as a pg-boss database: single statements only. */
export function kyselyJobsDatabase(db: Db): IDatabase {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}

/** pg-boss's connection options for the application's database. */
export function jobsConnection(
  database: Database,
  settings: JobSettings,
): Pick<ConstructorOptions, 'db' | 'connectionString' | 'max' | 'schema' | 'backend'> {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('the embedded database does not expose its connection');
    return {
      db: pgliteJobsDatabase(database.db, database.pglite),
      backend: 'pglite',
      schema: jobsSchemaName(),
    };
  }
  if (!database.postgres) throw new Error('the PostgreSQL database does not say how to reach it');
  return {
    connectionString: database.postgres.url,
    max: settings.poolSize,
    schema: jobsSchemaName(database.postgres.schema),
    backend: 'postgres',
  };
}
