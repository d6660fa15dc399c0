/**
 * Checkout.com card payouts (Visa Direct, Mastercard Send) through the unified payments API. Which
 * documentation page each part follows (www.checkout.com/docs and api-reference.checkout.com):
 *
 * - payout: POST /payments, "Request a payment or payout" (payouts/card-payouts/request-a-card-payout;
 *   payouts/bank-payouts lists the same fields): source {type: currency_account, id: ca_…}, the
 *   currency account that funds it; destination {type: id, id: src_…}, the saved card's instrument
 *   (the destination the sub-entity card payouts page shows); amount in minor units; currency;
 *   reference; billing_descriptor.reference; processing_channel_id; instruction.funds_transfer_type,
 *   the Funds Transfer Type the card schemes assigned the account (payouts/card-payouts). No sender:
 *   a direct funds disbursement, the business paying a cardholder, needs no sender data (card
 *   payouts, "Transaction types"). Header Cko-Idempotency-Key, "an optional idempotency key for
 *   safely retrying payout requests".
 * - The answer: "successful payout requests will always return a 202 response" (API reference,
 *   Payments), {id, status: "Pending", reference, instruction.value_date, _links} (the example of
 *   developer-resources/testing/bank-payouts-testing). The outcome comes later (the payment_paid and
 *   payment_declined webhooks, whose card payout example declines with response_code 20005), and
 *   GET /payments/{id} then answers status Paid or Declined (statuses as Checkout.com's own SDK,
 *   checkout-sdk-net PaymentStatus, lists them: Pending, Paid, Declined, …).
 * - A card that cannot take payouts (not enabled for Visa Direct or Mastercard Send) is refused
 *   before any payout exists: "Requesting a payout to an ineligible card will result in a 422
 *   Invalid data sent error response" (request-a-card-payout).
 * - Decline reasons: the response_code (resources/codes/response-codes) of the payment when the
 *   answer carries one, else of its actions (GET /payments/{id}/actions, payments/manage-payments/
 *   get-payment-actions: each action has approved and response_code).
 * - findPayout: GET /payments?reference=… as findPayment, keeping only payouts (a destination, or a
 *   currency_account source), then GET /payments/{id}.
 */
import { formatCardAmount, fromMinorUnits, toMinorUnits } from './card-amounts.ts';
import {
  type CardProcessorProvider,
  CardRefusedError,
  type Payout,
  type PayoutDeclineReason,
  type PayoutInput,
  type PayoutStatus,
  ProcessorUnavailableError,
} from './card-processor.ts';
import { CheckoutApiError, type CheckoutCall, int, isRecord, type Json, PAYMENT_ID, str } from './checkout-http.ts';

const STATUSES: Record<string, PayoutStatus> = { Pending: 'PENDING', Paid: 'PAID', Declined: 'DECLINED' };

/** 20057 Transaction not permitted to cardholder, 20062 Restricted card (resources/codes/response-codes). */
const NOT_ELIGIBLE = new Set(['20057', '20062']);
/** 20061 Exceeds withdrawal value/amount limits, 20065 Exceeds withdrawal frequency limit. */
const LIMIT_EXCEEDED = new Set(['20061', '20065']);

export function payoutDeclineReasonOf(responseCode: string | undefined): PayoutDeclineReason {
  if (responseCode && NOT_ELIGIBLE.has(responseCode)) return 'CARD_NOT_ELIGIBLE';
  if (responseCode && LIMIT_EXCEEDED.has(responseCode)) return 'LIMIT_EXCEEDED';
  return 'DECLINED';
}

/** A saved card's instrument id (src_ and base32, the documentation's examples): anything else never leaves this server. */
const SAVED_CARD = /^src_[a-z0-9]{10,60}$/;
/** Currency account ids: ca_ and 26 base32 characters (the documentation's examples). */
const CURRENCY_ACCOUNT = /^ca_[a-z0-9]{26}$/;

/**
 * 422 codes that name our own account or configuration, not the card: the currency account's
 * balance (amount_exceeds_balance, "The payment amount exceeds the balance", resources/codes/
 * error-codes), the processing channel, the funding source, the payout instruction. Top up or fix
 * the configuration and the same payout can go through: the processor is unavailable until then.
 */
const OUR_SIDE = /^(amount_exceeds_balance|processing_channel|source_|currency_account|instruction_|funds_transfer|billing_descriptor)/;
/** 422 codes about the amount, currency or reference we sent: a caller bug, not the card's fault. */
const REQUEST_SIDE = /^(amount_|currency_|reference_)/;

/** What we sent, for answers that leave it out (the 202 of a payout has no amount or currency). */
type PayoutFacts = Pick<PayoutInput, 'reference' | 'amount' | 'currency'>;

