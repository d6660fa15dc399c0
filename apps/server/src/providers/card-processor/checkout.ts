/**
 * Checkout.com adapter of the card processor (the unified payments API). Which documentation page
 * each part follows (www.checkout.com/docs and the API reference, api-reference.checkout.com):
 *
 * - Authentication: resources/api-authentication/api-keys — `Authorization: Bearer <key>`, the
 *   secret key. The public key is only handed to the browser, where Flow uses it. Key scopes
 *   ("Tokenize credentials", payments/store-and-manage-credentials/tokenize-credentials): secret
 *   key `payment-sessions` (and the payments, instruments scopes the calls below use); public key
 *   `payment-sessions:pay` and `vault-tokenization`.
 * - Card entry: Flow, used for tokenisation only ("Tokenize credentials"; Frames is deprecated
 *   from June 30, 2026, "Upgrade from Frames for web"). startCardEntry: POST /payment-sessions
 *   with the secret key, amount 0 (card entry never charges), currency, reference, billing
 *   country, success_url / failure_url, only the card method; the answer's id, payment_session_token
 *   and payment_session_secret go to that person's browser, which loads Checkout Web Components
 *   (checkout-web-components.checkout.com), mounts the `card` component and calls its tokenize():
 *   the number and CVV go straight to Checkout.com, which gives back a single-use `tok_…` (15
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
 * - payout / getPayout / findPayout: card payouts, see checkout-payout.ts.
 * - Base URL, key environment and processing channel: checkout-environment.ts.
 * - readWebhook: workflow webhooks signed with Cko-Signature, checkout-webhook.ts.
 * - getDispute: GET /disputes/{id} (risk-management/disputes/disputes-api), read by checkout-dispute.ts.
 * - submitDisputeEvidence: PUT /disputes/{id}/evidence with the text fields (500 characters each),
 *   then POST /disputes/{id}/evidence to submit it to the scheme (the status becomes evidence_under_review).
 */
import { toMinorUnits } from './card-amounts.ts';
import {
  type CardEntrySession,
  type CardProcessorProvider,
  CardRefusedError,
  CardWebhookRefusedError,
  ProcessorUnavailableError,
  type TokenizedCard,
} from './card-processor.ts';
import { CheckoutApiError, createCheckoutHttp, int, isRecord, type Json, PAYMENT_ID, str } from './checkout-http.ts';
import { DISPUTE_ID, disputeFromCheckout } from './checkout-dispute.ts';
import { checkoutBaseUrlOf } from './checkout-environment.ts';
import { networkOfScheme, paymentFromCheckout } from './checkout-payment.ts';
import { readCheckoutWebhook } from './checkout-webhook.ts';
import { createCheckoutPayouts } from './checkout-payout.ts';

export { checkoutEnvironmentOf, CHECKOUT_SANDBOX_URL } from './checkout-environment.ts';

