/**
 * Checkout.com adapter of the card processor (the unified payments API). Which documentation page
 * each part follows (www.checkout.com/docs and the API reference, api-reference.checkout.com):
 *
 * - Authentication: resources/api-authentication/api-keys — `Authorization: Bearer <key>`, the
 *   secret key. The public key is only handed to the browser, where Frames uses it.
 * - Card entry: Frames in the browser (cdn.checkout.com/js/framesv2.min.js, `Frames.init(publicKey)`)
 *   sends the number and CVV straight to Checkout.com and gives back a single-use `tok_…` (15
 *   minutes). No card number or CVV ever reaches this server (PCI DSS SAQ A).
 * - saveCard: POST /instruments with {type: token, token: tok_…, account_holder} ("create an
 *   instrument from a token", payments/store-payment-details/payment-instruments) answering the
 *   reusable src_… id with fingerprint, bin, last4, scheme, expiry, issuer, issuer_country. A 422
 *   carries error_codes (token_invalid, token_expired, token_used, card_expired, …:
 *   resources/codes/error-codes): a CardRefusedError.
 * - authorize: POST /payments with source {type: id, id: src_…}, amount in minor units, currency,
 *   reference, capture false, 3ds {enabled: true}, success_url, failure_url, processing_channel_id
 *   when configured, header Cko-Idempotency-Key (developer-resources/api/idempotency). 201 is
 *   Authorized or Declined (response_code: resources/codes/response-codes); 202 is Pending with
 *   `_links.redirect.href`, the 3DS challenge (risk-management/3d-secure, hosted solution).
 * - getPayment: GET /payments/{id} (payments/manage-payments/get-payment-details).
 * - findPayment: GET /payments?reference=… (payments/manage-payments/get-a-list-of-payments, beta;
 *   newest first), then GET /payments/{id} for the full object with its links.
 * - capture / refund / void: POST /payments/{id}/captures {amount}, /refunds {amount}, /voids {},
 *   each with Cko-Idempotency-Key, answering 202 Accepted; 403 when the action is not allowed.
 */
import { toMinorUnits } from './card-amounts.ts';
import { type CardProcessorProvider, CardRefusedError, type TokenizedCard } from './card-processor.ts';
import { CheckoutApiError, createCheckoutHttp, int, isRecord, type Json, str } from './checkout-http.ts';
import { networkOfScheme, paymentFromCheckout } from './checkout-payment.ts';

export const CHECKOUT_SANDBOX_URL = 'https://api.sandbox.checkout.com';

