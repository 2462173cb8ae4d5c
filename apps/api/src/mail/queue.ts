/**
 * Work done after the answer has gone: password-reset e-mails are prepared and sent here,
 * so the request answers the same, in the same time, whether the address has an account or the mail
 * server is down. A failed job is retried with exponential backoff, each failure logged; after the last
 * attempt it is dropped with an error line. In memory: a restart forgets jobs not yet done (the user asks again).
 */
export interface JobLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackgroundQueueOptions {
  /** Delays before each retry, in milliseconds (the number of retries is their count). */
  retryDelaysMs?: number[];
  /** Jobs waiting beyond this are dropped (logged): a flood of requests cannot grow memory without bound. */
  maxPending?: number;
}

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export class BackgroundQueue {
  private readonly retryDelays: number[];
  private readonly maxPending: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private closed = false;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly log: JobLogger,
    options: BackgroundQueueOptions = {},
  ) {
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.maxPending = options.maxPending ?? 1_000;
  }

  /** Jobs started or waiting for a retry. */
  get pending(): number {
    return this.running + this.timers.size;
  }

  /** Runs the job soon, never in the caller's request; `name` is what the logs say (never secrets). */
  enqueue(name: string, job: () => Promise<void>): void {
    if (this.closed) return;
    if (this.pending >= this.maxPending) {
      this.log.error({ job: name, pending: this.pending }, 'background queue full: job dropped');
      return;
    }
    this.schedule(name, job, 0, 0);
  }

  private schedule(name: string, job: () => Promise<void>, attempt: number, delay: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run(name, job, attempt);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private async run(name: string, job: () => Promise<void>, attempt: number): Promise<void> {
    this.running += 1;
    try {
      await job();
    } catch (error) {
      const delay = this.retryDelays[attempt];
      const detail = error instanceof Error ? error.message : String(error);
      if (delay !== undefined && !this.closed) {
        this.log.warn(
          { job: name, attempt: attempt + 1, retryInMs: delay, err: detail },
          'background job failed: retrying',
        );
        this.schedule(name, job, attempt + 1, delay);
      } else {
        this.log.error(
          { job: name, attempts: attempt + 1, err: detail },
          'background job failed: given up',
        );
      }
    } finally {
      this.running -= 1;
      if (this.pending === 0) for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  /** Resolves when no job is running or waiting (tests, shutdown). */
  idle(): Promise<void> {
    return this.pending === 0
      ? Promise.resolve()
      : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops retries; jobs already running finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }
}
