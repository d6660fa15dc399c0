import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_EXPIRY, createMemoryStorage, createStorage, getItem, removeItem, setItem } from './storage.ts';

describe('storage', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('wraps values as {data, expiry} with -1 when no ttl is given', () => {
    setItem('k', { a: 1 });
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual({ data: { a: 1 }, expiry: NO_EXPIRY });
    vi.advanceTimersByTime(10 * 365 * 24 * 3600 * 1000);
    expect(getItem('k')).toEqual({ a: 1 });
  });

  it('stores an absolute expiry and removes the entry once expired', () => {
    setItem('k', 'v', 1000);
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual({ data: 'v', expiry: Date.now() + 1000 });
    vi.advanceTimersByTime(999);
    expect(getItem('k')).toBe('v');
    vi.advanceTimersByTime(1);
    expect(getItem('k')).toBeUndefined();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('returns undefined for absent and malformed entries, leaving malformed ones in place', () => {
    expect(getItem('missing')).toBeUndefined();
    localStorage.setItem('raw', 'not json');
    localStorage.setItem('shape', JSON.stringify({ value: 1 }));
    localStorage.setItem('badExpiry', JSON.stringify({ data: 1, expiry: 'soon' }));
    expect(getItem('raw')).toBeUndefined();
    expect(getItem('shape')).toBeUndefined();
    expect(getItem('badExpiry')).toBeUndefined();
    expect(localStorage.getItem('raw')).toBe('not json');
  });

  it('keeps falsy data', () => {
    setItem('zero', 0);
    setItem('null', null);
    expect(getItem('zero')).toBe(0);
    expect(getItem('null')).toBeNull();
  });

  it('removes items', () => {
    setItem('k', 1);
    removeItem('k');
    expect(getItem('k')).toBeUndefined();
  });

  it('falls back to memory when storage throws (Safari private mode)', () => {
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createStorage({ storage: () => throwing });
    expect(store.setItem('k', 'v')).toBe(true);
    expect(store.getItem('k')).toBe('v');
    const blocked = createStorage({
      storage: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    blocked.setItem('k', 'v');
    expect(blocked.getItem('k')).toBe('v');
  });

  it('reports a failed write without throwing', () => {
    const memory = createMemoryStorage();
    let fail = false;
    const flaky = {
      ...memory,
      setItem: (k: string, v: string) =>
        fail
          ? (() => {
              throw new Error('quota');
            })()
          : memory.setItem(k, v),
    };
    const store = createStorage({ storage: () => flaky });
    store.setItem('first', 1); // the backend is chosen (and probed) on first use
    fail = true;
    expect(store.setItem('k', 'v')).toBe(false);
    expect(store.getItem('k')).toBeUndefined();
  });

  it('uses the injected clock', () => {
    let t = 0;
    const store = createStorage({ storage: () => createMemoryStorage(), now: () => t });
    store.setItem('k', 'v', 10);
    t = 10;
    expect(store.getItem('k')).toBeUndefined();
  });
});
