import type { QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { NetworkFee } from '../../providers/chain/chain.ts';
import { accounts, type JournalInput, movement } from '../ledger/index.ts';
export { isOverdraftError } from '../ledger/index.ts';

/**
 * The journals of a card buy (docs/trust.md "Money"), one per settlement step, each keyed by the
 * order so a retried step posts nothing twice. Currencies balance separately; the trading
 * accounts carry the exchange between them (the "trading account" method of multi-currency
 * books), so every journal sums to zero in each currency.
 *
 *   reserve   Dr payout-reserved:CRYPTO  Q      Cr inventory:CRYPTO Q   (no overdraft: no crypto, no capture)
 *   capture   Dr processor-receivable    T      Cr customer-funds  T    (the order's own processor; `klarna` for a Klarna buy;
 *                                                                          a bank-transfer buy's is Dr balance:PERSON:FIAT)
 *   purchase  Dr customer-funds          T      Cr fee-revenue F, network-fee-revenue N, trading:FIAT T-F-N
 *             Dr trading:CRYPTO          Q      Cr payout-owed:CRYPTO Q (sold, not yet on chain)
 *   payout    Dr payout-owed:CRYPTO      Q      Cr payout-reserved:CRYPTO Q   (once the chain confirms)
 *   gas       Dr network-fee-expense:COIN G     Cr inventory:COIN G     (the fee the payout paid, in the network's coin)
 *   refund    the capture reversed; a purchase is reversed, and a reservation released, before it.
 *
 * Until its payout confirms, an order's crypto stays on payout-reserved (what we hold for it)
 * against payout-owed (what we owe its buyer): a payout waiting for an operator is in the books.
 * A Klarna buy's capture and refund are the same journals under their own kinds (klarna-capture,
 * klarna-refund): the money is Klarna's to pay us, not a card processor's.
 */
export interface OrderMoney {
  id: string;
  /** The buyer: a bank-transfer buy's capture takes the money from their balance. */
  userId: string;
  processor: string;
  /** KLARNA for a Klarna buy (its capture and refund kinds); anything else is a card buy. */
  channelCode?: string;
  fiatCurrency: string;
  fiatAmount: string;
  cryptoCurrency: string;
  cryptoAmount: string;
  fees: QuoteFees;
}

const keyOf = (orderId: string, what: string) => `order:${orderId}:${what}`;
/** The reservation's key: a payout is booked against the reserve only for an order that has one. */
export const reservationKey = (orderId: string) => keyOf(orderId, 'reserve');

const isKlarna = (order: Pick<OrderMoney, 'channelCode'>) => order.channelCode === 'KLARNA';
/** A bank-transfer buy is paid from the buyer's balance (bank-payment.ts BALANCE_PROCESSOR). */
const isFromBalance = (order: Pick<OrderMoney, 'processor'>) => order.processor === 'balance';
/** The journal kinds of a buy's capture and of its refund (the capture reversed), by how it was paid. */
export const captureKindOf = (order: Pick<OrderMoney, 'channelCode' | 'processor'>) =>
  isFromBalance(order) ? 'balance-capture' : isKlarna(order) ? 'klarna-capture' : 'card-capture';
export const refundKindOf = (order: Pick<OrderMoney, 'channelCode' | 'processor'>) =>
  isFromBalance(order) ? 'balance-refund' : isKlarna(order) ? 'klarna-refund' : REVERSALS.capture.kind;

/**
 * The money is the order's: from the processor that holds the payment (a card's, Klarna), or, for a
 * bank-transfer buy, out of the buyer's balance (no overdraft: refused when it cannot cover it).
 */
export function captureJournal(order: OrderMoney): JournalInput {
  return movement(
    { kind: captureKindOf(order), reference: order.id, idempotencyKey: keyOf(order.id, 'capture') },
    isFromBalance(order)
      ? accounts.customerBalance(order.userId, order.fiatCurrency)
      : accounts.processorReceivable(order.processor, order.fiatCurrency),
    accounts.customerFunds(order.fiatCurrency),
    new Decimal(order.fiatAmount),
  );
}

export function purchaseJournal(order: OrderMoney): JournalInput {
  const total = new Decimal(order.fiatAmount);
  const ourFee = new Decimal(order.fees.ourFee);
  const networkFee = new Decimal(order.fees.networkFee);
  const crypto = new Decimal(order.cryptoAmount);
  const entries: JournalInput['entries'] = [
    { account: accounts.customerFunds(order.fiatCurrency), amount: total },
    { account: accounts.trading(order.fiatCurrency), amount: total.minus(ourFee).minus(networkFee).negated() },
    { account: accounts.trading(order.cryptoCurrency), amount: crypto },
    { account: accounts.payoutOwed(order.cryptoCurrency), amount: crypto.negated() },
  ];
  // A zero fee (a promotion could make it so) is no entry: the ledger refuses zero amounts.
  if (!ourFee.isZero()) entries.push({ account: accounts.feeRevenue(order.fiatCurrency), amount: ourFee.negated() });
  if (!networkFee.isZero()) entries.push({ account: accounts.networkFeeRevenue(order.fiatCurrency), amount: networkFee.negated() });
  return { kind: 'crypto-purchase', reference: order.id, idempotencyKey: keyOf(order.id, 'purchase'), entries };
}

/** Sets the order's crypto aside before its card is charged: refused (no overdraft) when the inventory cannot cover it. */
export function reservationJournal(order: OrderMoney): JournalInput {
  return movement(
    { kind: 'crypto-reservation', reference: order.id, idempotencyKey: reservationKey(order.id) },
    accounts.payoutReserved(order.cryptoCurrency),
    accounts.inventory(order.cryptoCurrency),
    new Decimal(order.cryptoAmount),
  );
}

/** The chain confirmed the payout: what we held for the order and what we owed its buyer both end. */
export function payoutJournal(order: OrderMoney): JournalInput {
  return movement(
    { kind: 'crypto-payout', reference: order.id, idempotencyKey: keyOf(order.id, 'payout-confirmed') },
    accounts.payoutOwed(order.cryptoCurrency),
    accounts.payoutReserved(order.cryptoCurrency),
    new Decimal(order.cryptoAmount),
  );
}

/**
 * The network fee the payout paid, in the network's coin, out of the inventory of that coin (the
 * hot wallet pays it). `from: 'unfunded'` books it against gas-unfunded instead, when the
 * inventory's books cannot cover it: the fee was paid all the same, and must not be lost.
 */
export function networkFeeJournal(orderId: string, fee: NetworkFee, from: 'inventory' | 'unfunded'): JournalInput {
  return movement(
    { kind: 'payout-network-fee', reference: orderId, idempotencyKey: keyOf(orderId, 'payout-fee') },
    accounts.networkFeeExpense(fee.asset),
    from === 'inventory' ? accounts.inventory(fee.asset) : accounts.gasUnfunded(fee.asset),
    new Decimal(fee.amount),
  );
}

/** Reversals undo what a step posted, read back from the books (Ledger.reverse), each under its own key. */
export const REVERSALS = {
  purchase: {
    of: (orderId: string) => keyOf(orderId, 'purchase'),
    kind: 'crypto-purchase-reversal',
    key: (orderId: string) => keyOf(orderId, 'purchase-reversal'),
  },
  reservation: {
    of: (orderId: string) => reservationKey(orderId),
    kind: 'crypto-reservation-release',
    key: (orderId: string) => keyOf(orderId, 'reserve-release'),
  },
  capture: { of: (orderId: string) => keyOf(orderId, 'capture'), kind: 'card-refund', key: (orderId: string) => keyOf(orderId, 'refund') },
} as const;

/** The operator puts crypto into inventory (the demo install does this once per crypto). */
export function fundInventoryJournal(crypto: string, amount: Decimal, key: string): JournalInput {
  return movement(
    { kind: 'inventory-funding', reference: `inventory:${crypto}`, idempotencyKey: key },
    accounts.inventory(crypto),
    accounts.treasuryEquity(crypto),
    amount,
  );
}
