/**
 * The job queue: background work kept in the database (pg-boss, on PostgreSQL and on the embedded PGlite; the
 * choice is measured in docs/decisions/0005-job-queue.md), so that it survives a restart and runs once whatever
 * the number of server instances.
 *
 * - Every job has a name and a typed payload, declared once with its handler and its policies (jobs/registry.ts):
 *   retries with a growing delay, how long an attempt may run before another worker takes it over (expiry, and a
 *   heartbeat while it runs), at most one waiting or running per key (a mailbox read), a cron schedule.
 * - A new job wakes the workers at once (LISTEN/NOTIFY); jobs that become due later (a retry, a deferred job) are
 *   found by a look every `JobSettings.pollIntervalSeconds`.
 * - A failed attempt is logged (warn), and retried after its delay; after the last one the job stays `failed` with
 *   its reason (the error's message) and can be run again (`retry`).
 * - `stop` lets running jobs finish for `shutdownTimeoutSeconds`, then returns the others to the queue (failed with
 *   a retry left, or picked up again after their expiry if this process dies).
 * - An instance with `worker: false` adds jobs and runs none (nor the queue's maintenance and schedules).
 */
import {
  PgBoss,
  type JobResult,
  type JobWithMetadata,
  type QueueOptions,
  type QueuePolicy,
  type WorkOptions,
} from 'pg-boss';
import { sql } from 'kysely';
import type { JobSettings } from '../config';
import type { Database, Db } from '../db/index';
import { jobsConnection, kyselyJobsDatabase } from './database';

export interface RetryPolicy {
  /** Attempts after the first one. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Each retry waits about twice as long as the one before (with jitter), up to `maxDelaySeconds`. */
  backoff: boolean;
  maxDelaySeconds?: number;
}

/**
 * - `standard`: any number waiting and running.
 * - `exclusive`: at most one job waiting or running per key (`singletonKey`): adding another is refused.
 * - `stately`: at most one waiting and one running per key (a job may add its own next run while it runs).
 */
export type JobPolicy = 'standard' | 'exclusive' | 'stately';

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt, then 1, 2… on the retries. */
  attempt: number;
  /** Aborted when the attempt expires or the server stops before it ends. */
  signal: AbortSignal;
  log: JobLog;
}

export interface JobDefinition<P extends object> {
  retry: RetryPolicy;
  /** Seconds an attempt may run; past them the job is failed (and retried if it may) and another worker can take it. */
  expireInSeconds: number;
  /** When set, a running attempt tells the database every half of it; one silent for this long is taken over. */
  heartbeatSeconds?: number;
  policy?: JobPolicy;
  /** The key the policy counts by (one waiting or running per key); without it, the whole queue's. */
  singletonKey?: (payload: P) => string;
  /** Seconds a completed or failed job is kept (its reason readable, its retry possible); default 7 days. */
  keepSeconds?: number;
  /** Jobs of this name fetched and run side by side on one instance (default 1); a batch ends with its last job. */
  concurrency?: number;
  /**
   * Workers sharing `concurrency` on one instance (default 1), each fetching its own batch: while one waits for the
   * slowest job of its batch, the others fetch and run theirs (one fetch and one completion per batch in the
   * database, so more workers cost more round trips).
   */
  workers?: number;
  /** Overrides `JobSettings.pollIntervalSeconds` for this name (a job deferred by a short interval). */
  pollIntervalSeconds?: number;
  /** Added on this cron schedule (UTC, minute granularity) by the instances that run workers. */
  schedule?: { cron: string; payload: P };
  /** false: no worker of this name on this instance (a feature switched off); its jobs wait. Default true. */
  enabled?: boolean;
  handler(payload: P, context: JobContext): Promise<void>;
}

export type JobPayloads = Record<string, object>;
export type JobDefinitions<P extends JobPayloads> = {
  [N in keyof P & string]: JobDefinition<P[N]>;
};

