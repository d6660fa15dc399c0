import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session.ts';
import { createMemoryStorage, createStorage } from './storage.ts';
import { TOKEN_REFRESH_THRESHOLD_MS, createTokenRefresher, needsRefresh, parseRefreshReply } from './token-refresh.ts';

describe('token refresh helpers', () => {
  it('refreshes strictly under the threshold', () => {
    expect(needsRefresh(undefined, 0)).toBe(false);
    expect(needsRefresh({ token: 't', validTime: TOKEN_REFRESH_THRESHOLD_MS }, 0)).toBe(false);
    expect(needsRefresh({ token: 't', validTime: TOKEN_REFRESH_THRESHOLD_MS - 1 }, 0)).toBe(true);
    expect(needsRefresh({ token: 't', validTime: -5 }, 0)).toBe(true);
  });

  it('turns validTime seconds into an epoch-ms expiry', () => {
    expect(parseRefreshReply({ token: { token: 'n', validTime: 7200 } }, 1000)).toEqual({ token: 'n', validTime: 1000 + 7_200_000 });
    expect(parseRefreshReply({ token: 'n' }, 0)).toBeUndefined();
    expect(parseRefreshReply({ token: { token: 'n', validTime: '7200' } }, 0)).toBeUndefined();
    expect(parseRefreshReply(null, 0)).toBeUndefined();
  });

  it('rejects a malformed reply with badResponse and keeps the old token', async () => {
    const session = createSessionStore({ storage: createStorage({ storage: () => createMemoryStorage() }) });
    await session.setToken('business', { token: 'old', validTime: 1 });
    const refresh = createTokenRefresher({ session, now: () => 0, callRefresh: vi.fn().mockResolvedValue({}) });
    await expect(refresh('business')).rejects.toMatchObject({ kind: 'badResponse' });
    expect(session.getToken('business')?.token).toBe('old');
  });

  it('starts a new refresh once the previous one settled', async () => {
    const session = createSessionStore({ storage: createStorage({ storage: () => createMemoryStorage() }) });
    const callRefresh = vi.fn().mockResolvedValue({ token: { token: 'n', validTime: 1 } });
    const refresh = createTokenRefresher({ session, now: () => 0, callRefresh });
    await Promise.all([refresh('business'), refresh('business')]);
    await refresh('business');
    expect(callRefresh).toHaveBeenCalledTimes(2);
  });
});
