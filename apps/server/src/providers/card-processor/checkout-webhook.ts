import { createHmac, timingSafeEqual } from 'node:crypto';
import { CardWebhookRefusedError, type CardWebhookNotice } from './card-processor.ts';
import { isRecord, str } from './checkout-http.ts';

/**
 * Checkout.com's webhooks (developer-resources/webhooks/manage-webhooks/set-up-your-webhook-receiver):
 * the `Cko-Signature` header is the hex HMAC-SHA256 of the raw body with the signature key set on
 * the workflow's webhook action (CHECKOUT_WEBHOOK_SECRET). The body is
 * `{id: evt_…, type, version, created_on, data: {…}}`: payment events carry the payment in
 * `data` (id pay_…, reference), dispute events the dispute (id dsp_…, payment_id, payment_reference).
 * Checkout.com sends each at least once and in no guaranteed order, so only the ids are read here:
 * processing asks the API for the payment or dispute as it is now. The sandbox processor signs the same way.
 */

export const CHECKOUT_SIGNATURE_HEADER = 'cko-signature';

export const signCheckoutWebhook = (rawBody: Buffer | string, secret: string): string =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** The event families we act on; any other verified event is stored nowhere and acknowledged. */
const ACTED_ON = /^(payment|dispute)_/;

export function readCheckoutWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): CardWebhookNotice | null {
  const raw = headers[CHECKOUT_SIGNATURE_HEADER];
  const signature = Array.isArray(raw) ? raw[0] : raw;
  if (!signature) throw new CardWebhookRefusedError('missing Cko-Signature header');
  const expected = Buffer.from(signCheckoutWebhook(rawBody, secret), 'hex');
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new CardWebhookRefusedError(
      'Cko-Signature does not match the body (check CHECKOUT_WEBHOOK_SECRET against the workflow signature key)',
    );

  const body: unknown = JSON.parse(rawBody.toString('utf8'));
  if (!isRecord(body)) throw new Error('a Checkout.com webhook body is a JSON object');
  const eventId = str(body.id);
  const type = str(body.type);
  if (!eventId || !type) throw new Error('a Checkout.com webhook has an id and a type');
  if (!ACTED_ON.test(type)) return null;
  const data = isRecord(body.data) ? body.data : {};
  const isDispute = type.startsWith('dispute_');
  const reference = str(isDispute ? data.payment_reference : data.reference) ?? null;
  return {
    eventId: eventId.slice(0, 100),
    type: type.slice(0, 64),
    paymentId: (isDispute ? str(data.payment_id) : str(data.id)) ?? null,
    reference: reference && reference.length <= 64 ? reference : null,
    disputeId: isDispute ? (str(data.id) ?? null) : null,
  };
}
