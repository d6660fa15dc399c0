import { KlarnaRefusedError, KlarnaTimeoutError, KlarnaUnavailableError } from './klarna-provider.ts';

export type Json = Record<string, unknown>;
export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export interface KlarnaHttpOptions {
  /** KLARNA_API_URL: https://api.playground.klarna.com (test), https://api.klarna.com (live, Europe), … */
  baseUrl: string;
  username: string;
  password: string;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}

export interface KlarnaRequest {
  json?: Json;
  /** Klarna-Idempotency-Key (docs: "Escalation & retry policy", "Idempotency"): a retry with it acts once. */
  idempotencyKey?: string;
  /** Values of this call cut out of any error text besides the credentials: the authorization token in its path. */
  secrets?: string[];
}

/**
 * One call to Klarna. Credentials travel only in the Authorization header (HTTP Basic,
 * `username:password` in Base64, docs: "Authentication") and are cut out of any text that reaches
 * an error, with the call's own secrets; request bodies never reach an error or a log.
 *
 * - no answer within `timeoutMs`, or the connection broke: KlarnaTimeoutError (the call may have happened);
 * - 401 ("If the credentials are missing or wrong, Klarna responds with 401"), 429 (rate limit) and
 *   5xx: KlarnaUnavailableError, our configuration or Klarna's outage, never the person's refusal;
 * - any other non-2xx: KlarnaRefusedError with Klarna's error object (docs.klarna.com/api/errors:
 *   error_code, error_messages, correlation_id) in its message.
 */
export function createKlarnaHttp(options: KlarnaHttpOptions) {
  const basic = Buffer.from(`${options.username}:${options.password}`).toString('base64');
  const redact = (text: string, secrets: string[] = []) =>
    [options.password, options.username, basic, ...secrets]
      .filter((secret) => secret.length > 0)
      .reduce((out, secret) => out.split(secret).join('[redacted]'), text);

  return async function call(
    operation: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    request: KlarnaRequest = {},
  ): Promise<{ status: number; json: Json | undefined; headers: Headers }> {
    const headers: Record<string, string> = { Authorization: `Basic ${basic}`, Accept: 'application/json' };
    if (request.json) headers['Content-Type'] = 'application/json';
    if (request.idempotencyKey) headers['Klarna-Idempotency-Key'] = request.idempotencyKey;

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
        throw new KlarnaTimeoutError(`Klarna ${operation} did not answer within ${options.timeoutMs} ms`);
      const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
      throw new KlarnaTimeoutError(
        redact(`Klarna ${operation} got no answer (${typeof cause === 'string' ? cause : 'connection failed'})`, request.secrets),
      );
    }

    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const status = response.status;
    const body = isRecord(json) ? json : {};
    const errorCode = str(body.error_code);
    const messages = Array.isArray(body.error_messages) ? body.error_messages.filter((m): m is string => typeof m === 'string') : [];
    const correlation = str(body.correlation_id);
    const detail = [
      errorCode,
      messages.length > 0 ? `(${messages.join('; ').slice(0, 300)})` : '',
      correlation ? `correlation_id ${correlation}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const described = (prefix: string) =>
      redact(`Klarna ${operation}: HTTP ${status}${detail ? ` ${detail}` : ''}${prefix}`, request.secrets);

    if (status === 401)
      throw new KlarnaUnavailableError(described(', the credentials were refused (check KLARNA_USERNAME / KLARNA_PASSWORD)'));
    if (status === 429 || status >= 500) throw new KlarnaUnavailableError(described(', try again later'));
    if (status < 200 || status > 299) throw new KlarnaRefusedError(errorCode ?? `HTTP_${status}`, described(''), status);
    if (json !== undefined && !isRecord(json))
      throw new KlarnaUnavailableError(`Klarna ${operation}: HTTP ${status} with a body that is not a JSON object`);
    return { status, json: isRecord(json) ? json : undefined, headers: response.headers };
  };
}

export type KlarnaCall = ReturnType<typeof createKlarnaHttp>;
