/**
 * The requests this process is serving, so that long background work on the embedded database gives way to them.
 *
 * The embedded database has one connection, taken in turn: a request's statements each wait for the background
 * statement or transaction in progress, so a request of four statements beside an import waited for four of the
 * import's batches (docs/performance.md, the import's figures step by step). Background work that calls `quiet()`
 * before each of its batches starts its next batch only once no request is in flight: a request then waits for one
 * batch at most, whatever its number of statements. So that steady traffic cannot stop the background work, it goes
 * on after `maxWaitMs` anyway. On PostgreSQL the requests have connections of their own: `quiet()` does not wait.
 */
export class RequestActivity {
  private inFlight = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly enabled: boolean) {}

  /** How many requests are being served. */
  get count(): number {
    return this.inFlight;
  }

  /** A request started; call `ended` once when its response is closed (sent, or the connection lost). */
  started(): void {
    this.inFlight += 1;
  }

  ended(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) for (const wake of this.waiting) wake();
  }

  /**
   * Resolves when no request is in flight, or after `maxWaitMs`. It first lets pending I/O run, so that a request
   * whose bytes arrived while the caller's last statement held the event loop is counted before the check.
   */
  async quiet(maxWaitMs = 200): Promise<void> {
    if (!this.enabled) return;
    await new Promise((resolve) => setImmediate(resolve));
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, maxWaitMs);
      this.waiting.add(wake);
    });
  }
}
