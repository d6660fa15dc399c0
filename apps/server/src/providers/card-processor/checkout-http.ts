import { ProcessorTimeoutError, ProcessorUnavailableError } from './card-processor.ts';

/**
 * Checkout.com refused a request in a way we can act on (404 unknown payment, 403 action not
 * allowed, 422 invalid data): the status and its documented `error_type` / `error_codes`
 * (docs: resources/codes/error-codes). Outages and bad credentials are ProcessorUnavailableError instead.
 */
export class CheckoutApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorType: string | undefined,
    readonly errorCodes: string[],
  ) {
    super(message);
    this.name = 'CheckoutApiError';
  }
}

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
export const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

/** Payment (and payout) ids are pay_ and base32 (the documentation's examples): anything else never reaches a URL. */
export const PAYMENT_ID = /^pay_[a-z0-9]{1,64}$/;

export interface CheckoutHttpOptions {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}

export interface CheckoutRequest {
  /** The public key only tokenises (POST /tokens); everything else is server to server. */
  auth: 'public' | 'secret';
  json?: Json;
  /** Cko-Idempotency-Key (docs: developer-resources/api/idempotency): a retry with it never acts twice. */
  idempotencyKey?: string;
}

/**
 * One call to Checkout.com. Keys travel only in the Authorization header (`Bearer <key>`, docs:
 * resources/api-authentication/api-keys) and are cut out of any text that reaches an error;
 * request bodies (a card number, for /tokens) never reach an error or a log at all.
 *
 * - no answer within `timeoutMs`, or the connection broke: ProcessorTimeoutError (the call may have happened);
 * - 401, 429 (a concurrent request with the same idempotency key, or a rate limit) and 5xx: ProcessorUnavailableError;
 * - any other non-2xx: CheckoutApiError.
 *
 * A 2xx answer is a JSON object; the few endpoints that answer a bare array (GET /payments/{id}/actions)
 * come back as `{ data: [...] }`, the shape of the API's other lists.
 */
export function createCheckoutHttp(options: CheckoutHttpOptions) {
  const redact = (text: string) =>
    [options.secretKey, options.publicKey].reduce((out, secret) => out.split(secret).join('[redacted]'), text);

  return async function call(
    operation: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    request: CheckoutRequest,
  ): Promise<{ status: number; json: Json }> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${request.auth === 'public' ? options.publicKey : options.secretKey}`,
      Accept: 'application/json',
    };
    if (request.json) headers['Content-Type'] = 'application/json';
    if (request.idempotencyKey) headers['Cko-Idempotency-Key'] = request.idempotencyKey;

    let response: Response;
    let text: string;
    try {
      response = await options.fetchImpl(`${options.baseUrl}${path}`, {
        method,
        headers,
        ...(request.json ? { body: JSON.stringify(request.json) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ProcessorTimeoutError(`Checkout.com ${operation} did not answer within ${options.timeoutMs} ms`);
      const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
      throw new ProcessorTimeoutError(
        redact(`Checkout.com ${operation} got no answer (${typeof cause === 'string' ? cause : 'connection failed'})`),
      );
    }

    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const status = response.status;
    if (status === 401)
      throw new ProcessorUnavailableError(
        `Checkout.com ${operation}: HTTP 401, the API key was refused (check CHECKOUT_SECRET_KEY / CHECKOUT_PUBLIC_KEY)`,
      );
    if (status === 429 || status >= 500) throw new ProcessorUnavailableError(`Checkout.com ${operation}: HTTP ${status}, try again later`);
    if (status < 200 || status > 299) {
      const body = isRecord(json) ? json : {};
      const errorType = str(body.error_type);
      const errorCodes = Array.isArray(body.error_codes) ? body.error_codes.filter((code): code is string => typeof code === 'string') : [];
      const detail = [errorType, errorCodes.join(', ')].filter(Boolean).join(': ');
      throw new CheckoutApiError(
        redact(`Checkout.com ${operation}: HTTP ${status}${detail ? ` (${detail})` : ''}`),
        status,
        errorType,
        errorCodes,
      );
    }
    if (Array.isArray(json)) return { status, json: { data: json } };
    if (!isRecord(json))
      throw new ProcessorUnavailableError(`Checkout.com ${operation}: HTTP ${status} with a body that is not a JSON object`);
    return { status, json };
  };
}

export type CheckoutCall = ReturnType<typeof createCheckoutHttp>;
