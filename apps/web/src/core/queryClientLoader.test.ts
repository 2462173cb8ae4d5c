import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createQueryClientLoader } from './queryClientLoader';

describe('createQueryClientLoader', () => {
  it('creates the client once, on the first load, and keeps it', async () => {
    let created = 0;
    const loader = createQueryClientLoader(async () => {
      created++;
      return new QueryClient();
    });
    expect(loader.current()).toBeNull();
    expect(created).toBe(0);
    const [first, second] = await Promise.all([loader.load(), loader.load()]);
    expect(first).toBe(second);
    expect(loader.current()).toBe(first);
    expect(await loader.load()).toBe(first);
    expect(created).toBe(1);
  });

  it('tries again after a failed load (the code could not be downloaded)', async () => {
    const attempts: string[] = [];
    const loader = createQueryClientLoader(async () => {
      attempts.push('load');
      if (attempts.length === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return new QueryClient();
    });
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    expect(loader.current()).toBeNull();
    await expect(loader.load()).resolves.toBeInstanceOf(QueryClient);
    expect(attempts).toHaveLength(2);
  });
});
