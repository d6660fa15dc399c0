import {
  API_BASE,
  type CallDefinition,
  type CallInput,
  type CallResult,
  type CallRoute,
  CALL_ROUTES,
  ErrorCode,
  NO_REFRESH_PATHS,
} from '@causeway/contracts';
import { ApiError, barePath, dispatchApiError, isApiError, type HttpErrorHandlers, type ToastPolicy } from './http-errors.ts';
import { buildHeaders, buildUrl, readEnvelope, type QueryParams } from './http-request.ts';
import { getDeviceId as defaultGetDeviceId } from './ids.ts';
import type { FlowMode } from './mode.ts';
import { createSessionStore, type SessionStore } from './session.ts';
import { createTokenRefresher, needsRefresh } from './token-refresh.ts';

/** Per-call timeout (docs/rules/calls.md: 30 s). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The fingerprint is considered ready this long after client creation (spec: "device-id attached after 3 s"). */
export const DEVICE_ID_DELAY_MS = 3_000;

export interface HttpClientOptions {
  /** Default {@link API_BASE} (`/prod-api`). */
  baseUrl?: string;
  /** Default `globalThis.fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /** The active flow mode; read at the start of every call. */
  getMode: () => FlowMode;
  /** True on a login page, where the token is never refreshed. */
  isOnLoginPage: () => boolean;
  handlers: HttpErrorHandlers;
  /** Clock in epoch ms; default `Date.now`. */
  now?: () => number;
  /** Token and entity store; default `createSessionStore()` over local storage. */
  session?: SessionStore;
  /** Source of the device id; default the persisted id from `ids.ts`. */
  getDeviceId?: () => string;
  timeoutMs?: number;
  deviceIdDelayMs?: number;
  /** Toast and silent path lists; default the docs/rules/errors.md lists from the contracts. */
  toastPolicy?: ToastPolicy;
}

export interface RequestOptions {
  /** Aborting rejects the call with kind `cancel` (no handler runs). */
  signal?: AbortSignal;
  /** Suppresses every error handler for this call; the promise still rejects. */
  silent?: boolean;
  /** Extra headers, applied over the computed ones. */
  headers?: Record<string, string>;
  /** This call's timeout in ms; null for none (docs/rules/calls.md: the help client has none). Default the client's. */
  timeoutMs?: number | null;
}

export interface GetOptions extends RequestOptions {
  query?: QueryParams;
}

/** What follows the definition in {@link HttpClient.call}: its input (optional when the call needs none), then the options. */
export type CallArgs<D extends CallDefinition> =
  undefined extends CallInput<D> ? [input?: CallInput<D>, options?: RequestOptions] : [input: CallInput<D>, options?: RequestOptions];

