import { describe, expect, it } from 'vitest';
import { ListCache } from '../src/http/list-cache';

describe('ListCache', () => {
  it('serves an entry until the next write', async () => {
    const cache = new ListCache(true);
    let computed = 0;
    const compute = async () => `v${(computed += 1)}`;
    expect(await cache.get('k', compute)).toBe('v1');
    expect(await cache.get('k', compute)).toBe('v1');
    cache.bump();
    expect(await cache.get('k', compute)).toBe('v2');
  });

  it('does not keep a value computed while a write started', async () => {
    const cache = new ListCache(true);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('stale'))));
    cache.bump();
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('computes every time when disabled', async () => {
    const cache = new ListCache(false);
    let computed = 0;
    await cache.get('k', async () => String((computed += 1)));
    await cache.get('k', async () => String((computed += 1)));
    expect(computed).toBe(2);
  });
});