export interface SendOptions {
  /** Add the job inside this transaction: it exists only if the transaction commits. */
  db?: Db;
  /** Run it this many seconds from now at the earliest. */
  startAfterSeconds?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** What the queue knows of one job. */
export interface JobRecord<T = object> {
  id: string;
  name: string;
  payload: T;
  state: JobState;
  /** Retries so far. */
  retryCount: number;
  retryLimit: number;
  /** Why the last attempt failed, when it did. */
  failure: string | null;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

const DAY = 24 * 3600;

function failureOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(output);
}

function queueOptions<P extends object>(definition: JobDefinition<P>): QueueOptions {
  return {
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    ...(definition.retry.maxDelaySeconds !== undefined
      ? { retryDelayMax: definition.retry.maxDelaySeconds }
      : {}),
    expireInSeconds: definition.expireInSeconds,
    ...(definition.heartbeatSeconds !== undefined
      ? { heartbeatSeconds: definition.heartbeatSeconds }
      : {}),
    deleteAfterSeconds: definition.keepSeconds ?? 7 * DAY,
    retentionSeconds: 14 * DAY,
  };
}

export class JobQueue<P extends JobPayloads> {
  private readonly boss: PgBoss;
  private definitions: JobDefinitions<P> | null = null;
  private started: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly settings: JobSettings,
    private readonly log: JobLog,
  ) {
    this.boss = new PgBoss({
      ...jobsConnection(database, settings),
      useListenNotify: true,
      // Maintenance (expiry of silent jobs, deletion of old ones) and schedules run where the workers do.
      supervise: settings.worker,
      schedule: settings.worker,
      superviseIntervalSeconds: settings.superviseIntervalSeconds,
      monitorIntervalSeconds: settings.superviseIntervalSeconds,
      // The embedded database has no autovacuum at all: its check would only warn of it at every pass.
      monitorVacuum: database.kind !== 'pglite',
    });
    this.boss.on('error', (error: unknown) =>
      this.log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'job queue error',
      ),
    );
    this.boss.on('warning', (warning: { message?: string }) =>
      this.log.warn({ warning: warning.message }, 'job queue warning'),
    );
  }

  /** The names this queue knows, once started. */
  get names(): (keyof P & string)[] {
    return Object.keys(this.definitions ?? {}) as (keyof P & string)[];
  }

  /** Creates (or updates) each job's queue, then starts the workers on a worker instance. Once. */
  start(definitions: JobDefinitions<P>): Promise<void> {
    this.started ??= this.doStart(definitions);
    return this.started;
  }

  private async doStart(definitions: JobDefinitions<P>): Promise<void> {
    this.definitions = definitions;
    await this.boss.start();
    for (const [name, definition] of Object.entries(definitions) as [
      string,
      JobDefinition<object>,
    ][]) {
      await this.declare(name, definition);
    }
    if (!this.settings.worker) return;
    const entries = Object.entries(definitions) as [string, JobDefinition<object>][];
    // Every schedule first, then the workers: a worker's first job may run at once and hold the database for a while
    // (a plan pass of a large campaign; on the embedded database its one connection), and the start must not wait
    // behind it (the server would not become ready in time, and would meet the same backlog at every restart).
    for (const [name, definition] of entries) {
      if (definition.enabled !== false && definition.schedule)
        await this.boss.schedule(name, definition.schedule.cron, definition.schedule.payload, {
          tz: 'UTC',
        });
      else await this.boss.unschedule(name);
    }
    for (const [name, definition] of entries) {
      if (definition.enabled === false) continue;
      const poll = Math.max(
        0.5,
        definition.pollIntervalSeconds ?? this.settings.pollIntervalSeconds,
      );
      // Each worker of a name (one by default) fetches up to its share of `concurrency` jobs at once and runs them
      // side by side; while its fetches come back full it fetches again at once (a backlog drains at full speed),
      // otherwise it waits for a new job's notification or the next look.
      const workers = Math.max(1, Math.min(definition.workers ?? 1, definition.concurrency ?? 1));
      const options = {
        batchSize: Math.ceil((definition.concurrency ?? 1) / workers),
        localConcurrency: workers,
        burstWhenBatchFull: true,
        perJobResults: true,
        includeMetadata: true,
        pollingIntervalSeconds: poll,
        notifyPollingIntervalSeconds: poll,
      } as const satisfies WorkOptions;
      await this.boss.work<object, void, typeof options>(name, options, (jobs) =>
        Promise.all(jobs.map((job) => this.run(name, definition, job))),
      );
    }
  }

  /** Opens the queue without declaring jobs or running workers: for tools that read or retry jobs. */
  open(): Promise<void> {
    this.started ??= this.boss.start().then(() => undefined);
    return this.started;
  }

  /** The job names the database has queues for (declared by a server's start). */
  async queueNames(): Promise<string[]> {
    await this.started;
    return (await this.boss.getQueues())
      .map((queue) => queue.name)
      .filter((name) => !name.startsWith('__pgboss'))
      .sort();
  }

  /** The queue of a job name, with its policy and retry settings (a policy cannot change once created). */
  private async declare(name: string, definition: JobDefinition<object>): Promise<void> {
    const policy: QueuePolicy = definition.policy ?? 'standard';
    const options = queueOptions(definition);
    const existing = await this.boss.getQueue(name);
    if (!existing) {
      try {
        await this.boss.createQueue(name, { ...options, policy, notify: true });
        return;
      } catch (error) {
        // Another instance created it meanwhile: update it as below.
        if (!(await this.boss.getQueue(name))) throw error;
      }
    } else if (existing.policy !== policy) {
      throw new Error(
        `the job queue "${name}" has the policy "${existing.policy}" in the database, not "${policy}": ` +
          'a policy cannot change; give the job a new name',
      );
    }
    await this.boss.updateQueue(name, { ...options, notify: true });
  }

  private async run(
    name: string,
    definition: JobDefinition<object>,
    job: JobWithMetadata<object>,
  ): Promise<JobResult> {
    try {
      await definition.handler(job.data, {
        id: job.id,
        attempt: job.retryCount,
        signal: job.signal,
        log: this.log,
      });
      return { id: job.id, status: 'completed' };
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      const detail = error instanceof Error ? error.message : String(error);
      const fields = { job: name, id: job.id, attempt: job.retryCount + 1, err: detail };
      if (last) this.log.error(fields, 'job failed: given up (it can be retried)');
      else this.log.warn(fields, 'job failed: retried later');
      // Kept on the job: its reason, shown by `find` and `list`.
      return {
        id: job.id,
        status: 'failed',
        output: {
          name: error instanceof Error ? error.name : 'Error',
          message: detail,
          ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
        },
      };
    }
  }

  private definition<N extends keyof P & string>(name: N): JobDefinition<P[N]> {
    const definition = this.definitions?.[name];
    if (!definition) throw new Error(`the job queue is not started, or knows no job "${name}"`);
    return definition;
  }

  /** Reading and retrying need the queue open; a started queue checks the name against its definitions. */
  private async ready(name: string): Promise<void> {
    if (!this.started) throw new Error('the job queue is not started');
    if (this.definitions && !(name in this.definitions))
      throw new Error(`the job queue knows no job "${name}"`);
    await this.started;
  }

  /**
   * Adds a job; answers its id, or null when its policy refused it (one of its key is already waiting or running).
   * Never runs it in the caller.
   */
  async send<N extends keyof P & string>(
    name: N,
    payload: P[N],
    options: SendOptions = {},
  ): Promise<string | null> {
    const definition = this.definition(name);
    await this.started;
    return this.boss.send(name, payload, {
      ...(definition.singletonKey ? { singletonKey: definition.singletonKey(payload) } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.db ? { db: kyselyJobsDatabase(options.db) } : {}),
    });
  }

  /** One job, as the queue knows it (null once deleted). */
  async find<N extends keyof P & string>(name: N, id: string): Promise<JobRecord<P[N]> | null> {
    await this.ready(name);
    const job = await this.boss.getJobById<P[N]>(name, id);
    return job ? this.record(job) : null;
  }

  /** The jobs of a name still kept, oldest first; only those whose payload contains `payload` when given. */
  async list<N extends keyof P & string>(
    name: N,
    filter: { payload?: Partial<P[N]>; limit?: number } = {},
  ): Promise<JobRecord<P[N]>[]> {
    await this.ready(name);
    const jobs = await this.boss.findJobs<P[N]>(name, {
      ...(filter.payload ? { data: filter.payload } : {}),
      limit: filter.limit ?? 1000,
    });
    return jobs.map((job) => this.record(job));
  }

  private record<T>(job: JobWithMetadata<T>): JobRecord<T> {
    return {
      id: job.id,
      name: job.name,
      payload: job.data,
      state: job.state,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      failure: job.state === 'completed' ? null : failureOf(job.output),
      createdOn: job.createdOn,
      startAfter: job.startAfter,
      startedOn: job.startedOn ?? null,
      completedOn: job.completedOn ?? null,
    };
  }

  /** Runs a failed (or cancelled) job again, with its retries counted afresh from where they stopped. */
  async retry<N extends keyof P & string>(name: N, id: string): Promise<void> {
    await this.ready(name);
    await this.boss.retry(name, id);
  }

  /**
   * Resolves once no job of these names (all by default) is running or due to run now: jobs waiting for a later
   * retry do not count. For tests and scripts: it asks the database until then.
   */
  async settled(names: (keyof P & string)[] = this.names, pollMs = 20): Promise<void> {
    await this.started;
    const schema = sql.id(this.schemaName());
    for (;;) {
      const row = await sql<{ n: number }>`
        select count(*)::int as n from ${schema}.job
         where name = any(${names}::text[]) and state < 'completed' and start_after <= now()`
        .execute(this.database.db)
        .then((result) => result.rows[0]);
      if (!row || row.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  private schemaName(): string {
    const schema = jobsConnection(this.database, this.settings).schema;
    if (!schema) throw new Error('the job queue has no schema');
    return schema;
  }

  /**
   * Stops: no new attempt starts; running ones have `shutdownTimeoutSeconds` to finish, then are failed with a
   * retry left (or taken over after their expiry). The application's database stays open (it is the caller's).
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.started?.catch(() => undefined);
    await this.boss.stop({
      graceful: true,
      close: true,
      timeout: this.settings.shutdownTimeoutSeconds * 1000,
    });
  }
}
