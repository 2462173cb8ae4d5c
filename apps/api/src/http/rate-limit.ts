/**
 * In-memory sliding-window counter of failures (login attempts, reset requests).
 * One process serves the app, so memory is the right place; a restart forgets.
 */
export class FailureLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** Seconds until the key is allowed again, or 0 when it is allowed now. */
  retryAfter(key: string, limit: number): number {
    const list = this.recent(key);
    if (list.length < limit) return 0;
    const oldestRelevant = list[list.length - limit] as number;
    return Math.max(1, Math.ceil((oldestRelevant + this.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (this.hits.size > 100_000) this.prune();
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private prune(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}

/** Compares dotted versions numerically: -1, 0 or 1; null when either is not a version. */
export function compareVersions(a: string, b: string): number | null {
  const pattern = /^\d+(\.\d+){0,3}$/;
  if (!pattern.test(a) || !pattern.test(b)) return null;
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
