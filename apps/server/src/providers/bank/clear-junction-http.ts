import type { Clock } from '../../platform/clock.ts';
import { BankUnavailableError } from './bank.ts';
import { type ClearJunctionCredentials, clearJunctionDate, clearJunctionHeaders } from './clear-junction-signature.ts';

/**
 * One signed call to Clear Junction's gate API, and what it answered. Transport failures and
 * timeouts are BankUnavailableError (retrying with the same client order is safe); the HTTP status
 * is left to the caller, which knows what a 404 or a 409 means for its call.
 */
export interface ClearJunctionAnswer {
  status: number;
  /** The parsed JSON body (amounts kept as the decimal strings they were written as), or undefined. */
  json: unknown;
}

export type ClearJunctionCall = (operation: string, method: 'GET' | 'POST', path: string, body?: string) => Promise<ClearJunctionAnswer>;

/**
 * Clear Junction writes amounts as JSON numbers (`"amount": 210.55`). JSON.parse would make them
 * doubles, and money is never a JS number here: they are quoted first, exactly as written.
 */
export function parseKeepingAmounts(text: string): unknown {
  return JSON.parse(text.replace(/"(amount|operationAmount)"(\s*):(\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g, '"$1"$2:$3"$4"'));
}

/**
 * Writes `body` as JSON with `amount` as a bare JSON number, its digits exactly as the checked
 * decimal string has them (no double in between): the string sent is the string signed.
 */
export function jsonWithAmount(body: Record<string, unknown>, amount: string): string {
  if (!/^\d+(\.\d+)?$/.test(amount)) throw new Error('jsonWithAmount takes a plain decimal string');
  return JSON.stringify({ ...body, amount: '\u0000amount' }).replace('"\\u0000amount"', amount);
}

/** The errors[] of an error body ({errors: [{code, message, details}]}), one line, bounded; never the request. */
export function describeClearJunctionError(json: unknown): string {
  const errors = (json as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return 'no error detail';
  return errors
    .slice(0, 3)
    .map((entry) => {
      const { code, message, details } = (entry ?? {}) as Record<string, unknown>;
      return [code, message, details].filter((part) => typeof part === 'string' || typeof part === 'number').join(' ');
    })
    .join('; ')
    .slice(0, 300);
}

export function createClearJunctionCall(deps: {
  baseUrl: string;
  credentials: ClearJunctionCredentials;
  clock: Clock;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}): ClearJunctionCall {
  const { credentials, timeoutMs } = deps;
  // Neither ever reaches a message or a log, even echoed back inside an error text.
  const redact = (text: string) =>
    [credentials.apiKey, credentials.apiPassword].filter(Boolean).reduce((out, secret) => out.split(secret).join('[redacted]'), text);

  return async (operation, method, path, body) => {
    const sent = body ?? '';
    let response: Response;
    let text: string;
    try {
      response = await deps.fetchImpl(`${deps.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          // A fresh Date on every attempt: Clear Junction refuses a stale one.
          ...clearJunctionHeaders(credentials, clearJunctionDate(deps.clock.now()), sent),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new BankUnavailableError(`Clear Junction ${operation} did not answer within ${timeoutMs} ms`);
      throw new BankUnavailableError(
        redact(`Clear Junction ${operation} could not be reached: ${(error as Error | undefined)?.message ?? 'unknown error'}`),
      );
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : parseKeepingAmounts(text);
    } catch {
      // A load balancer's HTML page (the sandbox's 403 for an address not on its allow list) is no JSON.
      json = undefined;
    }
    return { status: response.status, json };
  };
}

/** Turns an answer that is not the call's own (401, 403, 429, 5xx, anything unexpected) into BankUnavailableError. */
export function unavailable(operation: string, answer: ClearJunctionAnswer): BankUnavailableError {
  const why =
    answer.status === 401
      ? 'the signature was refused (check CLEAR_JUNCTION_API_KEY, CLEAR_JUNCTION_API_PASSWORD and the clock)'
      : answer.status === 403
        ? 'forbidden (is this server allowed to call the API?)'
        : describeClearJunctionError(answer.json);
  return new BankUnavailableError(`Clear Junction ${operation} failed: HTTP ${answer.status} — ${why}`);
}
