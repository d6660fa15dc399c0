import type { QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { accounts, movement } from '../ledger/index.ts';
import type { JournalInput } from '../ledger/index.ts';

/**
 * The journals of a card sell (docs/rules/sell-deposits.md), each keyed so a repeated step posts
 * nothing twice. As for a buy, currencies balance separately and the trading accounts carry the
 * exchange.
 *
 *   deposit   Dr inventory:CRYPTO R           Cr deposits-owed:CRYPTO R   (each confirmed transfer, whatever its outcome)
 *   screened  Dr deposits-frozen:CRYPTO R     Cr deposits-owed:CRYPTO R   (a sender on a sanctions list: held, never sold)
 *   sale      Dr deposits-owed:CRYPTO S       Cr trading:CRYPTO S
 *             Dr trading:FIAT P               Cr sell-proceeds-owed:FIAT P-F, fee-revenue:FIAT F
 *   payout    Dr sell-proceeds-owed:FIAT P-F  Cr processor-receivable:FIAT P-F   (the processor paid the card)
 *   balance   Dr sell-proceeds-owed:FIAT P-F  Cr balance:PERSON:FIAT P-F         (a bank-transfer sell: paid into the balance)
 *   return    Dr deposits-owed:CRYPTO O       Cr inventory:CRYPTO O       (crypto owed back, once the chain confirms it: deposit-returns.ts)
 *
 * What was received and not sold (more than the order, a second transfer, a late one, too little to
 * sell) stays on deposits-owed: crypto we hold for the person until an operator returns it. A
 * declined payout leaves its proceeds on sell-proceeds-owed. Nothing is ever dropped.
 */
export interface SaleMoney {
  id: string;
  /** The seller: a bank-transfer sell's proceeds go to their balance. */
  userId: string;
  processor: string;
  fiatCurrency: string;
  /** What is paid out to the card. */
  fiatAmount: string;
  cryptoCurrency: string;
  /** What is sold (the matched deposit, at most the order's amount). */
  cryptoAmount: string;
  fees: QuoteFees;
}

const keyOf = (orderId: string, what: string) => `order:${orderId}:${what}`;

/** One confirmed incoming transfer, into the books: held for the person until sold or returned. */
export function depositJournal(orderId: string, transferId: string, asset: string, amount: string, screened: boolean): JournalInput {
  return movement(
    {
      kind: screened ? 'sell-deposit-frozen' : 'sell-deposit',
      reference: orderId,
      idempotencyKey: keyOf(orderId, `deposit:${transferId}`),
    },
    screened ? accounts.depositsFrozen(asset) : accounts.inventory(asset),
    accounts.depositsOwed(asset),
    new Decimal(amount),
  );
}

/** The matched crypto is sold at the quoted price: the person is owed the payout, we keep our fee. */
export function saleJournal(order: SaleMoney): JournalInput {
  const payout = new Decimal(order.fiatAmount);
  const ourFee = new Decimal(order.fees.ourFee);
  const crypto = new Decimal(order.cryptoAmount);
  const entries: JournalInput['entries'] = [
    { account: accounts.depositsOwed(order.cryptoCurrency), amount: crypto },
    { account: accounts.trading(order.cryptoCurrency), amount: crypto.negated() },
    { account: accounts.trading(order.fiatCurrency), amount: payout.plus(ourFee) },
    { account: accounts.sellProceedsOwed(order.fiatCurrency), amount: payout.negated() },
  ];
  if (!ourFee.isZero()) entries.push({ account: accounts.feeRevenue(order.fiatCurrency), amount: ourFee.negated() });
  return { kind: 'crypto-sale', reference: order.id, idempotencyKey: keyOf(order.id, 'sale'), entries };
}

/** The processor paid the card: what we owed the person is settled out of what the processor holds for us. */
export function cardPayoutJournal(order: SaleMoney): JournalInput {
  return movement(
    { kind: 'card-payout', reference: order.id, idempotencyKey: keyOf(order.id, 'card-payout') },
    accounts.sellProceedsOwed(order.fiatCurrency),
    accounts.processorReceivable(order.processor, order.fiatCurrency),
    new Decimal(order.fiatAmount),
  );
}

/** A bank-transfer sell: the proceeds are paid into the seller's balance (docs/rules/bank-transfers.md), at once. */
export function balancePayoutJournal(order: SaleMoney): JournalInput {
  return movement(
    { kind: 'balance-payout', reference: order.id, idempotencyKey: keyOf(order.id, 'balance-payout') },
    accounts.sellProceedsOwed(order.fiatCurrency),
    accounts.customerBalance(order.userId, order.fiatCurrency),
    new Decimal(order.fiatAmount),
  );
}
