import { PATHS } from '@causeway/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_DELAY_MS, REQUEST_TIMEOUT_MS, createHttpClient, type HttpClientOptions } from './http-client.ts';
import type { HttpErrorHandlers } from './http-errors.ts';
import type { FlowMode } from './mode.ts';
import { createSessionStore, type SessionStore } from './session.ts';
import { createMemoryStorage, createStorage } from './storage.ts';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  form?: FormData;
}
/** What the fake server answers: an envelope/JSON body, a raw text body, a network failure, or nothing. */
interface Answer {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
  headers?: Record<string, string>;
}
type Reply = Answer | 'network' | 'hang';

const ok = (data: unknown): Answer => ({ json: { status: 200, code: '000000', msg: '', data } });
const fail = (code: string, msg = '', status = 400): Answer => ({ status, json: { status, code, msg, data: null } });

/** A fetch stand-in: records requests, answers via `route`, and honours the abort signal like fetch does. */
function fakeFetch(route: (req: SeenRequest) => Reply) {
  const seen: SeenRequest[] = [];
  const fn = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const req: SeenRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      ...(init.body instanceof FormData ? { form: init.body } : {}),
    };
    seen.push(req);
    const reply = route(req);
    return new Promise((resolve, reject) => {
      const signal = init.signal;
      const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      if (reply === 'hang') return;
      if (reply === 'network') return reject(new TypeError('Failed to fetch'));
      const body = reply.text ?? JSON.stringify(reply.json);
      const respond = () =>
        resolve({ status: reply.status ?? 200, headers: new Headers(reply.headers), text: () => Promise.resolve(body) } as Response);
      if (reply.delayMs) setTimeout(respond, reply.delayMs);
      else respond();
    });
  };
  return { fetch: fn as typeof fetch, seen, paths: () => seen.map((r) => new URL(r.url, 'http://x').pathname) };
}

let mode: FlowMode;
let onLoginPage: boolean;
let session: SessionStore;
let handlers: { [K in keyof HttpErrorHandlers]: ReturnType<typeof vi.fn> };

function client(route: (req: SeenRequest) => Reply, extra: Partial<HttpClientOptions> = {}) {
  const fake = fakeFetch(route);
  const http = createHttpClient({
    fetch: fake.fetch,
    getMode: () => mode,
    isOnLoginPage: () => onLoginPage,
    handlers: handlers as unknown as HttpErrorHandlers,
    session,
    getDeviceId: () => 'device-123',
    ...extra,
  });
  return { http, ...fake };
}

const calledHandlers = () =>
  Object.entries(handlers)
    .filter(([, fn]) => fn.mock.calls.length > 0)
    .map(([name]) => name);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  mode = 'individual';
  onLoginPage = false;
  session = createSessionStore({ storage: createStorage({ storage: () => createMemoryStorage() }) });
  handlers = { onAuthError: vi.fn(), onServicesUnavailable: vi.fn(), onSomethingWentWrong: vi.fn(), onUkLogin: vi.fn(), toast: vi.fn() };
});
afterEach(() => vi.useRealTimers());

