import { describe, expect, it } from 'vitest';
import { ID_NAMES, getAnalyticsUuid, getDeviceId, getOrCreateId, idStorageKey, randomUuid } from './ids.ts';
import { createMemoryStorage, createStorage, getItem } from './storage.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids', () => {
  it('creates an id once and persists it', () => {
    const id = getOrCreateId('x');
    expect(id).toMatch(UUID_V4);
    expect(getOrCreateId('x')).toBe(id);
    expect(getItem(idStorageKey('x'))).toBe(id);
  });

  it('keeps analytics and device ids apart', () => {
    expect(getAnalyticsUuid()).not.toBe(getDeviceId());
    expect(getItem(idStorageKey(ID_NAMES.deviceId))).toBe(getDeviceId());
  });

  it('accepts another store', () => {
    const store = createStorage({ storage: () => createMemoryStorage() });
    const id = getDeviceId(store);
    expect(getDeviceId(store)).toBe(id);
    expect(getItem(idStorageKey(ID_NAMES.deviceId))).toBeUndefined();
  });

  it('builds a v4 UUID without crypto.randomUUID (insecure contexts)', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid({ getRandomValues: (a) => crypto.getRandomValues(a) })));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });
});
