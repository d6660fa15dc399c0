import type { QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { JournalInput, LedgerAccountSpec } from '../ledger/ledger.repository.ts';

/**
 * The journals of a card buy (trust.md "Money"), one per settlement step, each keyed by the
 * order so a retried step posts nothing twice. Currencies balance separately; the trading
 * accounts carry the exchange between them (the "trading account" method of multi-currency
 * books), so every journal sums to zero in each currency.
 *
 *   capture   Dr processor-receivable  T      Cr customer-funds  T
 *   purchase  Dr customer-funds        T      Cr fee-revenue F, network-fee-revenue N, trading:FIAT T-F-N
 *             Dr trading:CRYPTO        Q      Cr inventory:CRYPTO Q   (no overdraft: no crypto, no sale)
 *   refund    the capture reversed;  a purchase is reversed before its refund.
 */
export const accounts = {
  processorReceivable: (processor: string, fiat: string): LedgerAccountSpec => ({ code: `processor-receivable:${processor}:${fiat}`, currency: fiat, normalSide: 'debit', description: 'card money the processor owes us' }),
  customerFunds: (fiat: string): LedgerAccountSpec => ({ code: `customer-funds:${fiat}`, currency: fiat, normalSide: 'credit', noOverdraft: true, description: 'money paid by customers for orders not yet filled' }),
  feeRevenue: (fiat: string): LedgerAccountSpec => ({ code: `fee-revenue:${fiat}`, currency: fiat, normalSide: 'credit' }),
  networkFeeRevenue: (fiat: string): LedgerAccountSpec => ({ code: `network-fee-revenue:${fiat}`, currency: fiat, normalSide: 'credit' }),
  trading: (currency: string): LedgerAccountSpec => ({ code: `trading:${currency}`, currency, normalSide: 'credit', description: 'currency exchange position' }),
  inventory: (crypto: string): LedgerAccountSpec => ({ code: `inventory:${crypto}`, currency: crypto, normalSide: 'debit', noOverdraft: true, description: 'crypto we hold to sell' }),
  treasuryEquity: (crypto: string): LedgerAccountSpec => ({ code: `treasury-equity:${crypto}`, currency: crypto, normalSide: 'credit', description: 'crypto put into inventory by the operator' }),
};

export interface OrderMoney {
  id: string;
  processor: string;
  fiatCurrency: string;
  fiatAmount: string;
  cryptoCurrency: string;
  cryptoAmount: string;
  fees: QuoteFees;
}

const keyOf = (orderId: string, what: string) => `order:${orderId}:${what}`;

export function captureJournal(order: OrderMoney): JournalInput {
  const total = new Decimal(order.fiatAmount);
  return {
    kind: 'card-capture',
    reference: order.id,
    idempotencyKey: keyOf(order.id, 'capture'),
    entries: [
      { account: accounts.processorReceivable(order.processor, order.fiatCurrency), amount: total },
      { account: accounts.customerFunds(order.fiatCurrency), amount: total.negated() },
    ],
  };
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
    { account: accounts.inventory(order.cryptoCurrency), amount: crypto.negated() },
  ];
  // A zero fee (a promotion could make it so) is no entry: the ledger refuses zero amounts.
  if (!ourFee.isZero()) entries.push({ account: accounts.feeRevenue(order.fiatCurrency), amount: ourFee.negated() });
  if (!networkFee.isZero()) entries.push({ account: accounts.networkFeeRevenue(order.fiatCurrency), amount: networkFee.negated() });
  return { kind: 'crypto-purchase', reference: order.id, idempotencyKey: keyOf(order.id, 'purchase'), entries };
}

/** The same entries with their signs turned: the correction of a posted journal (never an edit). */
export function reversalOf(journal: JournalInput, what: string, reversesJournalId?: string): JournalInput {
  return {
    kind: `${journal.kind}-reversal`,
    reference: journal.reference,
    idempotencyKey: keyOf(journal.reference, what),
    ...(reversesJournalId ? { reverses: reversesJournalId } : {}),
    entries: journal.entries.map((entry) => ({ account: entry.account, amount: entry.amount.negated() })),
  };
}

export const refundJournal = (order: OrderMoney): JournalInput => ({ ...reversalOf(captureJournal(order), 'refund'), kind: 'card-refund' });
export const purchaseReversalJournal = (order: OrderMoney): JournalInput => reversalOf(purchaseJournal(order), 'purchase-reversal');

/** The operator puts crypto into inventory (the demo install does this once per crypto). */
export function fundInventoryJournal(crypto: string, amount: Decimal, key: string): JournalInput {
  return {
    kind: 'inventory-funding',
    reference: `inventory:${crypto}`,
    idempotencyKey: key,
    entries: [
      { account: accounts.inventory(crypto), amount },
      { account: accounts.treasuryEquity(crypto), amount: amount.negated() },
    ],
  };
}

/** The database refused a posting because an account would go below zero (no crypto left to sell). */
export function isOverdraftError(error: unknown): boolean {
  // The driver's error, or the ORM's wrapping of it (its cause), names the CHECK that refused.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { constraint, message } = current as { constraint?: string; message?: string };
    if (constraint === 'ledger_accounts_no_overdraft' || String(message ?? '').includes('ledger_accounts_no_overdraft')) return true;
  }
  return false;
}
