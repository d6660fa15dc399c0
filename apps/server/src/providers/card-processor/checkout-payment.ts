import type { CardProcessor as CardNetwork } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { formatCardAmount, fromMinorUnits } from './card-amounts.ts';
import type { DeclineReason, Payment, PaymentStatus } from './card-processor.ts';
import { int, isRecord, type Json, str } from './checkout-http.ts';

/**
 * Reading Checkout.com's payment object (POST /payments 201/202, GET /payments/{id}) into ours.
 *
 * Statuses (docs: payments/manage-payments/get-payment-details): Pending with a `_links.redirect`
 * is a 3DS challenge; Authorized is ours, or partial when less than asked was authorised
 * (`balances.total_authorized` or `amount` below `amount_requested` / the amount we asked for);
 * Captured and Partially Captured are CAPTURED; a partial refund leaves a payment CAPTURED (as in
 * the sandbox) and only Refunded is REFUNDED; Voided, Canceled and Expired hold no money: VOIDED.
 * Paid (a payment method that settles at once) is CAPTURED. Statuses where Checkout.com has not
 * decided yet (Requested, Active, Retry Scheduled, Authentication Requested without a redirect,
 * Pending without one) and any status it adds later are PENDING: asked again later, never thrown on
 * (Checkout.com's API description and its SDKs list Paid, Active, Requested and Authentication Requested).
 */

/** Response codes of a decline (docs: resources/codes/response-codes). */
const INSUFFICIENT_FUNDS = '20051';
/** "Initial 3DS transaction not completed within 15 minutes" (the payment_authentication_failed webhook example). */
const THREE_DS_EXPIRED = '20152';
/** 3DS declines: not enrolled (20150), authentication failed (20151), 3DS malfunction (20153), 3DS required (20154). */
const THREE_DS_FAILED = new Set(['20150', '20151', '20153', '20154']);

function declineReasonOf(responseCode: string | undefined): DeclineReason {
  if (responseCode === INSUFFICIENT_FUNDS) return 'INSUFFICIENT_FUNDS';
  if (responseCode === THREE_DS_EXPIRED) return 'THREE_DS_EXPIRED';
  if (responseCode && THREE_DS_FAILED.has(responseCode)) return 'THREE_DS_FAILED';
  return 'DECLINED';
}

/** Statuses that wait on the person when a redirect (the 3DS page) comes with them, and on Checkout.com otherwise. */
const CHALLENGE_WHEN_REDIRECTED = new Set(['Pending', 'Authentication Requested']);

const STATUSES: Record<string, PaymentStatus> = {
  Pending: 'PENDING',
  'Authentication Requested': 'PENDING',
  Requested: 'PENDING',
  Active: 'PENDING',
  'Retry Scheduled': 'PENDING',
  Paid: 'CAPTURED',
  Authorized: 'AUTHORIZED',
  'Card Verified': 'AUTHORIZED',
  Declined: 'DECLINED',
  Captured: 'CAPTURED',
  'Partially Captured': 'CAPTURED',
  'Partially Refunded': 'CAPTURED',
  Refunded: 'REFUNDED',
  Voided: 'VOIDED',
  Canceled: 'VOIDED',
  // The API reference's GET /payments/{id} enum spells it "Cancelled"; the SDKs "Canceled": both hold no money.
  Cancelled: 'VOIDED',
  Expired: 'VOIDED',
};

/** What we sent, for answers that leave it out (the 202 of a 3DS payment has no amount). */
export interface PaymentRequestFacts {
  reference: string;
  amount: string;
  currency: string;
}

export function paymentFromCheckout(body: Json, sent?: PaymentRequestFacts): Payment {
  const paymentId = str(body.id);
  const checkoutStatus = str(body.status);
  if (!paymentId || !checkoutStatus) throw new Error('Checkout.com answered a payment without id or status');
  const links = isRecord(body._links) ? body._links : {};
  const redirect = isRecord(links.redirect) ? str(links.redirect.href) : undefined;
  const mapped = redirect && CHALLENGE_WHEN_REDIRECTED.has(checkoutStatus) ? 'CHALLENGE_REQUIRED' : (STATUSES[checkoutStatus] ?? 'PENDING');
  const currency = str(body.currency) ?? sent?.currency;
  if (!currency) throw new Error(`Checkout.com payment ${paymentId} has no currency`);

  const requestedMinor = int(body.amount_requested) ?? int(body.amount);
  const amount = sent
    ? formatCardAmount(sent.amount, currency)
    : requestedMinor === undefined
      ? undefined
      : fromMinorUnits(requestedMinor, currency);
  if (!amount) throw new Error(`Checkout.com payment ${paymentId} has no amount`);
  const balances = isRecord(body.balances) ? body.balances : {};
  const authorizedMinor = int(balances.total_authorized) ?? (body.approved === true ? int(body.amount) : undefined);
  const authorizedAmount =
    mapped === 'CHALLENGE_REQUIRED' || mapped === 'PENDING' || mapped === 'DECLINED' || authorizedMinor === undefined
      ? null
      : fromMinorUnits(authorizedMinor, currency);

  let status = mapped;
  if (mapped === 'AUTHORIZED' && authorizedAmount !== null && new Decimal(authorizedAmount).lt(amount)) status = 'PARTIALLY_AUTHORIZED';

  return {
    paymentId,
    reference: str(body.reference) ?? sent?.reference ?? '',
    status,
    amount,
    currency,
    authorizedAmount,
    challengeUrl: status === 'CHALLENGE_REQUIRED' ? (redirect ?? null) : null,
    declineReason: status === 'DECLINED' ? declineReasonOf(str(body.response_code)) : null,
  };
}

/** Checkout.com's scheme names ("Visa", "VISA", "Mastercard") as our networks; null for any other. */
export function networkOfScheme(scheme: string | undefined): CardNetwork | null {
  const name = scheme?.toLowerCase().replace(/[^a-z]/g, '');
  if (name === 'visa') return 'VISA';
  if (name === 'mastercard') return 'MASTER';
  return null;
}
