import { Webhook, WebhookVerificationError as LibraryVerificationError } from 'standardwebhooks';
import type { WebhookEvent } from './events.ts';

/**
 * Webhooks, for the merchant's SERVER. Causeway signs them the Standard Webhooks way
 * (https://www.standardwebhooks.com): headers webhook-id, webhook-timestamp and webhook-signature
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several space-separated while a secret rotates).
 * The maintained `standardwebhooks` package does the cryptography; this file adds clear errors,
 * Node's header shapes and the event type.
 */

/** Thrown when a request is not a genuine, fresh Causeway webhook. Answer it with 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** The Standard Webhooks window: a timestamp further than this from your clock is refused (replays, stale retries). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookOptions {
  /**
   * Seconds a webhook's timestamp may be from your clock, 1 to 300 (default 300). It can only narrow the
   * standard's window: the library refuses anything past 300 s whatever this says.
   */
  toleranceSeconds?: number;
}

type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * Every value of one header, whatever the case of its name and whether it came as a string or an
 * array (Node's IncomingHttpHeaders, or a framework that keeps repeated headers apart).
 */
function headerValues(headers: IncomingHeaders, name: string): string[] {
  return Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === name)
    .flatMap(([, value]) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
}

/** The one value of webhook-id or webhook-timestamp: two different values would make "which one was signed" a guess. */
function singleHeader(headers: IncomingHeaders, name: string): string {
  const values = [...new Set(headerValues(headers, name).map((value) => value.trim()))].filter(Boolean);
  if (values.length === 0) throw new WebhookVerificationError(`Missing the ${name} header: is this a Causeway webhook?`);
  if (values.length > 1) throw new WebhookVerificationError(`The ${name} header came more than once with different values`);
  return values[0]!;
}

function webhookFor(secret: string): Webhook {
  try {
    return new Webhook(secret);
  } catch {
    // Not a verification failure: the endpoint is misconfigured, and every webhook would fail alike.
    throw new TypeError('The webhook secret must be the whsec_… value from the merchant console');
  }
}

function checkTimestamp(timestamp: string, toleranceSeconds: number): void {
  const sentAt = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (Number.isNaN(sentAt)) throw new WebhookVerificationError('The webhook-timestamp header is not seconds since the epoch');
  const skew = Math.floor(Date.now() / 1000) - sentAt;
  if (skew > toleranceSeconds)
    throw new WebhookVerificationError(`The webhook is ${skew} s old, more than ${toleranceSeconds} s: refused as a replay`);
  if (-skew > toleranceSeconds)
    throw new WebhookVerificationError(`The webhook's timestamp is ${-skew} s ahead of this server's clock: check its time`);
}

function parseEvent(body: string): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    throw new WebhookVerificationError('The webhook body is not JSON');
  }
  const candidate = event as { type?: unknown; timestamp?: unknown; data?: unknown } | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.type !== 'string' ||
    typeof candidate.timestamp !== 'string' ||
    typeof candidate.data !== 'object' ||
    candidate.data === null
  ) {
    throw new WebhookVerificationError('The webhook body is not a Causeway event ({ type, timestamp, data })');
  }
  return event as WebhookEvent;
}

/**
 * Verifies a webhook and returns its event. Pass the RAW body, exactly the bytes received (a body
 * parsed to JSON and serialised again is not what was signed), and the request's headers.
 * Throws WebhookVerificationError when a header is missing, the timestamp is outside the window, no
 * signature matches (or several: one valid is enough, so a secret can rotate), or the body is not an
 * event. Event types may be added later: ignore a `type` you do not handle and still answer 2xx.
 * Causeway delivers at least once, so deduplicate on the webhook-id header.
 */
export function verifyWebhook(
  secret: string,
  rawBody: string | Buffer,
  headers: IncomingHeaders,
  { toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS }: VerifyWebhookOptions = {},
): WebhookEvent {
  if (!(toleranceSeconds > 0 && toleranceSeconds <= WEBHOOK_TOLERANCE_SECONDS)) {
    throw new RangeError(`toleranceSeconds must be between 1 and ${WEBHOOK_TOLERANCE_SECONDS}`);
  }
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) {
    throw new TypeError('verifyWebhook needs the raw request body (a string or Buffer), not a parsed object');
  }
  const webhook = webhookFor(secret);
  const id = singleHeader(headers, 'webhook-id');
  const timestamp = singleHeader(headers, 'webhook-timestamp');
  // Repeated signature headers are one list, as if sent space-separated.
  const signature = headerValues(headers, 'webhook-signature').join(' ').trim();
  if (!signature) throw new WebhookVerificationError('Missing the webhook-signature header: is this a Causeway webhook?');
  checkTimestamp(timestamp, toleranceSeconds);
  try {
    webhook.verify(rawBody, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature }, { jsonParse: false });
  } catch (error) {
    if (!(error instanceof LibraryVerificationError)) throw error;
    throw new WebhookVerificationError(
      error.message === 'No matching signature found'
        ? 'No signature matches: check the endpoint secret and that the body is the raw request body'
        : `Webhook refused: ${error.message}`,
    );
  }
  return parseEvent(rawBody.toString());
}

/** Signs a webhook body: the webhook-signature header's value (`v1,<base64>`). Used by Causeway's server and by tests. */
export function signWebhook(secret: string, msgId: string, timestamp: Date, body: string): string {
  return webhookFor(secret).sign(msgId, timestamp, body);
}

const SECRET_BYTES = 24;

/** A new endpoint secret: `whsec_` and 24 random bytes in base64. Web Crypto, so it runs in Node 20 and browsers. */
export function generateWebhookSecret(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}
