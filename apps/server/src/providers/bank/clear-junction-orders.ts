import { createHash } from 'node:crypto';
import type { IncomingCredit, Payment, PaymentStatus } from './bank.ts';
import type Decimal from 'decimal.js';
import { type BankCurrency, BankDecimal, type CheckedPayment, formatBankAmount, parseBankAmount } from './bank-input.ts';
import { jsonWithAmount } from './clear-junction-http.ts';

/**
 * Clear Junction's orders in our terms (https://clearjunctionrestapi.docs.apiary.io/: "Payout",
 * "Payin", "Requisites allocation"; field names and status values as the reference's entities and
 * the clients built on it spell them). Unknown shapes answer undefined: the caller says what that means.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Json = Record<string, unknown>;
const object = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A named account's id, which is also the allocation's clientOrder and its registrant's
 * clientCustomerId: the same holder and currency always give the same one (so opening again finds
 * the allocation), and a pay-in names it back in payee.clientCustomerId. A hash keeps it within
 * 64 characters whatever the holder reference.
 */
export const clearJunctionAccountId = (holderReference: string, currency: BankCurrency): string =>
  `${currency}-${createHash('sha256').update(holderReference).digest('base64url').slice(0, 32)}`;
const ACCOUNT_ID = /^(EUR|GBP)-[A-Za-z0-9_-]{32}$/;

/** The first message of messages[] or errors[] as one line ("AC04 Account closed"), or undefined. */
export function firstMessage(json: Json): string | undefined {
  const list = Array.isArray(json.messages) ? json.messages : Array.isArray(json.errors) ? json.errors : [];
  const first = object(list[0]);
  if (!first) return undefined;
  const line = [first.code, first.message, first.details].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return line === '' ? undefined : line.slice(0, 200);
}

/**
 * A payout's status (PayoutOrderStatus: created, pending, settled, declined, canceled; the payout
 * lifecycle also shows operStatus `returned` once a payoutReturnNotification came for it).
 */
function paymentStatusOf(status: string, operStatus: string | undefined): PaymentStatus {
  if (operStatus === 'returned' || status === 'returned') return 'RETURNED';
  if (status === 'declined' || status === 'canceled' || status === 'rejected' || operStatus === 'declined') return 'REJECTED';
  if (status === 'settled') return 'SETTLED';
  return 'PENDING';
}

/** A payout order (create answer, or the status answer of /v7/gate/status/payout/...) as a Payment; undefined if it is none. */
export function paymentOfPayout(json: unknown, fallback?: { currency: string; amount: string }): Payment | undefined {
  const body = object(json);
  const orderReference = text(body?.orderReference);
  const clientOrder = text(body?.clientOrder);
  const status = text(body?.status);
  if (!body || !orderReference || !UUID.test(orderReference) || !clientOrder || !status) return undefined;
  const currency = text(body.currency) ?? fallback?.currency;
  const amount = amountOf(body.amount) ?? parseBankAmount(fallback?.amount);
  if (!currency || !amount) return undefined;
  const paymentStatus = paymentStatusOf(status, text(object(body.subStatuses)?.operStatus));
  return {
    paymentId: orderReference.toLowerCase(),
    idempotencyKey: clientOrder,
    status: paymentStatus,
    scheme: currency === 'GBP' ? 'FPS' : 'SEPA',
    currency,
    amount: formatBankAmount(amount),
    reason: paymentStatus === 'REJECTED' || paymentStatus === 'RETURNED' ? (firstMessage(body) ?? `Clear Junction: ${status}`) : null,
  };
}

/** An amount as parseKeepingAmounts left it (the decimal string written), exact; undefined unless positive with at most 2 decimals. */
function amountOf(value: unknown): Decimal | undefined {
  if (typeof value !== 'string' || !/^\d{1,20}(\.\d{1,18})?$/.test(value)) return undefined;
  const amount = new BankDecimal(value);
  return amount.isZero() || amount.decimalPlaces() > 2 ? undefined : amount;
}

