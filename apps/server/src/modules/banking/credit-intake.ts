import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { afterCommit, type RunInTransaction } from '../../platform/transaction.ts';
import type { BankProvider, IncomingCredit } from '../../providers/bank/bank.ts';
import { isOverdraftError, type Ledger } from '../ledger/index.ts';
import {
  type CreditMoney,
  depositJournal,
  depositReturnJournal,
  suspenseJournal,
  suspenseReturnJournal,
  unrecoveredReturnJournal,
} from './bank-journals.ts';
import { referencesIn } from './bank-references.ts';
import type { BankCreditRow, BankingRepository } from './banking.repository.ts';
import { decideCredit } from './credit-decision.ts';

/** What the intake needs of bank-transfer buys (the orders module's, bound late: orders registers after banking). */
export interface BankBuys {
  /** The bank-transfer buys whose reference is one of these, with their owner. */
  byReferences(references: string[]): Promise<Array<{ id: string; userId: string }>>;
  /** Money for the order reached its owner's balance: look at it now rather than at its next poll. */
  wake(orderId: string): Promise<void>;
}

/**
 * Every credit the bank reports goes through here, from a webhook or a poll, any number of times
 * (docs/rules/bank-transfers.md): recorded once by the provider's id, decided (credit-decision.ts),
 * and booked in the same transaction. A return (the sender's bank recalled it) takes the money back
 * out of where it went: the balance, or suspense; from a balance already spent, the shortfall is
 * booked for an operator, never taken below zero.
 */
export function createCreditIntake(deps: {
  repository: BankingRepository;
  ledger: Ledger;
  bank: Pick<BankProvider, 'kind'>;
  transaction: RunInTransaction;
  savepoint: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
  verifiedNameOf: (userId: string) => Promise<string | null>;
  namesMatch: (payerName: string, verifiedName: string) => boolean;
  balanceCurrencies: readonly string[];
  bankBuys: () => BankBuys;
}) {
  const { repository, ledger, clock } = deps;
  const provider = deps.bank.kind;

  const moneyOf = (row: BankCreditRow): CreditMoney => ({ ...row, provider: row.provider });

  async function decide(credit: IncomingCredit) {
    const references = referencesIn(credit.reference);
    const account = credit.accountId ? ((await repository.accountOwner(provider, credit.accountId)) ?? null) : null;
    return decideCredit({
      currency: credit.currency,
      payerName: credit.payerName,
      account,
      referencedPeople: await repository.peopleWithReferences(references),
      referencedOrders: await deps.bankBuys().byReferences(references),
      verifiedName: deps.verifiedNameOf,
      namesMatch: deps.namesMatch,
      balanceCurrencies: deps.balanceCurrencies,
    });
  }

  /** Books a credit the first time it is seen; a credit seen again only has its return applied, if it has one now. */
  async function record(credit: IncomingCredit): Promise<BankCreditRow> {
    const known = await repository.credit(provider, credit.creditId);
    if (known) return credit.status === 'RETURNED' ? applyReturn(known) : known;
    const decision = await decide(credit);
    const row = await deps.transaction(async () => {
      const inserted = await repository.insertCredit({
        id: newId('bcr'),
        provider,
        creditId: credit.creditId,
        accountId: credit.accountId,
        userId: decision.userId,
        orderId: decision.outcome === 'DEPOSITED' ? decision.orderId : null,
        currency: credit.currency,
        amount: credit.amount,
        reference: credit.reference.slice(0, 140),
        payerName: credit.payerName.slice(0, 140),
        payerAccount: credit.payerAccount?.slice(0, 64) ?? null,
        outcome: decision.outcome,
        suspenseReason: decision.outcome === 'SUSPENSE' ? decision.reason : null,
        receivedAt: credit.receivedAt,
        recordedAt: clock.now(),
        returnedAt: null,
        resolvedAt: null,
        resolution: null,
        resolvedBy: null,
        resolutionReason: null,
      });
      // Another delivery of the same credit won the race: it booked it.
      if (!inserted) return null;
      await ledger.post(inserted.outcome === 'DEPOSITED' ? depositJournal(moneyOf(inserted)) : suspenseJournal(moneyOf(inserted)));
      const orderId = inserted.orderId;
      if (orderId) afterCommit(() => void deps.bankBuys().wake(orderId));
      return inserted;
    });
    if (!row) return (await repository.credit(provider, credit.creditId))!;
    if (row.outcome === 'SUSPENSE')
      deps.log.warn({ creditId: row.id, reason: row.suspenseReason }, 'bank credit held in suspense for an operator');
    return credit.status === 'RETURNED' ? applyReturn(row) : row;
  }

  async function applyReturn(row: BankCreditRow): Promise<BankCreditRow> {
    await deps.transaction(async () => {
      if (!(await repository.markReturned(row.id, clock.now()))) return;
      // Read again under the return's mark: an operator may have credited it to a person since `row` was read.
      const current = (await repository.creditById(row.id)) ?? row;
      if (current.outcome === 'SUSPENSE' && current.resolution !== 'ASSIGNED') {
        // Still in suspense (undecided, or marked to return by an operator: this is that return): out of suspense.
        await ledger.post(suspenseReturnJournal(moneyOf(current)));
        await repository.closeReturnedSuspense(current.id, clock.now());
        return;
      }
      // In a balance: deposited, or credited to a person by an operator (its row names them now).
      try {
        await deps.savepoint(() => ledger.post(depositReturnJournal(moneyOf(current))));
      } catch (error) {
        if (!isOverdraftError(error)) throw error;
        // The money was spent before the bank took it back: the shortfall is the person's debt, for an operator.
        await ledger.post(unrecoveredReturnJournal(moneyOf(current)));
        deps.log.warn({ creditId: row.id }, 'a returned bank credit was already spent: booked for an operator to recover');
      }
    });
    return (await repository.credit(provider, row.creditId)) ?? row;
  }

  return { record };
}

export type CreditIntake = ReturnType<typeof createCreditIntake>;
