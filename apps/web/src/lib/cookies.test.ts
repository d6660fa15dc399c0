import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIE_NAMES,
  COOKIE_RETRY_DELAY_MS,
  COOKIE_WRITE_RETRIES,
  TOKEN_COOKIE_WRITE_RETRIES,
  buildSharedCookie,
  getSharedCookie,
  removeSharedCookie,
  setSharedCookie,
  sharedCookieDomain,
} from './cookies.ts';

const realCookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** Makes the first `failures` writes to document.cookie vanish; later writes go through. */
function loseFirstWrites(failures: number) {
  let writes = 0;
  const spy = vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes++;
    if (writes > failures) realCookie.set!.call(this, value);
  });
  return { spy, writes: () => writes };
}

describe('sharedCookieDomain', () => {
  it.each([
    ['pay.shop.example.com', '.shop.example.com'],
    ['pay.example.com', '.example.com'],
    ['example.com', '.example.com'],
    ['PAY.Example.com.', '.example.com'],
    ['localhost', undefined],
    ['app.localhost', undefined],
    ['127.0.0.1', undefined],
    ['::1', undefined],
    ['[::1]', undefined],
    ['intranet', undefined],
  ])('%s → %s', (host, domain) => {
    expect(sharedCookieDomain(host)).toBe(domain);
  });
});

describe('shared cookies', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2030, 0, 1) }));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('builds Secure SameSite=None cookies on path / with the parent domain and 15-day expiry', () => {
    const expires = new Date(Date.UTC(2030, 0, 16));
    expect(buildSharedCookie('email', 'a@b.c', { hostname: 'pay.shop.example.com', expires })).toBe(
      'email=a%40b.c; expires=Wed, 16 Jan 2030 00:00:00 GMT; path=/; domain=.shop.example.com; Secure; SameSite=None',
    );
    expect(buildSharedCookie('email', 'x', { hostname: 'localhost', expires })).not.toContain('domain=');
  });

  it('writes with a 15-day expiry', async () => {
    const writes: string[] = [];
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes.push(value);
      realCookie.set!.call(this, value);
    });
    await expect(setSharedCookie(COOKIE_NAMES.email, 'a@b.c')).resolves.toBe(true);
    expect(writes).toEqual([expect.stringContaining('expires=Wed, 16 Jan 2030 00:00:00 GMT')]);
  });

  it('reads back, encodes and removes', async () => {
    await expect(setSharedCookie(COOKIE_NAMES.fiatCurrency, 'EUR; x=1')).resolves.toBe(true);
    expect(getSharedCookie(COOKIE_NAMES.fiatCurrency)).toBe('EUR; x=1');
    expect(getSharedCookie(COOKIE_NAMES.isRoma)).toBeUndefined();
    removeSharedCookie(COOKIE_NAMES.fiatCurrency);
    expect(getSharedCookie(COOKIE_NAMES.fiatCurrency)).toBeUndefined();
  });

  it('does not confuse names that share a prefix', () => {
    document.cookie = 'tokenX=1; path=/';
    expect(getSharedCookie('token')).toBeUndefined();
  });

  it('retries a lost write every 100 ms until it reads back', async () => {
    const { writes } = loseFirstWrites(3);
    let result: boolean | undefined;
    void setSharedCookie(COOKIE_NAMES.orderToken, 'o-1').then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes()).toBe(1);
    await vi.advanceTimersByTimeAsync(COOKIE_RETRY_DELAY_MS * 3 - 1);
    expect(writes()).toBe(3);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(writes()).toBe(4);
    expect(result).toBe(true);
    expect(getSharedCookie(COOKIE_NAMES.orderToken)).toBe('o-1');
  });

  it('gives up after the default 10 retries', async () => {
    const { writes } = loseFirstWrites(Infinity);
    const done = setSharedCookie(COOKIE_NAMES.merchantCode, 'm');
    await vi.advanceTimersByTimeAsync(COOKIE_RETRY_DELAY_MS * COOKIE_WRITE_RETRIES);
    await expect(done).resolves.toBe(false);
    expect(writes()).toBe(1 + COOKIE_WRITE_RETRIES);
  });

  it('takes the retry count as an option (30 for the token)', async () => {
    const { writes } = loseFirstWrites(25);
    const done = setSharedCookie(COOKIE_NAMES.token, 't', { retries: TOKEN_COOKIE_WRITE_RETRIES });
    await vi.advanceTimersByTimeAsync(COOKIE_RETRY_DELAY_MS * 25);
    await expect(done).resolves.toBe(true);
    expect(writes()).toBe(26);
  });
});
