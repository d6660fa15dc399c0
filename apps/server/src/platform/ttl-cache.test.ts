import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  it('loads once per key until the entry expires', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, now: () => clock });
    const load = vi.fn(async () => clock);
    expect(await cache.get('a', load)).toBe(0);
    clock = 999;
    expect(await cache.get('a', load)).toBe(0);
    expect(load).toHaveBeenCalledTimes(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(1000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses and never caches a failure', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000 });
    const load = vi.fn(async () => 'x');
    await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(cache.get('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
  });

  it('asks a lazy thenable (a query builder, which queries again each time it is awaited) once for every reader', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000 });
    let queries = 0;
    const builder = { then: (resolve: (value: string) => void) => resolve(`answer ${(queries += 1)}`) } as PromiseLike<string>;
    expect(await cache.get('q', () => builder)).toBe('answer 1');
    expect(await cache.get('q', () => builder)).toBe('answer 1');
    expect(queries).toBe(1);
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    const load = vi.fn(async () => 'v');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
