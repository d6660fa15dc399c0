import { ErrorCode, PATHS } from '@causeway/contracts';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/test/render';
import {
  ApiError,
  apiErrorName,
  dispatchApiError,
  errorText,
  isApiError,
  isError,
  isOffline,
  isSilentPath,
  isToastPath,
  limitText,
  parseRetryAfter,
  type HttpErrorHandlers,
} from './http-errors.ts';

const handlers = (): HttpErrorHandlers => ({
  onAuthError: vi.fn(),
  onServicesUnavailable: vi.fn(),
  onSomethingWentWrong: vi.fn(),
  onUkLogin: vi.fn(),
  toast: vi.fn(),
});

describe('path policy', () => {
  it('toasts only listed prefixes, never the bind path', () => {
    expect(isToastPath('/capi/v1/login/email')).toBe(true);
    expect(isToastPath('/capi/v1/customer/wallet/list?x=1')).toBe(true);
    expect(isToastPath('/capi/v1/user/login/verify')).toBe(true);
    expect(isToastPath(PATHS.listCurrency)).toBe(false);
    expect(isToastPath(PATHS.bindGoogleAuthenticator)).toBe(false);
    expect(isToastPath('/p/a', { prefixes: ['/p/'], excluded: ['/p/a'], silent: [] })).toBe(false);
  });

  it('knows the silent paths', () => {
    expect(isSilentPath(PATHS.logout)).toBe(true);
    expect(isSilentPath(`${PATHS.joinUkEmailList}?a=1`)).toBe(true);
    expect(isSilentPath(PATHS.clientLog)).toBe(true);
    expect(isSilentPath(PATHS.refreshToken)).toBe(false);
  });
});

describe('dispatchApiError', () => {
  it('does not dispatch transport failures', () => {
    const h = handlers();
    for (const kind of ['network', 'timeout', 'cancel', 'badResponse'] as const) {
      dispatchApiError(new ApiError({ kind, path: '/capi/v1/login/x', msg: 'boom' }), { mode: 'individual', handlers: h });
    }
    expect(Object.values(h).every((fn) => vi.mocked(fn).mock.calls.length === 0)).toBe(true);
  });

  it('reports a throwing handler instead of rethrowing', () => {
    const h = handlers();
    vi.mocked(h.onUkLogin).mockImplementation(() => {
      throw new Error('router not ready');
    });
    const report = vi.fn();
    vi.stubGlobal('reportError', report);
    const error = new ApiError({ kind: 'business', path: '/x', msg: '', code: '10000041' });
    expect(() => dispatchApiError(error, { mode: 'individual', handlers: h })).not.toThrow();
    expect(report).toHaveBeenCalledWith(new Error('router not ready'));
    vi.unstubAllGlobals();
  });

  it("10000041 hands the answer's UK list ticket to the notice, null when it carries none", () => {
    const h = handlers();
    const withTicket = new ApiError({ kind: 'business', path: '/x', msg: '', code: '10000041', data: { ukListTicket: 'abc.def' } });
    dispatchApiError(withTicket, { mode: 'individual', handlers: h });
    expect(h.onUkLogin).toHaveBeenLastCalledWith({ ticket: 'abc.def' });
    for (const data of [null, undefined, {}, { ukListTicket: '' }, { ukListTicket: 7 }, 'abc.def']) {
      dispatchApiError(new ApiError({ kind: 'business', path: '/x', msg: '', code: '10000041', data }), {
        mode: 'individual',
        handlers: h,
      });
      expect(h.onUkLogin).toHaveBeenLastCalledWith({ ticket: null });
    }
  });

  it('builds a typed error', () => {
    const error = new ApiError({ kind: 'business', path: '/x', msg: 'Nope', code: 'C', httpStatus: 409 });
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', message: 'Nope', kind: 'business', code: 'C', httpStatus: 409 });
    expect(error.data).toBeUndefined();
  });
});

describe('errors by name', () => {
  it('names a wire code from the catalogue, and keeps the wire code as it came', () => {
    const error = new ApiError({ kind: 'business', path: '/x', msg: 'Quotation Expired', code: 'ODR00001013', httpStatus: 409 });
    expect(error).toMatchObject({ code: 'ODR00001013', errorName: ErrorCode.QuoteExpired });
    expect(apiErrorName(error)).toBe(ErrorCode.QuoteExpired);
    expect(isError(error, ErrorCode.QuoteExpired)).toBe(true);
    expect(isError(error, ErrorCode.QuoteNotCurrent, ErrorCode.QuoteExpired)).toBe(true);
    expect(isError(error, ErrorCode.QuoteNotCurrent)).toBe(false);
  });

  it('has no name for a code the catalogue lacks, a transport failure or another error', () => {
    const unknown = new ApiError({ kind: 'business', path: '/x', msg: 'Nope', code: 'C' });
    expect(unknown.errorName).toBeUndefined();
    expect(apiErrorName(new ApiError({ kind: 'network', path: '/x', msg: 'x' }))).toBeUndefined();
    expect(apiErrorName(new Error('QuoteExpired'))).toBeUndefined();
    expect(isError(unknown, ErrorCode.QuoteExpired)).toBe(false);
  });
});

