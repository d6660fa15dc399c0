import { ErrorCode } from '@causeway/contracts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import { sha256Hex } from './crypto.ts';
import type { IdempotencyRepository } from './idempotency.repository.ts';

/** How long a running first request holds its key before a retry may take over (it crashed). */
const CLAIM_LOCK_MS = 60_000;
/** docs/trust.md: keys live at least 24 h. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The same value whatever the order of object keys: two equal bodies hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash a request body is known by: its canonical JSON's SHA-256, so key order does not matter. */
const requestHashOf = (body: unknown): string => sha256Hex(canonicalJson(body));

/**
 * docs/trust.md idempotency for calls that move money. The first call with a key runs; the same key
 * and body later answers the first answer; another body (or another person's key) is refused
 * with IDM0000422; a duplicate while the first still runs gets IDM0000409. A first call that
 * throws frees its key (it must not have changed anything that a retry would repeat).
 */
export function createIdempotency(repository: IdempotencyRepository, clock: Clock) {
  return {
    /** `work` gets the body's hash, which a caller may keep beside what it creates (an order does). */
    async run<T>(scope: string, key: string, userId: string, body: unknown, work: (requestHash: string) => Promise<T>): Promise<T> {
      const requestHash = requestHashOf(body);
      const now = clock.now();
      const lockedUntil = new Date(now.getTime() + CLAIM_LOCK_MS);
      let claimed = await repository.claim({ scope, key, userId, requestHash, lockedUntil, createdAt: now });
      if (!claimed) {
        const row = await repository.find(scope, key);
        if (!row) throw new AppError(ErrorCode.RequestStillProcessing); // released between our insert and read: the client retries
        if (row.userId !== userId || row.requestHash !== requestHash) throw new AppError(ErrorCode.IdempotencyKeyReused);
        if (row.response !== null) return row.response as T;
        claimed = await repository.takeOver(scope, key, now, lockedUntil);
        if (!claimed) throw new AppError(ErrorCode.RequestStillProcessing);
      }
      let answer: T;
      try {
        answer = await work(requestHash);
      } catch (error) {
        await repository.release(scope, key);
        throw error;
      }
      await repository.complete(scope, key, answer);
      return answer;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
