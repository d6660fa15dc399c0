import { CALL_ROUTES } from '@causeway/contracts';
import { ApiError } from './http-errors.ts';
import type { FlowMode } from './mode.ts';
import { type SessionStore, type TokenRecord, tokenRecordOf } from './session.ts';

/** Refresh the token before a call when it has less than this left (docs/rules/calls.md: 300000 ms). */
export const TOKEN_REFRESH_THRESHOLD_MS = 300_000;

/** True when `record` expires within {@link TOKEN_REFRESH_THRESHOLD_MS} of `now` (or already has). */
export function needsRefresh(record: TokenRecord | undefined, now: number): boolean {
  return record !== undefined && record.validTime - now < TOKEN_REFRESH_THRESHOLD_MS;
}

/**
 * Reads the refresh-token reply `{ token: TokenVo }`, checking its shape, as the record to store
 * (see {@link tokenRecordOf}: the remaining seconds become an epoch-ms expiry at `now`).
 */
export function parseRefreshReply(data: unknown, now: number): TokenRecord | undefined {
  if (typeof data !== 'object' || data === null || !('token' in data)) return undefined;
  const inner: unknown = data.token;
  if (typeof inner !== 'object' || inner === null || !('token' in inner) || !('validTime' in inner)) return undefined;
  const { token, validTime } = inner;
  if (typeof token !== 'string' || token.length === 0) return undefined;
  if (typeof validTime !== 'number' || !Number.isFinite(validTime)) return undefined;
  return tokenRecordOf({ token, validTime }, now);
}

export interface TokenRefresherOptions {
  session: SessionStore;
  now: () => number;
  /** Performs GET refresh-token for `mode` with its current token and resolves with the reply data. */
  callRefresh: (mode: FlowMode) => Promise<unknown>;
}

/**
 * Returns `refresh(mode)`, which refreshes the token of `mode` once even when many calls ask at
 * the same time: they all await the same promise (a second refresh would send an already-rotated
 * token and fail). The promise is forgotten once settled, so a later expiry refreshes again.
 */
export function createTokenRefresher(options: TokenRefresherOptions): (mode: FlowMode) => Promise<void> {
  const inFlight = new Map<FlowMode, Promise<void>>();
  const run = async (mode: FlowMode): Promise<void> => {
    const data = await options.callRefresh(mode);
    const record = parseRefreshReply(data, options.now());
    if (!record) {
      throw new ApiError({ kind: 'badResponse', path: CALL_ROUTES.refreshToken.path, msg: 'Malformed refresh-token reply', data });
    }
    // Not awaited: the stored token is readable at once, while the shared-cookie write check may
    // take up to 3 s (30 retries) and must not hold the waiting calls back.
    void options.session.setToken(mode, record);
  };
  return (mode) => {
    let pending = inFlight.get(mode);
    if (!pending) {
      pending = run(mode).finally(() => inFlight.delete(mode));
      inFlight.set(mode, pending);
    }
    return pending;
  };
}
