import Decimal from 'decimal.js';
import { accounts, type LedgerAccountSpec, movement } from '../ledger/index.ts';

/**
 * The journals of a withdrawal (docs/rules/bank-transfers.md), each keyed by the withdrawal:
 *
 *   submitted  Dr balance:PERSON:FIAT        A   Cr withdrawals-in-flight:FIAT A   (no overdraft: "Insufficient balance")
 *   settled    Dr withdrawals-in-flight:FIAT A   Cr bank-cash:PROVIDER:FIAT    A
 *   failed     the submission reversed: back into the balance (the bank rejected or returned it before it settled)
 *   returned   Dr bank-cash:PROVIDER:FIAT    A   Cr balance:PERSON:FIAT        A   (returned after it settled)
 */
export interface WithdrawalMoney {
  id: string;
  userId: string;
  provider: string;
  currency: string;
  amount: string;
}

export const withdrawalKey = (id: string, what: string) => `withdrawal:${id}:${what}`;

const move = (kind: string, money: WithdrawalMoney, what: string, debit: LedgerAccountSpec, credit: LedgerAccountSpec) =>
  movement({ kind, reference: money.id, idempotencyKey: withdrawalKey(money.id, what) }, debit, credit, new Decimal(money.amount));

export const submittedJournal = (money: WithdrawalMoney) =>
  move(
    'withdrawal',
    money,
    'submitted',
    accounts.customerBalance(money.userId, money.currency),
    accounts.withdrawalsInFlight(money.currency),
  );

export const settledJournal = (money: WithdrawalMoney) =>
  move(
    'withdrawal-settled',
    money,
    'settled',
    accounts.withdrawalsInFlight(money.currency),
    accounts.bankCash(money.provider, money.currency),
  );

export const returnedJournal = (money: WithdrawalMoney) =>
  move(
    'withdrawal-returned',
    money,
    'returned',
    accounts.bankCash(money.provider, money.currency),
    accounts.customerBalance(money.userId, money.currency),
  );

/** The submission's reversal: its key and kind, for ledger.reverse. */
export const FAILED = {
  of: (id: string) => withdrawalKey(id, 'submitted'),
  key: (id: string) => withdrawalKey(id, 'failed'),
  kind: 'withdrawal-failed',
};
