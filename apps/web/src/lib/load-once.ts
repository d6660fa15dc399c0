/**
 * A chunk fetched on first use: every caller shares the one fetch, what arrived is kept (`loaded`,
 * for a component's first render), and a fetch that failed (offline, a deploy in between) is tried
 * again by the next call instead of failing for good.
 */
export function loadOnce<T>(fetchChunk: () => Promise<T>): { load(): Promise<T>; loaded(): T | null } {
  let pending: Promise<T> | null = null;
  let value: T | null = null;
  return {
    load() {
      pending ??= fetchChunk().then(
        (arrived) => (value = arrived),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}