export interface CheckoutCardProcessorOptions {
  secretKey: string;
  publicKey: string;
  /** Unset: the key's environment's (checkout-environment.ts); config.ts refused a URL of the other environment. */
  baseUrl?: string;
  /** pc_…: which processing channel pays; unset only for a key tied to one channel (CHECKOUT_SINGLE_CHANNEL_KEY). */
  processingChannelId?: string;
  /** CHECKOUT_WEBHOOK_SECRET: the workflow webhook's signature key (Cko-Signature); without it every webhook is refused. */
  webhookSecret?: string;
  /** ca_…: the currency account card payouts are paid from; without it, payout() is unavailable. */
  payoutCurrencyAccountId?: string;
  /** The Funds Transfer Type the card schemes assigned the account, sent as instruction.funds_transfer_type. */
  payoutFundsTransferType?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** Payment Session ids: ps_ and base62 (the documentation's examples). */
const PAYMENT_SESSION_ID = /^ps_[A-Za-z0-9]{1,64}$/;

/** The fault Checkout.com names when it refuses to store a card from a token. */
function refusalOf(codes: string[]): CardRefusedError['reason'] {
  if (codes.some((code) => code.startsWith('token_'))) return 'TOKEN_INVALID';
  if (codes.some((code) => code.startsWith('card_number'))) return 'INVALID_NUMBER';
  if (codes.some((code) => code === 'card_expired' || code.startsWith('card_expiry'))) return 'EXPIRED';
  if (codes.some((code) => code.startsWith('cvv'))) return 'INVALID_CVV';
  return 'REFUSED';
}

/** Card tokens (Flow's tokenize(), the Tokens API): tok_ and base32 (the documentation's examples). Anything else never leaves this server. */
const CARD_TOKEN = /^tok_[a-z0-9]{10,60}$/;

export function createCheckoutCardProcessor(options: CheckoutCardProcessorOptions): CardProcessorProvider {
  if (!options.secretKey || !options.publicKey)
    throw new Error('CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY are required for the Checkout.com card processor');
  const baseUrl = checkoutBaseUrlOf(options.secretKey, options.baseUrl);
  if (!URL.canParse(baseUrl) || !/^https?:\/\//.test(baseUrl)) throw new Error('CHECKOUT_BASE_URL must be an absolute http(s) URL');
  if (options.processingChannelId !== undefined && !/^pc_\w{26}$/.test(options.processingChannelId)) {
    throw new Error('CHECKOUT_PROCESSING_CHANNEL_ID must look like pc_ followed by 26 characters');
  }
  const call = createCheckoutHttp({
    baseUrl,
    secretKey: options.secretKey,
    publicKey: options.publicKey,
    fetchImpl: options.fetchImpl ?? fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
  });

  const payouts = createCheckoutPayouts({
    call,
    currencyAccountId: options.payoutCurrencyAccountId,
    fundsTransferType: options.payoutFundsTransferType,
    processingChannelId: options.processingChannelId,
  });

  const disputePath = (disputeId: string, action = '') => {
    if (!DISPUTE_ID.test(disputeId)) throw new Error(`"${disputeId.slice(0, 80)}" is not a Checkout.com dispute id`);
    return `/disputes/${disputeId}${action}`;
  };

  const paymentPath = (paymentId: string, action = '') => {
    if (!PAYMENT_ID.test(paymentId)) throw new Error(`"${paymentId.slice(0, 80)}" is not a Checkout.com payment id`);
    return `/payments/${paymentId}${action}`;
  };

  async function getPayment(paymentId: string) {
    try {
      const { json } = await call('get payment', 'GET', paymentPath(paymentId), { auth: 'secret' });
      return paymentFromCheckout(json);
    } catch (error) {
      if (error instanceof CheckoutApiError && error.status === 404)
        throw new Error(`Checkout.com has no payment ${paymentId}`, { cause: error });
      throw error;
    }
  }

  /** A payment action (capture, refund, void): 202 Accepted; a 403 or 422 is the payment's state refusing it. */
  async function act(operation: string, paymentId: string, action: string, idempotencyKey: string, json: Json): Promise<void> {
    try {
      await call(operation, 'POST', paymentPath(paymentId, action), { auth: 'secret', json, idempotencyKey });
    } catch (error) {
      if (error instanceof CheckoutApiError)
        throw new Error(`cannot ${operation} Checkout.com payment ${paymentId}: ${error.message}`, { cause: error });
      throw error;
    }
  }

  function tokenizedCard(instrument: Json): TokenizedCard {
    const token = str(instrument.id);
    const fingerprint = str(instrument.fingerprint);
    const [bin, last4, expiryMonth, expiryYear] = [
      str(instrument.bin),
      str(instrument.last4),
      int(instrument.expiry_month),
      int(instrument.expiry_year),
    ];
    if (!token?.startsWith('src_') || !fingerprint) throw new Error('Checkout.com answered an instrument without src_ id or fingerprint');
    if (!bin || !last4 || !expiryMonth || !expiryYear) throw new Error('Checkout.com answered an instrument without bin, last4 or expiry');
    const network = networkOfScheme(str(instrument.scheme));
    if (!network) throw new CardRefusedError('UNSUPPORTED_NETWORK');
    return {
      token,
      fingerprint,
      cardBin: bin,
      cardLast4: last4,
      cardProcessor: network,
      issuerBank: str(instrument.issuer) ?? null,
      country: str(instrument.issuer_country) ?? null,
      expiryMonth,
      expiryYear,
    };
  }

  /** The Payment Session's answer, checked: the browser gets these three and nothing else. */
  function cardEntrySession(json: Json): CardEntrySession {
    const [id, token, secret] = [str(json.id), str(json.payment_session_token), str(json.payment_session_secret)];
    if (!id || !PAYMENT_SESSION_ID.test(id) || !token || !secret?.startsWith('pss_'))
      throw new ProcessorUnavailableError(
        'Checkout.com answered a payment session without id, payment_session_token or payment_session_secret',
      );
    return { id, token, secret };
  }

  return {
    kind: 'checkout',

    async startCardEntry(input) {
      try {
        const { json } = await call('start card entry', 'POST', '/payment-sessions', {
          auth: 'secret',
          json: {
            // A card verification amount: Flow only tokenises here, no payment is ever submitted.
            amount: 0,
            currency: input.currency,
            reference: input.reference,
            billing: { address: { country: input.billingCountry } },
            success_url: input.returnUrl,
            failure_url: input.returnUrl,
            // Only the card: no wallets or other methods, and no Remember Me (it would keep the card with Checkout.com's own wallet).
            enabled_payment_methods: ['card'],
            disabled_payment_methods: ['remember_me'],
            ...(options.processingChannelId ? { processing_channel_id: options.processingChannelId } : {}),
          },
        });
        return cardEntrySession(json);
      } catch (error) {
        // A refused session is our configuration's fault (scopes, processing channel), never the person's: the card fields are unavailable.
        if (error instanceof CheckoutApiError) throw new ProcessorUnavailableError(error.message);
        throw error;
      }
    },

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

    capture: (paymentId, input) =>
      act('capture', paymentId, '/captures', input.idempotencyKey, { amount: toMinorUnits(input.amount, input.currency) }),
    refund: (paymentId, input) =>
      act('refund', paymentId, '/refunds', input.idempotencyKey, { amount: toMinorUnits(input.amount, input.currency) }),
    void: (paymentId, input) => act('void', paymentId, '/voids', input.idempotencyKey, {}),

    ...payouts,

    readWebhook({ rawBody, headers }) {
      if (!options.webhookSecret) throw new CardWebhookRefusedError('CHECKOUT_WEBHOOK_SECRET is not set: no Checkout.com webhook is taken');
      return readCheckoutWebhook(rawBody, headers, options.webhookSecret);
    },

    async getDispute(disputeId) {
      const { json } = await call('get dispute', 'GET', disputePath(disputeId), { auth: 'secret' });
      return disputeFromCheckout(json);
    },

    async submitDisputeEvidence(disputeId, evidence) {
      // Counted in characters, never cutting one in half (an emoji is two UTF-16 units).
      const characters = Array.from(evidence.text);
      // Two calls, as documented: PUT /disputes/{id}/evidence keeps the evidence (it can still be
      // changed), POST /disputes/{id}/evidence sends it to the scheme, after which it cannot.
      try {
        await call('provide dispute evidence', 'PUT', disputePath(disputeId, '/evidence'), {
          auth: 'secret',
          // Each text field takes 500 characters: the delivery first, anything longer continues as additional evidence.
          json: {
            proof_of_delivery_or_service_text: characters.slice(0, 500).join(''),
            ...(characters.length > 500 ? { additional_evidence_text: characters.slice(500, 1000).join('') } : {}),
          },
        });
        await call('submit dispute evidence', 'POST', disputePath(disputeId, '/evidence'), { auth: 'secret' });
      } catch (error) {
        if (error instanceof CheckoutApiError)
          throw new Error(`cannot submit evidence for Checkout.com dispute ${disputeId}: ${error.message}`, { cause: error });
        throw error;
      }
    },
  };
}
