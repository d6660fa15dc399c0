import { storage as defaultStorage, type KeyValueStore } from './storage.ts';

/** Names of the persisted ids (their storage keys are prefixed, see {@link idStorageKey}). */
export const ID_NAMES = {
  /** Anonymous analytics id. */
  analyticsUuid: 'uuid',
  /** The `device-id` header value when no fingerprint is available. */
  deviceId: 'deviceId',
} as const;

/** Storage key holding the id called `name`. */
export const idStorageKey = (name: string): string => `causeway.id.${name}`;

/** The part of `crypto` used here; `randomUUID` may be missing. */
export type UuidSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts (https or localhost), so
 * on a plain-http host we build one from `crypto.getRandomValues`, which is available everywhere.
 */
export function randomUuid(source: UuidSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Returns the id stored under `name`, generating and persisting a UUID the first time, so the
 * same browser keeps the same id across visits (never expires).
 */
export function getOrCreateId(name: string, store: KeyValueStore = defaultStorage): string {
  const key = idStorageKey(name);
  const existing = store.getItem<unknown>(key);
  if (typeof existing === 'string' && existing.length > 0) return existing;
  const id = randomUuid();
  store.setItem(key, id);
  return id;
}

/** The analytics uuid of this browser. */
export const getAnalyticsUuid = (store?: KeyValueStore): string => getOrCreateId(ID_NAMES.analyticsUuid, store);
/** The fallback device id of this browser (sent as `device-id`). */
export const getDeviceId = (store?: KeyValueStore): string => getOrCreateId(ID_NAMES.deviceId, store);
