import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type BankWebhookNotice, BankWebhookRefusedError } from './bank.ts';

/**
 * The sandbox bank's webhooks (docs/sandbox.md "Bank"): after a credit arrives or is returned, the
 * sandbox posts a notice to our own intake (`/webhooks/sandbox-bank`), signed as a vendor signs:
 * an HMAC-SHA256 of the exact raw body, 64 hex digits in `X-Sandbox-Bank-Signature`.
 *
 * The secret is public on purpose, like the sandbox chain's: a notice only names what changed, and
 * getCredit / getPayment, not the notice, are what a credit or payment is judged on. It exists so the
 * sandbox refuses a bad signature exactly as a real vendor's adapter does.
 */
export const SANDBOX_BANK_WEBHOOK_SECRET = 'causeway-sandbox-bank-webhook';
export const SANDBOX_BANK_SIGNATURE_HEADER = 'x-sandbox-bank-signature';

const sign = (rawBody: Buffer) => createHmac('sha256', SANDBOX_BANK_WEBHOOK_SECRET).update(rawBody).digest();

/**
 * A signed delivery of one notice, as the sandbox bank posts it: what its page hands the intake, and
 * tests hand readWebhook. `eventId` names the event itself (a credit's arrival and its return are two
 * events about one credit), as a vendor's message id does, so an intake that keeps events once by id
 * keeps both; readWebhook does not need it.
 */
export function sandboxBankNotice(
  notice: BankWebhookNotice,
  eventId: string = randomUUID(),
): { headers: Record<string, string>; rawBody: Buffer } {
  const rawBody = Buffer.from(JSON.stringify({ eventId, ...notice }));
  return { headers: { [SANDBOX_BANK_SIGNATURE_HEADER]: sign(rawBody).toString('hex'), 'content-type': 'application/json' }, rawBody };
}

const headerValue = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

/** Ids as the sandbox makes them (newId: a prefix and 24 base32-ish characters), bounded so nothing odd is passed on. */
const ID = /^[a-z]{2,4}_[a-z0-9]{1,40}$/;

/**
 * Verifies a delivery (constant-time, over the raw bytes) and reads its notice. Throws
 * BankWebhookRefusedError for a missing, malformed or wrong signature; a signed body that names
 * nothing we know answers no notice.
 */
export function readSandboxBankWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): BankWebhookNotice[] {
  const given = headerValue(headers, SANDBOX_BANK_SIGNATURE_HEADER)?.trim();
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) throw new BankWebhookRefusedError('missing or malformed X-Sandbox-Bank-Signature');
  // Both are 32 bytes here (the pattern above), as timingSafeEqual needs.
  if (!timingSafeEqual(Buffer.from(given, 'hex'), sign(rawBody)))
    throw new BankWebhookRefusedError('X-Sandbox-Bank-Signature does not match the body');
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return [];
  }
  const notice = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (notice.type === 'credit' && typeof notice.creditId === 'string' && ID.test(notice.creditId))
    return [{ type: 'credit', creditId: notice.creditId }];
  if (notice.type === 'payment' && typeof notice.paymentId === 'string' && ID.test(notice.paymentId))
    return [{ type: 'payment', paymentId: notice.paymentId }];
  return [];
}
