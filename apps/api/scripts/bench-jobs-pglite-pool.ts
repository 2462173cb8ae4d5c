/**
 * For the job-queue benchmark only (bench-jobs.ts): a node-postgres `Pool` look-alike over the embedded PGlite, so
 * that graphile-worker (which takes a `pg.Pool`) can be measured on the embedded database as pg-boss is. Like
 * the server's pg-boss adapter (src/jobs/database.ts), every statement holds Kysely's connection mutex, so none runs
 * inside a Kysely transaction; a client that says BEGIN holds the mutex until its COMMIT or ROLLBACK; LISTEN and
 * UNLISTEN become PGlite's in-process `listen`; unparameterised scripts go through `exec`.
 *
 * PGlite's own socket server (@electric-sql/pglite-socket) was not used: its queries take PGlite's query mutex but
 * not its transaction one, so a socket client's statement can run between a Kysely transaction's statements (and
 * its BEGIN swallows the application's queries); it also pins PGlite 0.5.14, not the server's version.
 */
import { EventEmitter } from 'node:events';
import type { PGlite, Results } from '@electric-sql/pglite';
import type { Db } from '../src/db/index';

interface QueryConfig {
  text: string;
  values?: unknown[];
}

interface PgResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: unknown[];
}

const toResult = (result: Results): PgResult => ({
  rows: result.rows,
  rowCount: result.affectedRows ?? result.rows.length,
  command: '',
  fields: result.fields,
});

class LeasedClient extends EventEmitter {
  private lease: { release(): void; done: Promise<void> } | null = null;
  private readonly unlisten = new Map<string, () => Promise<void>>();

  constructor(private readonly pool: KyselyPglitePool) {
    super();
  }

  // As the server's adapter does: each statement first lets the event loop read pending requests.
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await new Promise((resolve) => setImmediate(resolve));
    return this.lease ? work() : this.pool.db.connection().execute(() => work());
  }

  private hold(): Promise<void> {
    return new Promise((acquired) => {
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const done = this.pool.db.connection().execute(async () => {
        acquired();
        await released;
      });
      this.lease = { release, done };
    });
  }

  private async drop(): Promise<void> {
    const lease = this.lease;
    this.lease = null;
    lease?.release();
    await lease?.done;
  }

  async query(config: string | QueryConfig, values?: unknown[]): Promise<PgResult | PgResult[]> {
    const text = typeof config === 'string' ? config : config.text;
    const params = (typeof config === 'string' ? values : (config.values ?? values)) ?? [];
    this.pool.statements += 1;
    const pglite = this.pool.pglite;
    const listens = [...text.matchAll(/\b(UN)?LISTEN\s+"([^"]+)"/gi)];
    if (listens.length > 0 && /^\s*(UN)?LISTEN\b/i.test(text)) {
      for (const [, un, channel] of listens) {
        if (!channel) continue;
        if (un) {
          await this.unlisten.get(channel)?.();
          this.unlisten.delete(channel);
        } else {
          const off = await this.exclusive(() =>
            pglite.listen(`"${channel}"`, (payload) =>
              this.emit('notification', { channel, payload, processId: 0 }),
            ),
          );
          this.unlisten.set(channel, () => this.exclusive(() => off()));
        }
      }
      return { rows: [], rowCount: 0, command: 'LISTEN', fields: [] };
    }
    if (!this.lease && /^\s*begin\b/i.test(text)) await this.hold();
    try {
      const result = await this.exclusive(async () => {
        if (params.length) return toResult(await pglite.query(text, params));
        const results = (await pglite.exec(text)).map(toResult);
        return results.length === 1 ? (results[0] as PgResult) : results;
      });
      if (this.lease && /^\s*(commit|rollback)\b/i.test(text)) await this.drop();
      return result;
    } catch (error) {
      if (this.lease && pglite.isInTransaction()) {
        // As a pooled connection would: the failed transaction does not outlive its client's use.
        if (/^\s*(commit|rollback)\b/i.test(text)) {
          await pglite.exec('ROLLBACK');
          await this.drop();
        }
      }
      throw error;
    }
  }

  release(): void {
    if (this.lease) {
      const pglite = this.pool.pglite;
      void (async () => {
        if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
        await this.drop();
      })();
    }
  }
}

export class KyselyPglitePool extends EventEmitter {
  statements = 0;

  constructor(
    readonly db: Db,
    readonly pglite: PGlite,
  ) {
    super();
  }

  connect(): Promise<LeasedClient>;
  connect(
    callback: (error: Error | undefined, client: LeasedClient, release: () => void) => void,
  ): void;
  connect(
    callback?: (error: Error | undefined, client: LeasedClient, release: () => void) => void,
  ): Promise<LeasedClient> | void {
    const client = new LeasedClient(this);
    if (callback) {
      callback(undefined, client, () => client.release());
      return;
    }
    return Promise.resolve(client);
  }

  async query(config: string | QueryConfig, values?: unknown[]) {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {}
}