export interface CheckoutCardProcessorOptions {
  secretKey: string;
  publicKey: string;
  /** https://api.sandbox.checkout.com (the default) or the live https://api.checkout.com. */
  baseUrl?: string;
  /** pc_…: which processing channel pays; needed when the account has more than one. */
  processingChannelId?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** Payment ids are pay_ and base32 (the documentation's examples): anything else never reaches a URL. */
const PAYMENT_ID = /^pay_[a-z0-9]{1,64}$/;

/** The fault Checkout.com names when it refuses to store a card from a token. */
function refusalOf(codes: string[]): CardRefusedError['reason'] {
  if (codes.some((code) => code.startsWith('token_'))) return 'TOKEN_INVALID';
  if (codes.some((code) => code.startsWith('card_number'))) return 'INVALID_NUMBER';
  if (codes.some((code) => code === 'card_expired' || code.startsWith('card_expiry'))) return 'EXPIRED';
  if (codes.some((code) => code.startsWith('cvv'))) return 'INVALID_CVV';
  return 'REFUSED';
}

/** Frames' tokens: tok_ and base32 (the documentation's examples). Anything else never leaves this server. */
const CARD_TOKEN = /^tok_[a-z0-9]{10,60}$/;

export function createCheckoutCardProcessor(options: CheckoutCardProcessorOptions): CardProcessorProvider {
  if (!options.secretKey || !options.publicKey) throw new Error('CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY are required for the Checkout.com card processor');
  const baseUrl = (options.baseUrl ?? CHECKOUT_SANDBOX_URL).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl) || !/^https?:\/\//.test(baseUrl)) throw new Error('CHECKOUT_BASE_URL must be an absolute http(s) URL');
  if (options.processingChannelId !== undefined && !/^pc_\w{26}$/.test(options.processingChannelId)) {
    throw new Error('CHECKOUT_PROCESSING_CHANNEL_ID must look like pc_ followed by 26 characters');
  }
  const call = createCheckoutHttp({ baseUrl, secretKey: options.secretKey, publicKey: options.publicKey, fetchImpl: options.fetchImpl ?? fetch, timeoutMs: options.timeoutMs ?? 10_000 });

  const paymentPath = (paymentId: string, action = '') => {
    if (!PAYMENT_ID.test(paymentId)) throw new Error(`"${paymentId.slice(0, 80)}" is not a Checkout.com payment id`);
    return `/payments/${paymentId}${action}`;
  };

  async function getPayment(paymentId: string) {
    try {
      const { json } = await call('get payment', 'GET', paymentPath(paymentId), { auth: 'secret' });
      return paymentFromCheckout(json);
    } catch (error) {
      if (error instanceof CheckoutApiError && error.status === 404) throw new Error(`Checkout.com has no payment ${paymentId}`, { cause: error });
      throw error;
    }
  }

  /** A payment action (capture, refund, void): 202 Accepted; a 403 or 422 is the payment's state refusing it. */
  async function act(operation: string, paymentId: string, action: string, idempotencyKey: string, json: Json): Promise<void> {
    try {
      await call(operation, 'POST', paymentPath(paymentId, action), { auth: 'secret', json, idempotencyKey });
    } catch (error) {
      if (error instanceof CheckoutApiError) throw new Error(`cannot ${operation} Checkout.com payment ${paymentId}: ${error.message}`, { cause: error });
      throw error;
    }
  }

  function tokenizedCard(instrument: Json): TokenizedCard {
    const token = str(instrument.id);
    const fingerprint = str(instrument.fingerprint);
    const [bin, last4, expiryMonth, expiryYear] = [str(instrument.bin), str(instrument.last4), int(instrument.expiry_month), int(instrument.expiry_year)];
    if (!token?.startsWith('src_') || !fingerprint) throw new Error('Checkout.com answered an instrument without src_ id or fingerprint');
    if (!bin || !last4 || !expiryMonth || !expiryYear) throw new Error('Checkout.com answered an instrument without bin, last4 or expiry');
    const network = networkOfScheme(str(instrument.scheme));
    if (!network) throw new CardRefusedError('UNSUPPORTED_NETWORK');
    return { token, fingerprint, cardBin: bin, cardLast4: last4, cardProcessor: network, issuerBank: str(instrument.issuer) ?? null, country: str(instrument.issuer_country) ?? null, expiryMonth, expiryYear };
  }

  return {
    kind: 'checkout',

    async saveCard({ cardToken, billingAddress: address }) {
      if (!CARD_TOKEN.test(cardToken)) throw new CardRefusedError('TOKEN_INVALID');
      try {
        const { json } = await call('store card', 'POST', '/instruments', {
          auth: 'secret',
          json: {
            type: 'token',
            token: cardToken,
            account_holder: {
              first_name: address.firstName,
              last_name: address.lastName,
              billing_address: { address_line1: address.address, city: address.city, zip: address.postalCode, country: address.country },
            },
          },
        });
        return tokenizedCard(json);
      } catch (error) {
        if (error instanceof CheckoutApiError && error.status === 422) throw new CardRefusedError(refusalOf(error.errorCodes));
        throw error;
      }
    },

    async authorize(input) {
      const { json } = await call('authorize payment', 'POST', '/payments', {
        auth: 'secret',
        idempotencyKey: input.idempotencyKey,
        json: {
          source: { type: 'id', id: input.cardToken },
          amount: toMinorUnits(input.amount, input.currency),
          currency: input.currency,
          reference: input.reference,
          capture: false,
          '3ds': { enabled: true },
          success_url: input.successUrl,
          failure_url: input.failureUrl,
          ...(options.processingChannelId ? { processing_channel_id: options.processingChannelId } : {}),
        },
      });
      return paymentFromCheckout(json, input);
    },

    getPayment,

    async findPayment(reference) {
      const query = new URLSearchParams({ limit: '1', skip: '0', reference });
      const { json } = await call('find payment', 'GET', `/payments?${query}`, { auth: 'secret' });
      const [newest] = Array.isArray(json.data) ? json.data.filter(isRecord) : [];
      const paymentId = newest && str(newest.id);
      return paymentId ? getPayment(paymentId) : null;
    },

    capture: (paymentId, input) => act('capture', paymentId, '/captures', input.idempotencyKey, { amount: toMinorUnits(input.amount, input.currency) }),
    refund: (paymentId, input) => act('refund', paymentId, '/refunds', input.idempotencyKey, { amount: toMinorUnits(input.amount, input.currency) }),
    void: (paymentId, input) => act('void', paymentId, '/voids', input.idempotencyKey, {}),
  };
}
