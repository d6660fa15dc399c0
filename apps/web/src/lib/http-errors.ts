import {
  ErrorCode,
  type ErrorName,
  errorNameOf,
  SILENT_PATHS,
  TOAST_MESSAGE_EXCLUDED_PATHS,
  TOAST_MESSAGE_PATH_PREFIXES,
  type UkLoginNoticeData,
} from '@causeway/contracts';
import { modeFlags, type FlowMode, type ModeFlags } from './mode.ts';

/**
 * How a call failed:
 * - `network`: fetch itself failed (offline, DNS, CORS);
 * - `timeout`: no complete answer within the client timeout;
 * - `cancel`: the caller's AbortSignal fired;
 * - `badRequest`: a 4xx answer without an envelope;
 * - `badResponse`: any other answer whose body is not JSON or not an envelope;
 * - `business`: an envelope whose status/code is not success.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'cancel' | 'badRequest' | 'badResponse' | 'business';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  path: string;
  msg: string;
  httpStatus?: number;
  code?: string;
  data?: unknown;
  /** Seconds from a Retry-After header (rate limits and quotas). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** The single rejection type of the HTTP client. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The call path (relative to the base URL), for logs and handler decisions. */
  readonly path: string;
  /** The envelope's `msg`, or a short English description for transport failures. */
  readonly msg: string;
  readonly httpStatus?: number;
  /** The envelope's `code` as it came over the wire (business errors only): for showing and logs, not for comparing. */
  readonly code?: string;
  /** The catalogue's name for `code` (`ErrorCode.QuoteExpired`): what code compares. Undefined for a code the catalogue lacks. */
  readonly errorName?: ErrorName;
  readonly data?: unknown;
  /** How long the server asks to wait before the next try (its Retry-After), when it said. */
  readonly retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    super(init.msg || init.kind, { cause: init.cause });
    this.kind = init.kind;
    this.path = init.path;
    this.msg = init.msg;
    this.httpStatus = init.httpStatus;
    this.code = init.code;
    this.errorName = init.code === undefined ? undefined : errorNameOf(init.code);
    this.data = init.data;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Narrowing helper for `catch` blocks. */
export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The catalogue name of a failed call's error; undefined for anything else (a transport failure, a code we do not know). */
export const apiErrorName = (error: unknown): ErrorName | undefined => (isApiError(error) ? error.errorName : undefined);

/** True when a call failed with one of these catalogue errors: `isError(error, ErrorCode.QuoteExpired)`. */
export function isError(error: unknown, ...names: readonly ErrorName[]): boolean {
  const name = apiErrorName(error);
  return name !== undefined && names.includes(name);
}

/** The call never got an answer (no network, or it timed out): worth retrying as it is. */
export const isOffline = (error: unknown): boolean => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/** A translation function that may fill values into its text. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The factor the person typed is locked (or this address checked too many): another try is refused for up to an hour.
 * TooManyAttempts is the catalogue's error for a locked second factor (password, email code, authenticator), and for a
 * per-address limit on checking one.
 */
export const isLocked = (error: unknown): boolean => isError(error, ErrorCode.TooManyAttempts);

/** A rate limit or quota refused the call: TooManyRequests (answered with Retry-After), or an HTTP 429 without our envelope (a proxy's). */
export const isRateLimited = (error: unknown): boolean =>
  isError(error, ErrorCode.TooManyRequests) || (isApiError(error) && error.code === undefined && error.httpStatus === 429);

/**
 * Reads a Retry-After header: delay-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when
 * missing or unreadable; a date already past reads as 0.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** "Too many requests: try again in …" in the page language, from the wait the server asked for (rounded up). */
export function retryText(retryAfterSeconds: number | undefined, t: Translate): string {
  if (retryAfterSeconds === undefined) return t('common.tooManyRequests.later');
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes === 1) return t('common.tooManyRequests.minute');
  if (minutes === 60) return t('common.tooManyRequests.hour');
  if (minutes <= 90) return t('common.tooManyRequests.minutes', { minutes: String(minutes) });
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? t('common.tooManyRequests.hour') : t('common.tooManyRequests.hours', { hours: String(hours) });
}

/**
 * The words for a refusal by a lock or a limit, whatever the call: the lock text of the catalogue
 * (TooManyAttempts, "try again in 1 hour") or the wait a rate limit asked for. Undefined for any
 * other failure. Ours rather than the server's message, so it is in the page language.
 */
export function limitText(error: unknown, t: Translate): string | undefined {
  if (isLocked(error)) return t('security.tooManyTimes');
  if (isRateLimited(error)) return retryText(isApiError(error) ? error.retryAfterSeconds : undefined, t);
  return undefined;
}

/** The refusals of the wallet calls, in the page language (the server's message is English). */
const WALLET_REFUSAL_KEYS: Partial<Record<ErrorName, string>> = {
  [ErrorCode.WalletNotFound]: 'common.walletRefusals.notFound',
  [ErrorCode.DefaultWalletUndeletable]: 'common.walletRefusals.defaultUndeletable',
  [ErrorCode.WalletAddressAlreadySaved]: 'common.walletRefusals.alreadySaved',
};

/**
 * What a toasted refusal says in the page language, where we have its words: a lock or a rate limit
 * ({@link limitText}) or a wallet call's refusal. Undefined for anything else (the server's message stands).
 */
export function toastText(error: unknown, t: Translate): string | undefined {
  const name = apiErrorName(error);
  const key = name && WALLET_REFUSAL_KEYS[name];
  return limitText(error, t) ?? (key ? t(key) : undefined);
}

/**
 * An email code was asked for again before its 59 s (EmailCodeAskedTooSoon): not a refusal to show, since the code sent a
 * moment ago still works, and Retry-After says when Resend may.
 */