/** Whether a payout Clear Junction holds under our key is the payment we are sending now (else: IDEMPOTENCY_CONFLICT). */
export function isSamePayout(json: unknown, payment: CheckedPayment): boolean {
  const body = object(json) ?? {};
  const amount = amountOf(body.amount);
  if (body.currency !== payment.currency || !amount || !amount.equals(payment.amount)) return false;
  // Where the status answer carries the requisite (paymentDetails.payeeRequisite), it must be the same account.
  const payee = object(object(body.paymentDetails)?.payeeRequisite);
  if (!payee) return true;
  const { beneficiary } = payment;
  return beneficiary.scheme === 'SEPA'
    ? text(payee.iban)?.toUpperCase() === beneficiary.iban
    : text(payee.sortCode) === beneficiary.sortCode && text(payee.accountNumber) === beneficiary.accountNumber;
}

/**
 * The payout request (PayoutBankTransferEuEntity for SEPA, PayoutBankTransferFpsEntity for Faster
 * Payments): our key as clientOrder, the reference as description, our wallet as payer, the person as
 * an individual payee (the name split at its last space: Clear Junction asks first and last names).
 */
export function payoutBody(payment: CheckedPayment, walletUuid: string, postbackUrl: string | undefined): string {
  const { beneficiary } = payment;
  const words = beneficiary.name.split(/\s+/);
  const lastName = words.at(-1) ?? beneficiary.name;
  const firstName = words.length > 1 ? words.slice(0, -1).join(' ') : lastName;
  return jsonWithAmount(
    {
      clientOrder: payment.idempotencyKey,
      currency: payment.currency,
      description: payment.reference,
      ...(postbackUrl ? { postbackUrl } : {}),
      payer: { walletUuid },
      payee: { individual: { firstName, lastName } },
      payeeRequisite:
        beneficiary.scheme === 'SEPA'
          ? { iban: beneficiary.iban, ...(beneficiary.bic ? { bankSwiftCode: beneficiary.bic } : {}) }
          : { sortCode: beneficiary.sortCode, accountNumber: beneficiary.accountNumber },
    },
    payment.amount.toFixed(2),
  );
}

/**
 * A pay-in (the status answer of /v7/gate/status/invoice/..., PayinOrderStatus) as an
 * IncomingCredit: captured or settled is RECEIVED; returned, declined, rejected, canceled or expired
 * is RETURNED (the money is not, or no longer, ours); anything else is not final yet ('pending').
 */
export function creditOfPayin(json: unknown): IncomingCredit | 'pending' | undefined {
  const body = object(json);
  const orderReference = text(body?.orderReference);
  const status = text(body?.status);
  const amount = amountOf(body?.amount);
  const currency = text(body?.currency);
  if (!body || !orderReference || !UUID.test(orderReference) || !status || !amount || !currency) return undefined;
  if (body.transactionType !== undefined && body.transactionType !== 'Payin') return undefined;
  const received = status === 'captured' || status === 'settled';
  const returned = ['returned', 'declined', 'rejected', 'canceled', 'expired'].includes(status);
  if (!received && !returned) return 'pending';
  const details = object(body.paymentDetails) ?? {};
  const payer = object(details.payerRequisite) ?? {};
  const clientCustomerId = text(object(body.payee)?.clientCustomerId);
  const payerAccount =
    text(payer.iban) ??
    (text(payer.sortCode) && text(payer.accountNumber) ? `${payer.sortCode} ${payer.accountNumber}` : text(payer.bankAccountNumber));
  const receivedAt = new Date(text(body.createdAt) ?? text(body.operTimestamp) ?? '');
  if (Number.isNaN(receivedAt.getTime())) return undefined;
  return {
    creditId: orderReference.toLowerCase(),
    accountId: clientCustomerId && ACCOUNT_ID.test(clientCustomerId) ? clientCustomerId : null,
    currency,
    amount: formatBankAmount(amount),
    reference: (text(details.description) ?? '').trim().slice(0, 140),
    payerName: (text(payer.name) ?? '').trim().slice(0, 140),
    payerAccount: payerAccount ? payerAccount.slice(0, 64) : null,
    status: received ? 'RECEIVED' : 'RETURNED',
    receivedAt,
  };
}
