import { describe, expect, it } from 'vitest';
import { COOKIE_NAMES, getSharedCookie } from './cookies.ts';
import { ENTITY_STORAGE_KEY, createSessionStore, tokenRecordOf, tokenStorageKey } from './session.ts';
import { getItem, setItem } from './storage.ts';

describe('session store', () => {
  it('keeps one token per mode', async () => {
    const session = createSessionStore();
    await session.setToken('business', { token: 'b', validTime: 5 });
    await session.setToken('independent', { token: 'i', validTime: 6 });
    expect(session.getToken('business')).toEqual({ token: 'b', validTime: 5 });
    expect(session.getToken('independent')).toEqual({ token: 'i', validTime: 6 });
    expect(session.getToken('businessIndependent')).toBeUndefined();
    expect(getItem(tokenStorageKey('business'))).toEqual({ token: 'b', validTime: 5 });
    expect(getSharedCookie(COOKIE_NAMES.token)).toBeUndefined();
  });

  it('shares the individual token through the token cookie', async () => {
    const session = createSessionStore();
    await expect(session.setToken('individual', { token: 'ind', validTime: 9 })).resolves.toBe(true);
    expect(getSharedCookie(COOKIE_NAMES.token)).toBe('ind');
    expect(session.getToken('individual')).toEqual({ token: 'ind', validTime: 9 });
    session.clearToken('individual');
    expect(session.getToken('individual')).toBeUndefined();
    expect(getSharedCookie(COOKIE_NAMES.token)).toBeUndefined();
  });

  it('prefers a newer cookie token from a sibling app, with an unknown (due) expiry', async () => {
    const session = createSessionStore();
    await session.setToken('individual', { token: 'old', validTime: 9 });
    document.cookie = 'token=new; path=/';
    expect(session.getToken('individual')).toEqual({ token: 'new', validTime: 0 });
  });

  it('keeps the stored token when the cookie is missing (http hosts drop Secure cookies)', () => {
    setItem(tokenStorageKey('individual'), { token: 'kept', validTime: 1 });
    expect(createSessionStore().getToken('individual')).toEqual({ token: 'kept', validTime: 1 });
  });

  it('ignores malformed token records', () => {
    setItem(tokenStorageKey('business'), { token: '', validTime: 1 });
    expect(createSessionStore().getToken('business')).toBeUndefined();
  });

  it('stores only valid entities', () => {
    const session = createSessionStore();
    expect(session.getEntity()).toBeUndefined();
    session.setEntity('PL');
    expect(session.getEntity()).toBe('PL');
    setItem(ENTITY_STORAGE_KEY, 'XX');
    expect(session.getEntity()).toBeUndefined();
    session.setEntity('LI');
    session.clearEntity();
    expect(session.getEntity()).toBeUndefined();
  });
});

describe('tokenRecordOf', () => {
  it("turns a TokenVo's remaining seconds into an epoch-ms expiry at receipt", () => {
    expect(tokenRecordOf({ token: 'tok', validTime: 3600 }, 1_000)).toEqual({ token: 'tok', validTime: 1_000 + 3_600_000 });
  });

  it('counts from now by default', () => {
    const before = Date.now();
    const { validTime } = tokenRecordOf({ token: 'tok', validTime: 60 });
    expect(validTime).toBeGreaterThanOrEqual(before + 60_000);
    expect(validTime).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});