describe('requests', () => {
  it('GETs base + path + query and resolves with data', async () => {
    const { http, seen } = client(() => ok({ list: [1] }));
    await expect(http.get('/capi/v1/x', { query: { a: 1, b: undefined } })).resolves.toEqual({ list: [1] });
    expect(seen[0]).toMatchObject({ url: '/prod-api/capi/v1/x?a=1', method: 'GET' });
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('POSTs JSON with caller headers', async () => {
    const { http, seen } = client(() => ok(null));
    await http.post('/capi/v1/y', { q: 'z' }, { headers: { 'idempotency-key': 'k1' } });
    expect(seen[0]).toMatchObject({ method: 'POST', body: { q: 'z' } });
    expect(seen[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'k1' });
  });

  it('POSTs a form as multipart: the FormData itself, and no JSON content type (the browser sets the boundary)', async () => {
    const { http, seen } = client(() => ok({ data: 'x' }));
    const form = new FormData();
    form.append('url', '/api/v2/uploads.json');
    form.append('file', new File(['abc'], 'a.txt'));
    await expect(http.postForm('/capi/v1/zendesk/forward/file', form)).resolves.toEqual({ data: 'x' });
    expect(seen[0]!.form).toBe(form);
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('honours baseUrl', async () => {
    const { http, seen } = client(() => ok(1), { baseUrl: 'https://api.test/prod-api' });
    await http.get('/a');
    expect(seen[0]!.url).toBe('https://api.test/prod-api/a');
  });
});

describe('headers per mode', () => {
  it.each([
    ['individual', { token: 'tok' }, ['business-token', 'independent']],
    ['independent', { token: 'tok', independent: 'true' }, ['business-token']],
    ['business', { 'business-token': 'tok' }, ['token', 'independent']],
    ['businessIndependent', { 'business-token': 'tok', independent: 'true' }, ['token']],
  ] as const)('%s', async (m, present, absent) => {
    mode = m;
    await session.setToken(m, { token: 'tok', validTime: NOW + HOUR });
    const { http, seen } = client(() => ok(null));
    await http.get('/a');
    expect(seen[0]!.headers).toMatchObject(present);
    for (const name of absent) expect(seen[0]!.headers).not.toHaveProperty(name);
  });

  it('sends no token header without a token, and entity only when stored', async () => {
    const { http, seen } = client(() => ok(null));
    await http.get('/a');
    expect(seen[0]!.headers).not.toHaveProperty('token');
    expect(seen[0]!.headers).not.toHaveProperty('entity');
    session.setEntity('PL');
    await http.get('/a');
    expect(seen[1]!.headers).toMatchObject({ entity: 'PL' });
  });

  it('attaches device-id only from 3 s after creation', async () => {
    const { http, seen } = client(() => ok(null));
    await http.get('/a');
    vi.advanceTimersByTime(DEVICE_ID_DELAY_MS - 1);
    await http.get('/a');
    vi.advanceTimersByTime(1);
    await http.get('/a');
    expect(seen.map((r) => r.headers['device-id'])).toEqual([undefined, undefined, 'device-123']);
  });

  it('dispose stops the device-id timer', async () => {
    const { http, seen } = client(() => ok(null));
    http.dispose();
    vi.advanceTimersByTime(DEVICE_ID_DELAY_MS);
    await http.get('/a');
    expect(seen[0]!.headers).not.toHaveProperty('device-id');
  });
});

describe('token refresh', () => {
  const refreshingServer = (req: SeenRequest): Reply =>
    req.url.includes(PATHS.refreshToken) ? { ...ok({ token: { token: 'fresh', validTime: 7200 } }), delayMs: 50 } : ok(req.headers.token);

  it('refreshes first when less than 300000 ms remain, then uses the new token', async () => {
    await session.setToken('individual', { token: 'old', validTime: NOW + 299_999 });
    const { http, seen, paths } = client(refreshingServer);
    const done = http.get('/a');
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBe('fresh');
    expect(paths()).toEqual([`/prod-api${PATHS.refreshToken}`, '/prod-api/a']);
    expect(seen[0]).toMatchObject({ method: 'GET', headers: { token: 'old' } });
    expect(session.getToken('individual')).toEqual({ token: 'fresh', validTime: NOW + 50 + 7_200_000 });
  });

  it('refreshes business tokens with the business-token header', async () => {
    mode = 'business';
    await session.setToken('business', { token: 'old-b', validTime: NOW + 1000 });
    const { http, seen } = client(refreshingServer);
    const done = http.get('/a');
    await vi.advanceTimersByTimeAsync(50);
    await done;
    expect(seen[0]!.headers['business-token']).toBe('old-b');
    expect(seen[1]!.headers['business-token']).toBe('fresh');
  });

  it('does not refresh with 300000 ms or more left', async () => {
    await session.setToken('individual', { token: 'old', validTime: NOW + 300_000 });
    const { http, paths } = client(refreshingServer);
    await http.get('/a');
    expect(paths()).toEqual(['/prod-api/a']);
  });

  it('does not refresh on a login page, nor for the refresh call itself', async () => {
    await session.setToken('individual', { token: 'old', validTime: NOW + 10 });
    onLoginPage = true;
    const { http, paths } = client(refreshingServer);
    await http.get('/a');
    onLoginPage = false;
    const direct = http.get(PATHS.refreshToken);
    await vi.advanceTimersByTimeAsync(50);
    await direct;
    expect(paths()).toEqual(['/prod-api/a', `/prod-api${PATHS.refreshToken}`]);
  });

  it('shares one in-flight refresh between concurrent calls', async () => {
    await session.setToken('individual', { token: 'old', validTime: NOW + 10 });
    const { http, paths } = client(refreshingServer);
    const all = Promise.all([http.get('/a'), http.post('/b', {}), http.get('/c')]);
    await vi.advanceTimersByTimeAsync(50);
    await expect(all).resolves.toEqual(['fresh', 'fresh', 'fresh']);
    expect(paths().filter((p) => p.endsWith(PATHS.refreshToken))).toHaveLength(1);
    expect(paths()).toHaveLength(4);
  });

  it('ends the call when the refresh says the session is dead (auth handler runs once)', async () => {
    await session.setToken('individual', { token: 'old', validTime: NOW - 1 });
    const { http, paths } = client(() => fail('USER0000001', 'Expired', 401));
    await expect(Promise.all([http.get('/a'), http.get('/b')])).rejects.toMatchObject({ kind: 'business', code: 'USER0000001' });
    expect(paths()).toEqual([`/prod-api${PATHS.refreshToken}`]);
    expect(handlers.onAuthError).toHaveBeenCalledOnce();
    expect(handlers.onAuthError).toHaveBeenCalledWith('individual');
  });

  it('carries on with the current token when the refresh fails for another reason', async () => {
    await session.setToken('individual', { token: 'old', validTime: NOW + 1000 });
    const { http } = client((req) => (req.url.includes(PATHS.refreshToken) ? 'network' : ok(req.headers.token)));
    await expect(http.get('/a')).resolves.toBe('old');
  });

  it('lets the caller cancel while waiting for the refresh', async () => {
    await session.setToken('individual', { token: 'old', validTime: NOW + 10 });
    const { http, paths } = client(refreshingServer);
    const controller = new AbortController();
    const done = http.get('/a', { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ kind: 'cancel' });
    await vi.advanceTimersByTimeAsync(50);
    expect(paths()).toEqual([`/prod-api${PATHS.refreshToken}`]);
    expect(session.getToken('individual')?.token).toBe('fresh');
  });
});

describe('failure kinds', () => {
  it('times out after 30 s with kind timeout', async () => {
    const { http } = client(() => 'hang');
    const done = http.get('/a');
    const settled = vi.fn();
    done.catch(settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).rejects.toMatchObject({ name: 'ApiError', kind: 'timeout' });
    expect(calledHandlers()).toEqual([]);
  });

  it('waits as long as it takes for a call made with timeoutMs null (the help client has no timeout)', async () => {
    const { http } = client(() => ({ ...ok(1), delayMs: REQUEST_TIMEOUT_MS * 3 }));
    const done = http.get('/a', { timeoutMs: null });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 3);
    await expect(done).resolves.toBe(1);
  });

  it('gives kind cancel when the caller aborts, before or during the call', async () => {
    const { http, seen } = client(() => 'hang');
    const controller = new AbortController();
    const during = http.get('/a', { signal: controller.signal });
    controller.abort();
    await expect(during).rejects.toMatchObject({ kind: 'cancel' });
    await expect(http.get('/a', { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'cancel' });
    expect(seen).toHaveLength(2);
    expect(calledHandlers()).toEqual([]);
  });

  it('gives kind network when fetch fails', async () => {
    const { http } = client(() => 'network');
    await expect(http.get('/capi/v1/login/x')).rejects.toMatchObject({ kind: 'network' });
    expect(calledHandlers()).toEqual([]);
  });

  it('gives badRequest for a 4xx without envelope, badResponse for other non-envelopes', async () => {
    const replies: Reply[] = [
      { status: 413, text: 'Too large' },
      { status: 502, text: '<html>' },
      { status: 200, json: [1] },
    ];
    const { http } = client(() => replies.shift()!);
    await expect(http.post('/a', {})).rejects.toMatchObject({ kind: 'badRequest', httpStatus: 413 });
    await expect(http.get('/a')).rejects.toMatchObject({ kind: 'badResponse', httpStatus: 502 });
    await expect(http.get('/a')).rejects.toMatchObject({ kind: 'badResponse', httpStatus: 200 });
    expect(calledHandlers()).toEqual([]);
  });

  it("keeps a refusal's Retry-After seconds on the error (rate limits and quotas)", async () => {
    const replies: Reply[] = [
      { ...fail('REQ0000429', 'Too many upload requests', 429), headers: { 'retry-after': '42' } },
      { ...fail('REQ0000429', 'Too many', 429), headers: { 'Retry-After': new Date(Date.now() + 120_000).toUTCString() } },
      fail('REQ0000429', 'Too many', 429),
    ];
    const { http } = client(() => replies.shift()!);
    await expect(http.post('/a', {})).rejects.toMatchObject({ code: 'REQ0000429', httpStatus: 429, retryAfterSeconds: 42 });
    const dated = (await http.post('/a', {}).catch((error: unknown) => error)) as { retryAfterSeconds?: number };
    expect(dated.retryAfterSeconds).toBeGreaterThan(100);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(120);
    await expect(http.post('/a', {})).rejects.toMatchObject({ code: 'REQ0000429', retryAfterSeconds: undefined });
  });

  it('gives kind business with code, msg and data for a failed envelope', async () => {
    const { http } = client(() => ({ status: 409, json: { status: 409, code: 'ODR00001013', msg: 'Quote expired', data: { q: 1 } } }));
    await expect(http.get('/a')).rejects.toMatchObject({
      kind: 'business',
      httpStatus: 409,
      code: 'ODR00001013',
      msg: 'Quote expired',
      data: { q: 1 },
    });
  });
});

describe('docs/rules/errors.md handlers', () => {
  it('USER0000001 and HTTP 401 call onAuthError with the mode', async () => {
    mode = 'business';
    const replies: Reply[] = [fail('USER0000001', 'Auth', 200), { status: 401, text: 'Unauthorized' }];
    const { http } = client(() => replies.shift()!);
    await expect(http.get('/a')).rejects.toMatchObject({ code: 'USER0000001' });
    await expect(http.get('/a')).rejects.toMatchObject({ kind: 'badRequest', httpStatus: 401 });
    expect(handlers.onAuthError.mock.calls).toEqual([['business'], ['business']]);
    expect(calledHandlers()).toEqual(['onAuthError']);
  });

  it("gives a silent call's failure the reactions when the caller reports it, and ignores what is not an ApiError", async () => {
    const { http } = client(() => fail('USER0000001', 'Auth', 200));
    const error = await http.get('/a', { silent: true }).catch((failure: unknown) => failure);
    expect(calledHandlers()).toEqual([]);
    http.report(error);
    http.report(new Error('not from the API'));
    expect(handlers.onAuthError.mock.calls).toEqual([['individual']]);
    expect(calledHandlers()).toEqual(['onAuthError']);
  });

  it.each(['GAT9000001', '10000047'])('%s calls onServicesUnavailable with the mode flags', async (code) => {
    mode = 'businessIndependent';
    const { http } = client(() => fail(code, 'Down', 503));
    await expect(http.get('/capi/v1/login/x')).rejects.toMatchObject({ code });
    expect(handlers.onServicesUnavailable).toHaveBeenCalledWith({
      code,
      flags: { mode: 'businessIndependent', business: true, independent: true },
    });
    expect(calledHandlers()).toEqual(['onServicesUnavailable']);
  });

  it.each([
    ['999999', 'onSomethingWentWrong'],
    ['10000041', 'onUkLogin'],
  ])('%s calls %s and does not toast', async (code, handler) => {
    const { http } = client(() => fail(code, 'message', 500));
    await expect(http.get('/capi/v1/login/x')).rejects.toMatchObject({ code });
    expect(calledHandlers()).toEqual([handler]);
  });

  it.each([
    ['/capi/v1/login/email-code', true],
    ['/capi/v1/user/login/verify', true],
    ['/capi/v1/customer/wallet/address?chain=eth', true],
    [PATHS.listCurrency, false],
    [PATHS.bindGoogleAuthenticator, false],
  ])('toasts other messages on %s: %s', async (path, toasted) => {
    const { http } = client(() => fail('USE001000101', 'Account exists'));
    await expect(http.post(path, {})).rejects.toMatchObject({ code: 'USE001000101' });
    expect(handlers.toast.mock.calls).toEqual(toasted ? [['Account exists', expect.objectContaining({ code: 'USE001000101' })]] : []);
  });

  it('never toasts an excluded path even under a listed prefix', async () => {
    const policy = { prefixes: ['/capi/v1/login/'], excluded: ['/capi/v1/login/bind'], silent: [] };
    const { http } = client(() => fail('X1', 'No'), { toastPolicy: policy });
    await expect(http.post('/capi/v1/login/bind', {})).rejects.toMatchObject({ code: 'X1' });
    await expect(http.post('/capi/v1/login/other', {})).rejects.toMatchObject({ code: 'X1' });
    expect(handlers.toast.mock.calls).toEqual([['No', expect.objectContaining({ code: 'X1', path: '/capi/v1/login/other' })]]);
  });

  it('does not toast an empty msg', async () => {
    const { http } = client(() => fail('X1', ''));
    await expect(http.get('/capi/v1/login/x')).rejects.toMatchObject({ code: 'X1' });
    expect(calledHandlers()).toEqual([]);
  });

  it.each([PATHS.logout, PATHS.joinUkEmailList])('%s never triggers any handler', async (path) => {
    const codes = ['USER0000001', 'GAT9000001', '999999', '10000041', 'X1'];
    const { http } = client(() => fail(codes.shift()!, 'msg', 500));
    for (let i = 0; i < 5; i++) await expect(http.post(path, {})).rejects.toMatchObject({ kind: 'business' });
    expect(calledHandlers()).toEqual([]);
  });

  it('silent: true suppresses handlers but still rejects', async () => {
    const { http } = client(() => fail('USER0000001', 'Auth', 401));
    await expect(http.get('/capi/v1/login/x', { silent: true })).rejects.toMatchObject({ code: 'USER0000001' });
    expect(calledHandlers()).toEqual([]);
  });

  it('silent: true still opens the UK notice (10000041): no page words it, and the sign-in calls are silent', async () => {
    const { http } = client(() => fail('10000041', 'UK', 200));
    await expect(http.post('/capi/v1/login/verify-code', {}, { silent: true })).rejects.toMatchObject({ code: '10000041' });
    expect(calledHandlers()).toEqual(['onUkLogin']);
  });
});
