import { describe, expect, it } from 'vitest';
import { RequestActivity } from '../src/http/request-activity';

/** Resolves to 'waiting' when `promise` has not settled after the pending I/O and timers of this turn ran. */
async function state(promise: Promise<unknown>): Promise<'settled' | 'waiting'> {
  return Promise.race([
    promise.then(() => 'settled' as const),
    new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 20)),
  ]);
}

describe('RequestActivity (background work on the embedded database gives way to requests)', () => {
  it('lets background work go on at once when no request is in flight', async () => {
    const activity = new RequestActivity(true);
    expect(await state(activity.quiet(10_000))).toBe('settled');
  });

  it('holds background work while a request is in flight, and lets it go when the last one ends', async () => {
    const activity = new RequestActivity(true);
    activity.started();
    activity.started();
    const waiting = activity.quiet(10_000);
    expect(await state(waiting)).toBe('waiting');
    activity.ended();
    expect(activity.count).toBe(1);
    expect(await state(waiting)).toBe('waiting');
    activity.ended();
    expect(await state(waiting)).toBe('settled');
  });

  it('lets background work go on after the longest wait, so that steady traffic cannot stop it', async () => {
    const activity = new RequestActivity(true);
    activity.started();
    const started = performance.now();
    await activity.quiet(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(activity.count).toBe(1);
  });

  it('never holds background work on PostgreSQL, where requests have connections of their own', async () => {
    const activity = new RequestActivity(false);
    activity.started();
    expect(await state(activity.quiet(10_000))).toBe('settled');
  });

  it('counts a request that ended more often than it started as none', async () => {
    const activity = new RequestActivity(true);
    activity.ended();
    expect(activity.count).toBe(0);
    activity.started();
    expect(activity.count).toBe(1);
  });
});
