import { createHash, timingSafeEqual } from 'node:crypto';
import { type BankWebhookNotice, BankWebhookRefusedError } from './bank.ts';

/**
 * Clear Junction's request signature, which its notifications (webhooks) carry too. The API
 * reference (https://clearjunctionrestapi.docs.apiary.io/, "Authentication") names the three headers
 * every request carries, `Date`, `X-API-KEY` and `Authorization`, and says the signature is computed
 * from X-API-KEY, Date, the request body and the apiPassword modified (hashed), which only the client
 * knows; a signature that does not match is answered 401. The exact formula is drawn in the
 * reference as an image; as two public clients implement it (MyJetWallet.Clearjunction.Client
 * AuthChecker.GetSignature, clearjunction-js buildSignature), it is
 *
 *   Authorization = hex(sha512( UPPER(apiKey) + date + UPPER(hex(sha512(apiPassword))) + UPPER(body) ))
 *
 * with `date` as sent, in `yyyy-MM-ddTHH:mm:ss+00:00` (UTC, second precision), and the body the exact
 * string sent ('' for a GET). Some integrations send it as `Bearer <hex>`: a notification is accepted
 * either way. Clear Junction refuses requests whose Date is more than about five minutes off.
 */

export const sha512Hex = (text: string): string => createHash('sha512').update(text, 'utf8').digest('hex');

/** `2026-11-21T12:00:00+00:00`: the Date header's format. */
export const clearJunctionDate = (date: Date): string => `${date.toISOString().slice(0, 19)}+00:00`;

export interface ClearJunctionCredentials {
  apiKey: string;
  apiPassword: string;
}

export function clearJunctionSignature(credentials: ClearJunctionCredentials, date: string, body: string): string {
  return sha512Hex(`${credentials.apiKey.toUpperCase()}${date}${sha512Hex(credentials.apiPassword).toUpperCase()}${body.toUpperCase()}`);
}

/** The three headers of a signed request (or a notification), for `body` sent at `date`. */
export function clearJunctionHeaders(credentials: ClearJunctionCredentials, date: string, body: string): Record<string, string> {
  return { Date: date, 'X-API-KEY': credentials.apiKey, Authorization: clearJunctionSignature(credentials, date, body) };
}

const headerValue = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Throws BankWebhookRefusedError unless the notification is signed with our key and password over
 * its exact raw body; compared in constant time. The Date is not held to a window: Clear Junction
 * retries an unacknowledged notification for days, and a notification only says what to read again.
 */
export function verifyClearJunctionNotification(
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  credentials: ClearJunctionCredentials,
): void {
  const apiKey = headerValue(headers, 'x-api-key')?.trim();
  const date = headerValue(headers, 'date')?.trim();
  const given = headerValue(headers, 'authorization')
    ?.trim()
    .replace(/^Bearer\s+/i, '')
    .toLowerCase();
  if (!apiKey || !date || date.length > 64 || !given || !/^[0-9a-f]{128}$/.test(given))
    throw new BankWebhookRefusedError('missing or malformed Date, X-API-KEY or Authorization');
  if (!sameText(apiKey, credentials.apiKey)) throw new BankWebhookRefusedError('X-API-KEY is not ours');
  if (!sameText(given, clearJunctionSignature(credentials, date, rawBody.toString('utf8'))))
    throw new BankWebhookRefusedError('Authorization does not match the body');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a verified notification says changed (the reference's notification messages, each with
 * `type` and `orderReference`): a pay-in is a credit, a payout a payment; a payout return
 * (`payoutReturnNotification`) names the payout it returns in `relatedOrderReference`. Any other type
 * (IBAN allocation, FX, wallet) concerns no credit or payment.
 */
export function readClearJunctionNotification(rawBody: Buffer): BankWebhookNotice[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return [];
  }
  const notice = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const id = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined);
  const orderReference = id(notice.orderReference);
  if (notice.type === 'payinNotification' && orderReference) return [{ type: 'credit', creditId: orderReference }];
  if (notice.type === 'payoutNotification' && orderReference) return [{ type: 'payment', paymentId: orderReference }];
  const related = id(notice.relatedOrderReference);
  if (notice.type === 'payoutReturnNotification' && related) return [{ type: 'payment', paymentId: related }];
  return [];
}
