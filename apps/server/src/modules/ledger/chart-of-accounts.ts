import type { LedgerAccountSpec } from './ledger.ts';

/**
 * Every account the books know, by what it holds. Fiat and crypto balance separately; the
 * trading accounts carry the exchange between them. No-overdraft accounts are enforced by the
 * database (a journal that would take one below zero is refused).
 */
export const accounts = {
  processorReceivable: (processor: string, fiat: string): LedgerAccountSpec => ({
    code: `processor-receivable:${processor}:${fiat}`,
    currency: fiat,
    normalSide: 'debit',
    description: 'card money the processor owes us',
  }),
  customerFunds: (fiat: string): LedgerAccountSpec => ({
    code: `customer-funds:${fiat}`,
    currency: fiat,
    normalSide: 'credit',
    noOverdraft: true,
    description: 'money paid by customers for orders not yet filled',
  }),
  feeRevenue: (fiat: string): LedgerAccountSpec => ({ code: `fee-revenue:${fiat}`, currency: fiat, normalSide: 'credit' }),
  networkFeeRevenue: (fiat: string): LedgerAccountSpec => ({ code: `network-fee-revenue:${fiat}`, currency: fiat, normalSide: 'credit' }),
  trading: (currency: string): LedgerAccountSpec => ({
    code: `trading:${currency}`,
    currency,
    normalSide: 'credit',
    description: 'currency exchange position',
  }),
  inventory: (crypto: string): LedgerAccountSpec => ({
    code: `inventory:${crypto}`,
    currency: crypto,
    normalSide: 'debit',
    noOverdraft: true,
    description: 'crypto we hold to sell',
  }),
  treasuryEquity: (crypto: string): LedgerAccountSpec => ({
    code: `treasury-equity:${crypto}`,
    currency: crypto,
    normalSide: 'credit',
    description: 'crypto put into inventory by the operator',
  }),
  payoutReserved: (crypto: string): LedgerAccountSpec => ({
    code: `payout-reserved:${crypto}`,
    currency: crypto,
    normalSide: 'debit',
    noOverdraft: true,
    description: 'crypto set aside for orders until their payout confirms',
  }),
  payoutOwed: (crypto: string): LedgerAccountSpec => ({
    code: `payout-owed:${crypto}`,
    currency: crypto,
    normalSide: 'credit',
    noOverdraft: true,
    description: 'crypto sold whose payout has not confirmed yet',
  }),
  depositsOwed: (crypto: string): LedgerAccountSpec => ({
    code: `deposits-owed:${crypto}`,
    currency: crypto,
    normalSide: 'credit',
    noOverdraft: true,
    description: 'crypto people sent us to sell, not sold yet or owed back to them',
  }),
  depositsFrozen: (crypto: string): LedgerAccountSpec => ({
    code: `deposits-frozen:${crypto}`,
    currency: crypto,
    normalSide: 'debit',
    noOverdraft: true,
    description: 'crypto received from a screened sender: held, never sold, until compliance decides',
  }),
  sellProceedsOwed: (fiat: string): LedgerAccountSpec => ({
    code: `sell-proceeds-owed:${fiat}`,
    currency: fiat,
    normalSide: 'credit',
    noOverdraft: true,
    description: 'money owed to sellers until their card payout is paid',
  }),
  networkFeeExpense: (coin: string): LedgerAccountSpec => ({
    code: `network-fee-expense:${coin}`,
    currency: coin,
    normalSide: 'debit',
    description: 'network fees (gas) our payouts paid',
  }),
  gasUnfunded: (coin: string): LedgerAccountSpec => ({
    code: `gas-unfunded:${coin}`,
    currency: coin,
    normalSide: 'debit',
    description: 'network fees paid beyond the booked inventory: fund the inventory to clear it',
  }),
  customerBalance: (userId: string, currency: string): LedgerAccountSpec => ({
    code: `${CUSTOMER_BALANCE_PREFIX}${userId}:${currency}`,
    currency,
    normalSide: 'credit',
    noOverdraft: true,
    description: "a person's trading-account balance: what we owe them, to buy with or withdraw",
  }),
  bankCash: (provider: string, fiat: string): LedgerAccountSpec => ({
    code: `bank-cash:${provider}:${fiat}`,
    currency: fiat,
    normalSide: 'debit',
    description: 'money on our accounts at the bank provider',
  }),
  bankSuspense: (fiat: string): LedgerAccountSpec => ({
    code: `bank-suspense:${fiat}`,
    currency: fiat,
    normalSide: 'credit',
    noOverdraft: true,
    description: 'bank credits we could not match to a person: held until an operator credits or returns them',
  }),
  withdrawalsInFlight: (fiat: string): LedgerAccountSpec => ({
    code: `withdrawals-in-flight:${fiat}`,
    currency: fiat,
    normalSide: 'credit',
    noOverdraft: true,
    description: 'withdrawals sent to the bank and not yet settled: still owed to the people until they are',
  }),
  bankReturnsUnrecovered: (fiat: string): LedgerAccountSpec => ({
    code: `bank-returns-unrecovered:${fiat}`,
    currency: fiat,
    normalSide: 'debit',
    description: 'credits the sender recalled after their money was spent: owed to us by the person, for an operator',
  }),
  disputesHeld: (fiat: string): LedgerAccountSpec => ({
    code: `disputes-held:${fiat}`,
    currency: fiat,
    normalSide: 'debit',
    noOverdraft: true,
    description: 'card money the processor took back for open disputes (chargebacks): ours again if won',
  }),
  chargebackLosses: (fiat: string): LedgerAccountSpec => ({
    code: `chargeback-losses:${fiat}`,
    currency: fiat,
    normalSide: 'debit',
    description: 'disputes lost: card money returned to cardholders for orders we delivered',
  }),
};

/** Every person's balance accounts start with this, then the person's id: balancesOf reads them by it. */
export const CUSTOMER_BALANCE_PREFIX = 'balance:';