/** A JSON client for the /prod-api envelope contract. Calls resolve with `data` or reject with {@link ApiError}. */
export interface HttpClient {
  /**
   * One call by its route (`CALL_ROUTES` of packages/contracts: each definition's method and path, without
   * the schemas): the input is a GET's query, a POST's body, a multipart call's FormData; the answer is
   * typed by the definition's result schema.
   */
  call<D extends CallDefinition>(route: CallRoute<D>, ...args: CallArgs<D>): Promise<CallResult<D>>;
  get<T = unknown>(path: string, options?: GetOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** A multipart POST (files): the browser sets the content type and its boundary. */
  postForm<T = unknown>(path: string, form: FormData, options?: RequestOptions): Promise<T>;
  /**
   * Gives an error of a call made `silent` the reactions of docs/rules/errors.md after all (401 → the mode's
   * sign-in, GAT9000001 → services-unavailable, ...): for a shared call that stays quiet for most
   * callers but whose failure one page must act on. Anything not an ApiError is ignored.
   */
  report(error: unknown): void;
  /** Stops the device-id timer (tests, hot reload). */
  dispose(): void;
}

interface CallInit extends GetOptions {
  method: 'GET' | 'POST';
  body?: unknown;
}

/**
 * {@link HttpClient.call} through a client's get, post and postForm: the one place that says how a
 * definition's input travels (shared with the tests' routed client, so both record the same calls).
 */
export function callThrough(
  client: Pick<HttpClient, 'get' | 'post' | 'postForm'>,
  definition: CallRoute,
  input: unknown,
  options: RequestOptions | undefined,
): Promise<unknown> {
  if (definition.method === 'GET')
    return client.get(definition.path, input === undefined ? options : { ...options, query: input as QueryParams });
  if (definition.multipart) return client.postForm(definition.path, input as FormData, options);
  return client.post(definition.path, input, options);
}

const isAuthFailure = (e: ApiError) => e.errorName === ErrorCode.SessionRequired || e.httpStatus === 401;

/** Rejects with a `cancel` ApiError as soon as `signal` aborts, without cancelling `promise` itself. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, path: string): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ApiError({ kind: 'cancel', path, msg: 'Request cancelled' }));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Creates an HTTP client. The app creates one at startup; there is deliberately no singleton here. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? API_BASE;
  // Looked up per call (and never called as a method of `options`, which would be an "Illegal invocation").
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Wrapped, not `Date.now` itself, so a clock swapped later (fake timers) is still seen.
  const now = options.now ?? (() => Date.now());
  const session = options.session ?? createSessionStore();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  let deviceId: string | undefined;
  const deviceTimer = setTimeout(() => {
    deviceId = (options.getDeviceId ?? defaultGetDeviceId)();
  }, options.deviceIdDelayMs ?? DEVICE_ID_DELAY_MS);

  const refresh = createTokenRefresher({
    session,
    now,
    callRefresh: (mode) => call({ method: 'GET' }, CALL_ROUTES.refreshToken.path, mode),
  });

  /** One fetch: headers, timeout, caller abort, envelope reading. Never calls handlers. */
  async function send(init: CallInit, path: string, mode: FlowMode): Promise<unknown> {
    const controller = new AbortController();
    let abortedBy: 'timeout' | 'cancel' | undefined;
    const abort = (by: 'timeout' | 'cancel') => {
      abortedBy ??= by;
      controller.abort();
    };
    const callTimeoutMs = init.timeoutMs === undefined ? timeoutMs : init.timeoutMs;
    const timer = callTimeoutMs === null ? undefined : setTimeout(() => abort('timeout'), callTimeoutMs);
    const onCallerAbort = () => abort('cancel');
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const fail = (cause: unknown): ApiError => {
      if (abortedBy === 'timeout') return new ApiError({ kind: 'timeout', path, msg: `No answer within ${callTimeoutMs} ms`, cause });
      if (abortedBy === 'cancel') return new ApiError({ kind: 'cancel', path, msg: 'Request cancelled', cause });
      return new ApiError({ kind: 'network', path, msg: 'Network error', cause });
    };
    try {
      if (init.signal?.aborted) abort('cancel');
      const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
      const hasBody = init.body !== undefined;
      // A form's content type (with its boundary) is the browser's to set, so it claims no JSON body.
      const headers = buildHeaders({
        mode,
        session,
        deviceId,
        hasBody: hasBody && !isForm,
        ...(init.headers ? { extra: init.headers } : {}),
      });
      let response: Response;
      let text: string;
      try {
        response = await doFetch(buildUrl(baseUrl, path, init.query), {
          method: init.method,
          headers,
          signal: controller.signal,
          ...(hasBody ? { body: isForm ? (init.body as FormData) : JSON.stringify(init.body) } : {}),
        });
        // The body read is covered by the same timeout and abort as the headers.
        text = await response.text();
      } catch (cause) {
        throw fail(cause);
      }
      // A fake or polyfilled fetch may ignore the signal: the abort still wins.
      if (abortedBy) throw fail(undefined);
      // Optional: a stand-in fetch (tests, polyfills) may answer without headers.
      return readEnvelope(path, response.status, text, response.headers?.get('retry-after'));
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** One call as the app sees it: refresh first when due, then send, then route errors to handlers. */
  async function call(init: CallInit, path: string, mode: FlowMode): Promise<unknown> {
    if (!NO_REFRESH_PATHS.includes(barePath(path)) && !options.isOnLoginPage() && needsRefresh(session.getToken(mode), now())) {
      try {
        await untilAborted(refresh(mode), init.signal, path);
      } catch (error) {
        // A dead session or a cancel ends the call (the refresh call already ran the auth handler).
        // Any other refresh failure is not fatal: the current token may still have minutes left.
        if (isApiError(error) && (error.kind === 'cancel' || isAuthFailure(error))) throw error;
      }
    }
    try {
      return await send(init, path, mode);
    } catch (error) {
      const apiError = isApiError(error) ? error : new ApiError({ kind: 'badResponse', path, msg: String(error), cause: error });
      // A silent call's page words the failure itself, but the UK notice (10000041) is a dialog no page words: the
      // sign-in calls are silent, and without this a UK resident refused at sign-in saw only its title in the error line.
      if (!init.silent || apiError.errorName === ErrorCode.UkLoginNoticeRequired) {
        dispatchApiError(apiError, { mode, handlers: options.handlers, ...(options.toastPolicy ? { policy: options.toastPolicy } : {}) });
      }
      throw apiError;
    }
  }

  const client: HttpClient = {
    call: <D extends CallDefinition>(definition: CallRoute<D>, ...[input, opts]: CallArgs<D>) =>
      callThrough(client, definition, input, opts) as Promise<CallResult<D>>,
    get: <T>(path: string, opts: GetOptions = {}) => call({ ...opts, method: 'GET' }, path, options.getMode()) as Promise<T>,
    post: <T>(path: string, body?: unknown, opts: RequestOptions = {}) =>
      call({ ...opts, method: 'POST', body }, path, options.getMode()) as Promise<T>,
    postForm: <T>(path: string, form: FormData, opts: RequestOptions = {}) =>
      call({ ...opts, method: 'POST', body: form }, path, options.getMode()) as Promise<T>,
    report: (error) => {
      if (isApiError(error))
        dispatchApiError(error, {
          mode: options.getMode(),
          handlers: options.handlers,
          ...(options.toastPolicy ? { policy: options.toastPolicy } : {}),
        });
    },
    dispose: () => clearTimeout(deviceTimer),
  };
  return client;
}