describe('isOffline', () => {
  it('is true only for calls that got no answer (network, timeout)', () => {
    expect(isOffline(new ApiError({ kind: 'network', path: '/a', msg: 'x' }))).toBe(true);
    expect(isOffline(new ApiError({ kind: 'timeout', path: '/a', msg: 'x' }))).toBe(true);
    expect(isOffline(new ApiError({ kind: 'business', path: '/a', msg: 'x', code: 'UPL0000007' }))).toBe(false);
    expect(isOffline(new Error('network'))).toBe(false);
  });
});

describe('errorText', () => {
  /** Answers the key itself, so the test sees which text was chosen. */
  const t = (key: string) => `t(${key})`;
  const failure = (kind: ApiError['kind'], msg: string) => new ApiError({ kind, path: '/capi/v1/login/x', msg });

  it.each([
    ['a network failure', failure('network', 'Network error'), 't(common.networkError)'],
    ['a timeout', failure('timeout', 'No answer within 30000 ms'), 't(common.timeoutError)'],
    [
      'a business error with a message',
      new ApiError({ kind: 'business', path: '/x', msg: 'Email already used', code: 'C1' }),
      'Email already used',
    ],
    [
      'a business error without a message',
      new ApiError({ kind: 'business', path: '/x', msg: '', code: 'C1' }),
      't(common.somethingWentWrong)',
    ],
    ['a bad response (its msg is for developers)', failure('badResponse', 'Unexpected answer (HTTP 502)'), 't(common.somethingWentWrong)'],
    ['a bad request', failure('badRequest', 'Unexpected answer (HTTP 400)'), 't(common.somethingWentWrong)'],
    ['a cancel', failure('cancel', 'Request cancelled'), 't(common.somethingWentWrong)'],
    ['anything that is not an ApiError', new Error('boom'), 't(common.somethingWentWrong)'],
  ])('shows %s as %j', (_case, error, expected) => {
    expect(errorText(error, t)).toBe(expected);
  });
});

describe('limitText: locks and rate limits in the page language', () => {
  const locked = new ApiError({
    kind: 'business',
    path: PATHS.verifyOtp,
    httpStatus: 429,
    code: 'USE000002002',
    msg: 'Maximum attempts exceeded, try again in 1 hour',
  });
  const limited = (retryAfterSeconds?: number) =>
    new ApiError({
      kind: 'business',
      path: PATHS.signUpload,
      httpStatus: 429,
      code: 'REQ0000429',
      msg: 'Too many upload requests',
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });

  it.each([
    ['en', locked, 'Maximum attempts exceeded, try again in 1 hour'],
    ['zh', locked, '尝试次数过多，请 1 小时后再试'],
    ['en', limited(42), 'Too many requests. Try again in 1 minute.'],
    ['en', limited(61), 'Too many requests. Try again in 2 minutes.'],
    ['en', limited(90 * 60), 'Too many requests. Try again in 90 minutes.'],
    ['en', limited(3 * 3600 + 1), 'Too many requests. Try again in 4 hours.'],
    ['zh', limited(600), '请求过于频繁，请 10 分钟后再试。'],
    ['zh', limited(20 * 3600), '请求过于频繁，请 20 小时后再试。'],
    ['en', limited(), 'Too many requests. Please wait a few minutes and try again.'],
    [
      'en',
      new ApiError({ kind: 'badRequest', path: '/x', httpStatus: 429, msg: 'Unexpected answer (HTTP 429)', retryAfterSeconds: 3600 }),
      'Too many requests. Try again in 1 hour.',
    ],
  ] as const)('%s: %o reads %j, and errorText says the same', (lng, error, text) => {
    const t = testI18n(lng).t;
    expect(limitText(error, t)).toBe(text);
    expect(errorText(error, t)).toBe(text);
  });

  it('is undefined for anything else (a wrong code, no answer)', () => {
    const t = testI18n('en').t;
    expect(limitText(new ApiError({ kind: 'business', path: '/x', code: 'USE003000011', msg: 'Invalid code' }), t)).toBeUndefined();
    expect(limitText(new ApiError({ kind: 'network', path: '/x', msg: 'Network error' }), t)).toBeUndefined();
    expect(limitText(new Error('boom'), t)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it.each([
    ['120', 120],
    [' 5 ', 5],
    ['Thu, 26 Nov 2026 10:30:00 GMT', 1800],
    ['Thu, 26 Nov 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%j → %j seconds', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});