export const isResendTooEarly = (error: unknown): boolean => isError(error, ErrorCode.EmailCodeAskedTooSoon);

/**
 * Why an email code did not go out: a send limit's refusal (TooManyAttempts, or a plain rate limit)
 * says when to ask again, from its Retry-After; any other failure reads as {@link errorText} has it.
 * Not the lock text of a check ("try again in 1 hour"): a send limit's hour may end sooner.
 */
export function sendRefusalText(error: unknown, t: Translate): string {
  if (isLocked(error) || isRateLimited(error)) return retryText(isApiError(error) ? error.retryAfterSeconds : undefined, t);
  return errorText(error, t);
}

/**
 * The text to show a person for a failed call: the translated network or timeout text, the lock
 * or rate-limit text, the server's message for a business error that has one, else the
 * translated generic failure. The client's own `msg` of transport failures ("Network error",
 * ...) is for developers, never shown.
 */
export function errorText(error: unknown, t: Translate): string {
  const limited = limitText(error, t);
  if (limited) return limited;
  if (isApiError(error)) {
    if (error.kind === 'network') return t('common.networkError');
    if (error.kind === 'timeout') return t('common.timeoutError');
    if (error.kind === 'business' && error.msg) return error.msg;
  }
  return t('common.somethingWentWrong');
}

/** The ukListTicket of a 10000041 answer's data ({@link UkLoginNoticeData}), or null when it carries none. */
export function ukListTicketOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const ticket = (data as Partial<UkLoginNoticeData>).ukListTicket;
  return typeof ticket === 'string' && ticket.length > 0 ? ticket : null;
}

/** UI reactions to failures, injected so the client needs no React or router. */
export interface HttpErrorHandlers {
  /** SessionRequired (USER0000001) or HTTP 401: toast authError and go to the mode's login page. */
  onAuthError(mode: FlowMode): void;
  /**
   * GatewayUnavailable (GAT9000001) or ModeUnavailable (10000047): show services-unavailable with the
   * active mode's flags; `code` is the wire code, which the page shows.
   */
  onServicesUnavailable(info: { code: string; flags: ModeFlags }): void;
  /** UnexpectedError (999999). */
  onSomethingWentWrong(): void;
  /**
   * UkLoginNoticeRequired (10000041): the UK login notice. `ticket`: the answer's ukListTicket (a refused sign-in
   * carries one), with which the notice may join the UK list without a session; null when the answer had none.
   */
  onUkLogin(info: { ticket: string | null }): void;
  /** Any other error with a msg, on toast-listed paths only (the error too, so a lock or a limit can be worded in the page language). */
  toast(message: string, error: ApiError): void;
}

/** Which paths may toast a message and which never trigger any handler. */
export interface ToastPolicy {
  prefixes: readonly string[];
  excluded: readonly string[];
  silent: readonly string[];
}

/** The docs/rules/errors.md policy from the shared contracts. */
export const DEFAULT_TOAST_POLICY: ToastPolicy = {
  prefixes: TOAST_MESSAGE_PATH_PREFIXES,
  excluded: TOAST_MESSAGE_EXCLUDED_PATHS,
  silent: SILENT_PATHS,
};

/** `path` without its query string or fragment: the path lists name bare paths. */
export const barePath = (path: string): string => path.split(/[?#]/, 1)[0] ?? path;

/** True when an error on `path` must not reach any handler. */
export function isSilentPath(path: string, policy: ToastPolicy = DEFAULT_TOAST_POLICY): boolean {
  return policy.silent.includes(barePath(path));
}

/** True when an error message on `path` may be toasted. */
export function isToastPath(path: string, policy: ToastPolicy = DEFAULT_TOAST_POLICY): boolean {
  const bare = barePath(path);
  return policy.prefixes.some((prefix) => bare.startsWith(prefix)) && !policy.excluded.includes(bare);
}

/**
 * Surfaces a handler's exception to the page's error reporting (window `error` event) without
 * breaking the call's own rejection. `reportError` is missing in older browsers: rethrow async.
 */
function reportHandlerError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}

/**
 * Routes a failure to at most one handler, per docs/rules/errors.md. Transport failures (network, timeout,
 * cancel, bad response) reach none: the caller decides, typically with its own retry or error
 * state. A handler that throws is reported, not rethrown, so the caller still gets the ApiError.
 */
export function dispatchApiError(error: ApiError, context: { mode: FlowMode; handlers: HttpErrorHandlers; policy?: ToastPolicy }): void {
  const { mode, handlers } = context;
  const policy = context.policy ?? DEFAULT_TOAST_POLICY;
  if (isSilentPath(error.path, policy)) return;
  const call = (fn: () => void) => {
    try {
      fn();
    } catch (handlerError) {
      reportHandlerError(handlerError);
    }
  };
  if (error.errorName === ErrorCode.SessionRequired || error.httpStatus === 401) return call(() => handlers.onAuthError(mode));
  if (error.kind !== 'business' || error.code === undefined) return;
  const code = error.code;
  switch (error.errorName) {
    case ErrorCode.GatewayUnavailable:
    case ErrorCode.ModeUnavailable:
      return call(() => handlers.onServicesUnavailable({ code, flags: modeFlags(mode) }));
    case ErrorCode.UnexpectedError:
      return call(() => handlers.onSomethingWentWrong());
    case ErrorCode.UkLoginNoticeRequired:
      return call(() => handlers.onUkLogin({ ticket: ukListTicketOf(error.data) }));
  }
  if (error.msg && isToastPath(error.path, policy)) call(() => handlers.toast(error.msg, error));
}
