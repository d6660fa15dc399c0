/** The `expiry` value meaning "never expires". */
export const NO_EXPIRY = -1;

/** What is written under each key: the value plus its expiry in epoch ms, or {@link NO_EXPIRY}. */
export interface StoredEntry<T> {
  data: T;
  expiry: number;
}

/** The key-value store API; the module-level functions below are one instance of it. */
export interface KeyValueStore {
  /** Stores `data` as JSON. `ttlMs` omitted = never expires. Returns false if the write failed. */
  setItem<T>(key: string, data: T, ttlMs?: number): boolean;
  /** The stored data, or undefined when absent, malformed or expired (expired entries are removed). */
  getItem<T>(key: string): T | undefined;
  removeItem(key: string): void;
}

/** The subset of the Web Storage API this module uses (so tests can pass a fake). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface CreateStorageOptions {
  /** Returns the backing storage; default `window.localStorage`. May throw or return undefined. */
  storage?: () => StorageLike | undefined;
  /** Clock in epoch ms; default `Date.now`. */
  now?: () => number;
}

const PROBE_KEY = '__causeway_storage_probe__';

/** An in-memory stand-in with the same surface, used when local storage is unusable. */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/**
 * Picks the backend once. Merely reading `window.localStorage` can throw (SecurityError when
 * storage is blocked), and Safari private mode used to throw QuotaExceededError on every write,
 * so we probe with a real write and fall back to memory: the session then lasts the page's life.
 */
function resolveBackend(get: () => StorageLike | undefined): StorageLike {
  try {
    const storage = get();
    if (storage) {
      storage.setItem(PROBE_KEY, '1');
      storage.removeItem(PROBE_KEY);
      return storage;
    }
  } catch {
    // Unusable: fall through to memory.
  }
  return createMemoryStorage();
}

function isEntry(value: unknown): value is StoredEntry<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'data' in value &&
    'expiry' in value &&
    typeof value.expiry === 'number' &&
    Number.isFinite(value.expiry)
  );
}

/** Creates a store over `storage` (default local storage) that wraps values as `{data, expiry}`. */
export function createStorage(options: CreateStorageOptions = {}): KeyValueStore {
  // Wrapped, not `Date.now` itself, so a clock swapped later (fake timers) is still seen.
  const now = options.now ?? (() => Date.now());
  const getStorage = options.storage ?? (() => globalThis.localStorage);
  let backend: StorageLike | undefined;
  // Resolved lazily so importing this module never touches storage (SSR, tests, blocked storage).
  const store = (): StorageLike => (backend ??= resolveBackend(getStorage));

  const removeItem = (key: string): void => {
    try {
      store().removeItem(key);
    } catch {
      // Nothing sensible to do; a failed removal leaves at worst an entry that expires anyway.
    }
  };

  return {
    setItem<T>(key: string, data: T, ttlMs?: number): boolean {
      const entry: StoredEntry<T> = { data, expiry: ttlMs === undefined ? NO_EXPIRY : now() + ttlMs };
      try {
        store().setItem(key, JSON.stringify(entry));
        return true;
      } catch {
        // Quota exceeded or storage revoked mid-session.
        return false;
      }
    },
    getItem<T>(key: string): T | undefined {
      let raw: string | null;
      try {
        raw = store().getItem(key);
      } catch {
        return undefined;
      }
      if (raw === null) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // Malformed entries are left alone: another script may own a raw value under this key.
        return undefined;
      }
      if (!isEntry(parsed)) return undefined;
      if (parsed.expiry !== NO_EXPIRY && parsed.expiry <= now()) {
        removeItem(key);
        return undefined;
      }
      return parsed.data as T;
    },
    removeItem,
  };
}

/** The app-wide store over local storage (falls back to memory when local storage is unusable). */
export const storage: KeyValueStore = createStorage();

/** {@link KeyValueStore.setItem} on the app-wide store. */
export const setItem = <T>(key: string, data: T, ttlMs?: number): boolean => storage.setItem(key, data, ttlMs);
/** {@link KeyValueStore.getItem} on the app-wide store. */
export const getItem = <T>(key: string): T | undefined => storage.getItem<T>(key);
/** {@link KeyValueStore.removeItem} on the app-wide store. */
export const removeItem = (key: string): void => storage.removeItem(key);
