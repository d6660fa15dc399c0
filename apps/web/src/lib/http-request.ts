import { HEADER, SUCCESS_CODE, SUCCESS_STATUS, type Envelope } from '@causeway/contracts';
import { ApiError, parseRetryAfter } from './http-errors.ts';
import { isBusinessMode, isIndependentMode, type FlowMode } from './mode.ts';
import type { SessionStore } from './session.ts';

/** Query parameters; `undefined` and `null` values are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Joins base, path and query into the request URL. */
export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

/** Everything that decides the headers of one call. */
export interface HeaderContext {
  mode: FlowMode;
  session: SessionStore;
  /** Undefined until the fingerprint is ready. */
  deviceId: string | undefined;
  hasBody: boolean;
  /** Caller headers, applied last so a call can add e.g. an idempotency key. */
  extra?: Record<string, string>;
}

/** Builds the call contract headers: the mode's token header, entity, independent, device-id. */
export function buildHeaders(ctx: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (ctx.hasBody) headers['content-type'] = 'application/json';
  const token = ctx.session.getToken(ctx.mode);
  if (token) headers[isBusinessMode(ctx.mode) ? HEADER.businessToken : HEADER.token] = token.token;
  const entity = ctx.session.getEntity();
  if (entity) headers[HEADER.entity] = entity;
  if (isIndependentMode(ctx.mode)) headers[HEADER.independent] = 'true';
  if (ctx.deviceId) headers[HEADER.deviceId] = ctx.deviceId;
  return { ...headers, ...ctx.extra };
}

/** An {@link Envelope} as received: `msg` may be missing. */
export type ReceivedEnvelope = Omit<Envelope<unknown>, 'msg'> & { msg?: string };

/**
 * Checks the envelope shape by hand (web does not depend on zod). `data` is not checked: its
 * shape is each caller's business. A missing `msg` is tolerated, as gateways sometimes omit it.
 */
export function isEnvelope(body: unknown): body is ReceivedEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const { status, code, msg } = body as Record<string, unknown>;
  return typeof status === 'number' && typeof code === 'string' && (msg === undefined || typeof msg === 'string');
}

/**
 * Turns an HTTP answer into the envelope's data, or throws the matching ApiError. A body that
 * is not an envelope is `badRequest` on a 4xx (e.g. a proxy's 401/413 page) and `badResponse`
 * otherwise (HTML error page, truncated JSON, empty 204).
 */
export function readEnvelope(path: string, httpStatus: number, text: string, retryAfter?: string | null): unknown {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  const waited = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) {
    const kind = httpStatus >= 400 && httpStatus < 500 ? 'badRequest' : 'badResponse';
    throw new ApiError({ kind, path, httpStatus, msg: `Unexpected answer (HTTP ${httpStatus})`, ...waited });
  }
  const envelope = body;
  if (envelope.status === SUCCESS_STATUS && envelope.code === SUCCESS_CODE) return envelope.data;
  throw new ApiError({
    kind: 'business',
    path,
    httpStatus,
    code: envelope.code,
    msg: envelope.msg ?? '',
    ...waited,
    ...(envelope.data === null || envelope.data === undefined ? {} : { data: envelope.data }),
  });
}
