import { describe, expect, it } from 'vitest';
import { BackgroundQueue, DEFAULT_RETRY_DELAYS_MS } from '../src/mail/queue';

/** The queue that sends password-reset e-mails after the answer: retried with backoff, failures logged. */
function recordingLog() {
  const lines: { level: 'warn' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
  return {
    lines,
    warn: (obj: object, msg: string) =>
      void lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj: object, msg: string) =>
      void lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
}

describe('background queue', () => {
  it('retries with growing delays by default', () => {
    expect(DEFAULT_RETRY_DELAYS_MS.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < DEFAULT_RETRY_DELAYS_MS.length; i += 1)
      expect(DEFAULT_RETRY_DELAYS_MS[i]).toBeGreaterThan(DEFAULT_RETRY_DELAYS_MS[i - 1] ?? 0);
  });

  it('never runs a job inside the caller, retries a failure after each delay and logs every failure', async () => {
    const log = recordingLog();
    const queue = new BackgroundQueue(log, { retryDelaysMs: [5, 10, 20] });
    let runs = 0;
    queue.enqueue('flaky mail', async () => {
      runs += 1;
      if (runs < 3) throw new Error(`smtp down ${runs}`);
    });
    expect(runs).toBe(0);
    await queue.idle();
    expect(runs).toBe(3);
    expect(
      log.lines.map((l) => [l.level, l.obj.job, l.obj.attempt, l.obj.retryInMs, l.obj.err]),
    ).toEqual([
      ['warn', 'flaky mail', 1, 5, 'smtp down 1'],
      ['warn', 'flaky mail', 2, 10, 'smtp down 2'],
    ]);
  });

  it('gives up after the last retry with an error line', async () => {
    const log = recordingLog();
    const queue = new BackgroundQueue(log, { retryDelaysMs: [1, 1] });
    let runs = 0;
    queue.enqueue('dead mail', async () => {
      runs += 1;
      throw new Error('refused');
    });
    await queue.idle();
    expect(runs).toBe(3);
    expect(log.lines.at(-1)).toEqual({
      level: 'error',
      obj: { job: 'dead mail', attempts: 3, err: 'refused' },
      msg: 'background job failed: given up',
    });
  });

  it('drops jobs beyond its bound with an error line, and stops retrying once closed', async () => {
    const log = recordingLog();
    const queue = new BackgroundQueue(log, { retryDelaysMs: [60_000], maxPending: 1 });
    queue.enqueue('first', async () => {
      throw new Error('later');
    });
    queue.enqueue('second', async () => undefined);
    expect(log.lines).toEqual([
      {
        level: 'error',
        obj: { job: 'second', pending: 1 },
        msg: 'background queue full: job dropped',
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.pending).toBe(1); // waiting a minute for its retry
    await queue.close();
    expect(queue.pending).toBe(0);
  });
});
