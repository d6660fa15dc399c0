import { signSumsubRequest, sumsubAnswer } from '../kyc/sumsub.ts';

/**
 * One signed call to Sumsub's API, as the KYC adapter makes them (providers/kyc/sumsub.ts): the same
 * signature helper over ts + METHOD + the request-target as fetch will send it + the exact body bytes;
 * a non-2xx answer becomes a SumsubApiError with Sumsub's description (docs.sumsub.com/reference/review-api-health),
 * or a SumsubRetryLaterError for a 409 with Retry-After (the KYC adapter's sumsubErrorOf), and no message ever
 * carries a credential.
 */
export interface SumsubCredentials {
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

export interface SumsubCallOptions {
  /** A JSON body (sent and signed as its JSON.stringify text). */
  json?: unknown;
  /** Or a body as bytes with its content type (a multipart upload). */
  raw?: { bytes: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** A 2xx whose body is not JSON is an error unless false (calls whose answer Sumsub says may be ignored). */
  requireJson?: boolean;
}

export type SumsubCall = (
  operation: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  pathWithQuery: string,
  options?: SumsubCallOptions,
) => Promise<{ status: number; json: unknown }>;

export function createSumsubCall(options: SumsubCredentials): SumsubCall {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = (options.baseUrl ?? 'https://api.sumsub.com').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());

  const redact = (text: string, signature?: string) => {
    let out = text;
    for (const secret of [options.secretKey, options.webhookSecret, options.appToken, signature]) {
      if (secret) out = out.split(secret).join('[redacted]');
    }
    return out;
  };

  return async (operation, method, pathWithQuery, request = {}) => {
    // Sign exactly the request-target fetch will send (the URL parser may normalise what we built).
    const url = new URL(base + pathWithQuery);
    const target = url.pathname + url.search;
    const body = request.raw ? request.raw.bytes : request.json === undefined ? undefined : JSON.stringify(request.json);
    const ts = String(Math.floor(now().getTime() / 1000));
    const signature = signSumsubRequest({ secretKey: options.secretKey, ts, method, pathWithQuery: target, body });
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...request.headers,
      'X-App-Token': options.appToken,
      'X-App-Access-Ts': ts,
      'X-App-Access-Sig': signature,
    };
    if (request.raw) headers['content-type'] = request.raw.contentType;
    else if (body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`Sumsub ${operation} timed out after ${timeoutMs} ms`);
      const cause = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message;
      const detail = typeof cause === 'string' ? cause : ((error as Error | undefined)?.message ?? 'unknown error');
      throw new Error(redact(`Sumsub ${operation} request failed: ${detail}`, signature));
    }

    return sumsubAnswer({
      operation,
      response,
      text,
      now: now(),
      redact: (out) => redact(out, signature),
      requireJson: request.requireJson,
    });
  };
}