function payoutFromCheckout(body: Json, sent: PayoutFacts | undefined, responseCode: string | undefined): Payout {
  const payoutId = str(body.id);
  const checkoutStatus = str(body.status);
  if (!payoutId || !checkoutStatus) throw new Error('Checkout.com answered a payout without id or status');
  const status = STATUSES[checkoutStatus];
  if (!status) throw new Error(`Checkout.com payout ${payoutId} has a status we do not know for a payout: ${checkoutStatus}`);
  const currency = str(body.currency) ?? sent?.currency;
  if (!currency) throw new Error(`Checkout.com payout ${payoutId} has no currency`);
  const minor = int(body.amount);
  const amount = sent ? formatCardAmount(sent.amount, currency) : minor === undefined ? undefined : fromMinorUnits(minor, currency);
  if (!amount) throw new Error(`Checkout.com payout ${payoutId} has no amount`);
  return {
    payoutId,
    reference: str(body.reference) ?? sent?.reference ?? '',
    status,
    amount,
    currency,
    declineReason: status === 'DECLINED' ? payoutDeclineReasonOf(responseCode) : null,
  };
}

const isPayout = (entry: Json) => isRecord(entry.destination) || (isRecord(entry.source) && entry.source.type === 'currency_account');

export interface CheckoutPayoutOptions {
  call: CheckoutCall;
  /** ca_…: the currency account that funds payouts; without it payouts are unavailable. */
  currencyAccountId: string | undefined;
  /** The Funds Transfer Type the schemes assigned the account (instruction.funds_transfer_type), when it has one. */
  fundsTransferType: string | undefined;
  processingChannelId: string | undefined;
}

export function createCheckoutPayouts(options: CheckoutPayoutOptions): Pick<CardProcessorProvider, 'payout' | 'getPayout' | 'findPayout'> {
  const { call, currencyAccountId, fundsTransferType, processingChannelId } = options;
  if (currencyAccountId !== undefined && !CURRENCY_ACCOUNT.test(currencyAccountId))
    throw new Error('CHECKOUT_PAYOUT_CURRENCY_ACCOUNT_ID must look like ca_ followed by 26 characters');

  const payoutPath = (payoutId: string, action = '') => {
    if (!PAYMENT_ID.test(payoutId)) throw new Error(`"${payoutId.slice(0, 80)}" is not a Checkout.com payout id`);
    return `/payments/${payoutId}${action}`;
  };

  /** A declined payout's response code: its own, or that of its refused action. */
  async function responseCodeOf(body: Json, payoutId: string): Promise<string | undefined> {
    const own = str(body.response_code);
    if (own) return own;
    const { json } = await call('get payout actions', 'GET', payoutPath(payoutId, '/actions'), { auth: 'secret' });
    const actions = Array.isArray(json.data) ? json.data.filter(isRecord) : [];
    const refused = actions.find((action) => action.approved === false && str(action.response_code));
    return str((refused ?? actions.find((action) => str(action.response_code)))?.response_code);
  }

  async function read(body: Json, sent?: PayoutFacts): Promise<Payout> {
    const payout = payoutFromCheckout(body, sent, undefined);
    if (payout.status !== 'DECLINED') return payout;
    return payoutFromCheckout(body, sent, await responseCodeOf(body, payout.payoutId));
  }

  async function getPayout(payoutId: string): Promise<Payout> {
    try {
      const { json } = await call('get payout', 'GET', payoutPath(payoutId), { auth: 'secret' });
      return await read(json);
    } catch (error) {
      if (error instanceof CheckoutApiError && error.status === 404)
        throw new Error(`Checkout.com has no payout ${payoutId}`, { cause: error });
      throw error;
    }
  }

  return {
    async payout(input) {
      if (!currencyAccountId)
        throw new ProcessorUnavailableError(
          'Checkout.com card payouts need CHECKOUT_PAYOUT_CURRENCY_ACCOUNT_ID (the ca_… currency account that funds them)',
        );
      if (!SAVED_CARD.test(input.cardToken)) throw new CardRefusedError('TOKEN_INVALID');
      const amount = toMinorUnits(input.amount, input.currency);
      try {
        const { json } = await call('pay out to card', 'POST', '/payments', {
          auth: 'secret',
          idempotencyKey: input.idempotencyKey,
          json: {
            source: { type: 'currency_account', id: currencyAccountId },
            destination: { type: 'id', id: input.cardToken },
            amount,
            currency: input.currency,
            reference: input.reference,
            billing_descriptor: { reference: input.reference },
            ...(fundsTransferType ? { instruction: { funds_transfer_type: fundsTransferType } } : {}),
            ...(processingChannelId ? { processing_channel_id: processingChannelId } : {}),
          },
        });
        return await read(json, input);
      } catch (error) {
        if (!(error instanceof CheckoutApiError) || error.status !== 422) throw error;
        if (error.errorCodes.some((code) => OUR_SIDE.test(code))) throw new ProcessorUnavailableError(error.message);
        if (error.errorCodes.some((code) => REQUEST_SIDE.test(code))) throw error;
        // The documented refusal of a card that cannot take payouts: no payout exists.
        throw new CardRefusedError('REFUSED');
      }
    },

    getPayout,

    async findPayout(reference) {
      const query = new URLSearchParams({ limit: '10', skip: '0', reference });
      const { json } = await call('find payout', 'GET', `/payments?${query}`, { auth: 'secret' });
      const [newest] = Array.isArray(json.data) ? json.data.filter(isRecord).filter(isPayout) : [];
      const payoutId = newest && str(newest.id);
      return payoutId ? getPayout(payoutId) : null;
    },
  };
}
