import { ENTITIES, type Entity, type TokenVo } from '@causeway/contracts';
import { COOKIE_NAMES, TOKEN_COOKIE_WRITE_RETRIES, getSharedCookie, removeSharedCookie, setSharedCookie } from './cookies.ts';
import type { FlowMode } from './mode.ts';
import { storage as defaultStorage, type KeyValueStore } from './storage.ts';

/** A session token and the epoch ms at which it stops being valid. */
export interface TokenRecord {
  token: string;
  validTime: number;
}

/**
 * The record to store for a token the server sent as a TokenVo, whose `validTime` is the
 * REMAINING life in seconds: it becomes an absolute epoch-ms expiry here, at receipt (`now`).
 */
export function tokenRecordOf(vo: TokenVo, now: number = Date.now()): TokenRecord {
  return { token: vo.token, validTime: now + vo.validTime * 1000 };
}

/** Storage key of the token of `mode` (one per mode: a user may hold several sessions). */
export const tokenStorageKey = (mode: FlowMode): string => `causeway.token.${mode}`;
/** Storage key of the current entity. */
export const ENTITY_STORAGE_KEY = 'causeway.entity';

/** Per-mode tokens and the current entity, as read by the HTTP client. */
export interface SessionStore {
  /**
   * The token of `mode`, or undefined. For `individual` the shared `token` cookie wins when it
   * differs from the stored one: a sibling app signed in again. Its expiry is then unknown, so it
   * is reported as `validTime: 0`, which makes the client refresh it before the next call.
   */
  getToken(mode: FlowMode): TokenRecord | undefined;
  /**
   * Stores a token valid until `validTime` (epoch ms). For `individual` also writes the shared
   * `token` cookie; resolves with whether that cookie write was verified (always true otherwise).
   * The stored value is readable synchronously, before the promise settles.
   */
  setToken(mode: FlowMode, record: TokenRecord): Promise<boolean>;
  /** Forgets the token of `mode` (and the shared cookie for `individual`). */
  clearToken(mode: FlowMode): void;
  getEntity(): Entity | undefined;
  setEntity(entity: Entity): void;
  clearEntity(): void;
}

export interface CreateSessionStoreOptions {
  storage?: KeyValueStore;
}

function isTokenRecord(value: unknown): value is TokenRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    'token' in value &&
    typeof value.token === 'string' &&
    value.token.length > 0 &&
    'validTime' in value &&
    typeof value.validTime === 'number'
  );
}

const isEntity = (value: unknown): value is Entity => (ENTITIES as readonly unknown[]).includes(value);

/** Creates a session store persisted in `storage` (default: the app-wide local storage). */
export function createSessionStore(options: CreateSessionStoreOptions = {}): SessionStore {
  const storage = options.storage ?? defaultStorage;
  return {
    getToken(mode) {
      const stored = storage.getItem<unknown>(tokenStorageKey(mode));
      const record = isTokenRecord(stored) ? stored : undefined;
      if (mode !== 'individual') return record;
      const shared = getSharedCookie(COOKIE_NAMES.token);
      // No cookie: keep the stored token (Secure cookies cannot be written on plain http).
      if (!shared || shared === record?.token) return record;
      return { token: shared, validTime: 0 };
    },
    async setToken(mode, record) {
      // No storage TTL: an expired token is still worth one refresh attempt, and the server
      // answers USER0000001 if it is really dead.
      storage.setItem<TokenRecord>(tokenStorageKey(mode), { token: record.token, validTime: record.validTime });
      if (mode !== 'individual') return true;
      return setSharedCookie(COOKIE_NAMES.token, record.token, { retries: TOKEN_COOKIE_WRITE_RETRIES });
    },
    clearToken(mode) {
      storage.removeItem(tokenStorageKey(mode));
      if (mode === 'individual') removeSharedCookie(COOKIE_NAMES.token);
    },
    getEntity() {
      const value = storage.getItem<unknown>(ENTITY_STORAGE_KEY);
      return isEntity(value) ? value : undefined;
    },
    setEntity(entity) {
      storage.setItem(ENTITY_STORAGE_KEY, entity);
    },
    clearEntity() {
      storage.removeItem(ENTITY_STORAGE_KEY);
    },
  };
}
