import Decimal from 'decimal.js';
import { accounts, type LedgerAccountSpec, movement } from '../ledger/index.ts';

/**
 * The journals of money by bank transfer (docs/rules/bank-transfers.md), each keyed by the credit's
 * row, so a credit read twice posts once:
 *
 *   deposit            Dr bank-cash:PROVIDER:FIAT  A    Cr balance:PERSON:FIAT A
 *   suspense           Dr bank-cash:PROVIDER:FIAT  A    Cr bank-suspense:FIAT  A
 *   return (deposited) Dr balance:PERSON:FIAT      A    Cr bank-cash           A   (no overdraft: refused when spent)
 *   return (spent)     Dr bank-returns-unrecovered A    Cr bank-cash           A   (an operator recovers it)
 *   return (suspense)  Dr bank-suspense:FIAT       A    Cr bank-cash           A
 *   assigned           Dr bank-suspense:FIAT       A    Cr balance:PERSON:FIAT A   (an operator credited it to the person)
 *
 * A credit in suspense an operator marks to return posts nothing then: its return journal (suspense) is
 * posted when the bank reports it RETURNED, as any return is. An assigned credit returned later is taken
 * from the person's balance, as a deposit's return is (its row now names the person).
 */
export interface CreditMoney {
  /** Our row's id (bank_credits.id): the journals' reference. */
  id: string;
  provider: string;
  currency: string;
  amount: string;
  userId: string | null;
}

const keyOf = (creditRowId: string, what: string) => `bank-credit:${creditRowId}:${what}`;

const move = (kind: string, credit: CreditMoney, what: string, debit: LedgerAccountSpec, creditTo: LedgerAccountSpec) =>
  movement({ kind, reference: credit.id, idempotencyKey: keyOf(credit.id, what) }, debit, creditTo, new Decimal(credit.amount));

const personOf = (credit: CreditMoney) => {
  if (!credit.userId) throw new Error(`bank credit ${credit.id} has no person to credit`);
  return credit.userId;
};

export const depositJournal = (credit: CreditMoney) =>
  move(
    'bank-deposit',
    credit,
    'in',
    accounts.bankCash(credit.provider, credit.currency),
    accounts.customerBalance(personOf(credit), credit.currency),
  );

export const suspenseJournal = (credit: CreditMoney) =>
  move('bank-suspense', credit, 'in', accounts.bankCash(credit.provider, credit.currency), accounts.bankSuspense(credit.currency));

export const depositReturnJournal = (credit: CreditMoney) =>
  move(
    'bank-deposit-returned',
    credit,
    'returned',
    accounts.customerBalance(personOf(credit), credit.currency),
    accounts.bankCash(credit.provider, credit.currency),
  );

export const unrecoveredReturnJournal = (credit: CreditMoney) =>
  move(
    'bank-return-unrecovered',
    credit,
    'returned',
    accounts.bankReturnsUnrecovered(credit.currency),
    accounts.bankCash(credit.provider, credit.currency),
  );

export const suspenseReturnJournal = (credit: CreditMoney) =>
  move(
    'bank-suspense-returned',
    credit,
    'returned',
    accounts.bankSuspense(credit.currency),
    accounts.bankCash(credit.provider, credit.currency),
  );

/** An operator credited a credit held in suspense to the person they found it belongs to (suspense-actions.ts). */
export const suspenseAssignedJournal = (credit: CreditMoney) =>
  move(
    'bank-suspense-assigned',
    credit,
    'assigned',
    accounts.bankSuspense(credit.currency),
    accounts.customerBalance(personOf(credit), credit.currency),
  );
