import { PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { HttpClient } from '@/lib/http-client';
import { createI18n } from '@/lib/i18n';
import { createSessionStore } from '@/lib/session';
import { storage } from '@/lib/storage';
import { subscribeToToasts, type ToastOptions } from '@/ui';
import { createAppHttpClient } from './api-client';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { type UkLoginNoticeState, ukLoginNotice } from './uk-login-store';

const HOUR = 3_600_000;

/** Stubs the global fetch with a server that answers every call with one error envelope. */
function serverAnswering(code: string, status = 200, data: unknown = null) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    urls.push(String(input));
    const body = JSON.stringify({ status, code, msg: `error ${code}`, data });
    return Promise.resolve({ status, text: () => Promise.resolve(body) } as Response);
  });
  return urls;
}

let router: ReturnType<typeof createMemoryRouter>;
let client: HttpClient;
let toasts: ToastOptions[];
let unsubscribes: Array<() => void>;

const where = () => `${router.state.location.pathname}${router.state.location.search}`;

/** Makes one call that fails; the app's reactions run before the promise rejects. */
async function failingCall() {
  await expect(client.get('/capi/v1/customer/order/list')).rejects.toMatchObject({ name: 'ApiError' });
}

beforeEach(() => {
  router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/en/sandbox'] });
  client = createAppHttpClient(router, createI18n('en'));
  toasts = [];
  unsubscribes = [subscribeToToasts((toast) => toasts.push(toast))];
});
afterEach(() => {
  client.dispose();
  unsubscribes.forEach((unsubscribe) => unsubscribe());
  router.dispose();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('createAppHttpClient', () => {
  it('calls the API through the global fetch', async () => {
    const urls = serverAnswering('999999');
    await failingCall();
    expect(urls).toEqual(['/prod-api/capi/v1/customer/order/list']);
  });

  it('USER0000001: toasts authError, drops the individual token and goes to the login page', async () => {
    const session = createSessionStore();
    await session.setToken('individual', { token: 'dead-token', validTime: Date.now() + HOUR });
    expect(session.getToken('individual')?.token).toBe('dead-token');
    serverAnswering('USER0000001');

    await failingCall();

    expect(toasts).toEqual([{ message: 'Session expired, please login again', kind: 'error' }]);
    expect(session.getToken('individual')).toBeUndefined();
    expect(where()).toBe('/en/login-v2');
  });

  it('an HTTP 401 is an auth error too, sending the stored business mode to its own login page', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'business');
    const session = createSessionStore();
    await session.setToken('business', { token: 'biz', validTime: Date.now() + HOUR });
    serverAnswering('ANY', 401);

    await failingCall();

    expect(session.getToken('business')).toBeUndefined();
    expect(where()).toBe('/en/business-login');
  });

  it('keeps the locale of the current page when it navigates', async () => {
    window.history.replaceState(null, '', '/zh/sandbox');
    serverAnswering('USER0000001');
    await failingCall();
    expect(where()).toBe('/zh/login-v2');
  });

  it('10000047: goes to services-unavailable with the code and the mode flags', async () => {
    serverAnswering('10000047');
    await failingCall();
    expect(where()).toBe('/en/services-unavailable?code=10000047&mode=individual&business=false&independent=false');
  });

  it('10000047 in business-independent mode carries both flags', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'businessIndependent');
    serverAnswering('10000047');
    await failingCall();
    expect(where()).toBe('/en/services-unavailable?code=10000047&mode=businessIndependent&business=true&independent=true');
  });

  it('GAT9000001: goes to services-unavailable as well', async () => {
    serverAnswering('GAT9000001');
    await failingCall();
    expect(router.state.location.pathname).toBe('/en/services-unavailable');
    expect(new URLSearchParams(router.state.location.search).get('code')).toBe('GAT9000001');
  });

  it('10000041: tells the UK login notice to open', async () => {
    const opened: UkLoginNoticeState[] = [];
    unsubscribes.push(ukLoginNotice.subscribe((state) => opened.push(state)));
    serverAnswering('10000041');

    await failingCall();

    expect(opened).toEqual([{ open: true, ticket: null }]);
    expect(toasts).toEqual([]);
    expect(where()).toBe('/en/sandbox');
  });

  it("10000041 of a refused sign-in: the notice gets the answer's UK list ticket", async () => {
    const opened: UkLoginNoticeState[] = [];
    unsubscribes.push(ukLoginNotice.subscribe((state) => opened.push(state)));
    serverAnswering('10000041', 403, { ukListTicket: 'ticket-from-the-server' });

    await failingCall();

    expect(opened).toEqual([{ open: true, ticket: 'ticket-from-the-server' }]);
  });

  it('999999: toasts SomethingWentWrong and stays on the page', async () => {
    serverAnswering('999999');
    await failingCall();
    expect(toasts).toEqual([{ message: 'Something went wrong, please try again', kind: 'error' }]);
    expect(where()).toBe('/en/sandbox');
  });

  it('toasts the texts of the language in use when the error happens', async () => {
    const i18n = createI18n('en');
    i18n.addResourceBundle('zh', 'translation', { common: { somethingWentWrong: '出错了' } }, true, true);
    client.dispose();
    client = createAppHttpClient(router, i18n);
    await i18n.changeLanguage('zh');
    serverAnswering('999999');

    await failingCall();

    expect(toasts).toEqual([{ message: '出错了', kind: 'error' }]);
  });

  it('toasts a lock or a rate limit on a login path (sending a sign-in code) in the page language, with the wait from Retry-After', async () => {
    const i18n = createI18n('en');
    i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh, true, true);
    client.dispose();
    client = createAppHttpClient(router, i18n);
    await i18n.changeLanguage('zh');
    const answers: Array<{ status: number; code: string; headers: Record<string, string> }> = [
      { status: 429, code: 'USE000002002', headers: {} },
      { status: 429, code: 'REQ0000429', headers: { 'Retry-After': '180' } },
    ];
    vi.stubGlobal('fetch', () => {
      const { status, code, headers } = answers.shift()!;
      return Promise.resolve(new Response(JSON.stringify({ status, code, msg: 'English server words', data: null }), { status, headers }));
    });
    await expect(client.post(PATHS.sendVerifyCode, { email: 'a@b.c' })).rejects.toMatchObject({ code: 'USE000002002' });
    await expect(client.post(PATHS.sendVerifyCode, { email: 'a@b.c' })).rejects.toMatchObject({
      code: 'REQ0000429',
      retryAfterSeconds: 180,
    });
    expect(toasts).toEqual([
      { message: '尝试次数过多，请 1 小时后再试', kind: 'error' },
      { message: '请求过于频繁，请 3 分钟后再试。', kind: 'error' },
    ]);
  });

  it("toasts a wallet call's refusal in the page language, not the server's English", async () => {
    const i18n = createI18n('en');
    i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh, true, true);
    client.dispose();
    client = createAppHttpClient(router, i18n);
    serverAnswering('WAL0000002');
    await expect(client.post(PATHS.deleteWallet, { walletId: 'wal_1' })).rejects.toMatchObject({ code: 'WAL0000002' });
    await i18n.changeLanguage('zh');
    await expect(client.post(PATHS.deleteWallet, { walletId: 'wal_1' })).rejects.toMatchObject({ code: 'WAL0000002' });
    expect(toasts).toEqual([
      { message: 'Delete wallet failed: the default address cannot be deleted. Make another address the default first.', kind: 'error' },
      { message: '删除钱包失败：默认地址无法删除。请先将另一个地址设为默认。', kind: 'error' },
    ]);
  });

  it('toasts the server message of other errors on the login paths only', async () => {
    serverAnswering('USER0000099');
    await expect(client.post('/capi/v1/login/email', { email: 'a@b.c' })).rejects.toMatchObject({ code: 'USER0000099' });
    await failingCall();
    expect(toasts).toEqual([{ message: 'error USER0000099', kind: 'error' }]);
  });
});
