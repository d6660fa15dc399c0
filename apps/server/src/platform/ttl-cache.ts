/**
 * A small read-through cache for read-mostly reference data (the catalogue, countries). Entries
 * live `ttlMs`, so an operator's edit in the database shows within that time on every process;
 * nothing here is state another process needs. Failed loads are not cached. Concurrent misses
 * of one key share one load. At most `maxEntries` keys; the oldest is dropped first.
 */
/**
 * How long a process serves what an operator changes (the catalogue, fees, tier limits) from memory
 * (decision 003): the process that makes the change forgets its copy at once, every other process
 * within this.
 */
export const SETTINGS_CACHE_TTL_MS = 1_000;

export function createTtlCache<T>(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const { ttlMs, maxEntries = 256, now = Date.now } = options;
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => PromiseLike<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      // Promise.resolve: a lazy thenable (a query builder runs its query each time it is awaited)
      // is asked once, and every later reader shares that one answer.
      const value = Promise.resolve(load());
      entries.delete(key);
      entries.set(key, { expiresAt: now() + ttlMs, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
