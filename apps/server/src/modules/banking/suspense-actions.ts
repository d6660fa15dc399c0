import { ErrorCode } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { Ledger } from '../ledger/index.ts';
import { suspenseAssignedJournal } from './bank-journals.ts';
import { referencesIn } from './bank-references.ts';
import type { BankCreditRow, BankingRepository } from './banking.repository.ts';

/** Whom an operator credits a credit in suspense to: a person by id, or by their deposit reference. */
export type SuspensePerson = { userId: string } | { reference: string };

/** An operator's decision on a credit in suspense (docs/rules/bank-transfers.md "Suspense: an operator decides"). */
export type SuspenseAction =
  { creditId: string; action: 'assign'; person: SuspensePerson; reason: string } | { creditId: string; action: 'return'; reason: string };

export interface SuspenseActionDone {
  creditId: string;
  resolution: 'ASSIGNED' | 'TO_RETURN';
  /** The person credited (ASSIGNED); null for a credit to return. */
  userId: string | null;
  currency: string;
  amount: string;
}

/**
 * What an operator does with a bank credit held in suspense (docs/rules/bank-transfers.md): credit it to
 * the person it belongs to, or send it back to the payer. Each is decided once, by compare-and-set on the
 * credit's row (a second click, a second operator, or the bank's own return first: WaitingItemSettled),
 * and the decision and its journal commit together (inside the desk's act, with its audit row).
 *
 * - assign: `Dr bank-suspense  Cr balance:<person>` (keyed by the credit: posts once), the row then names the
 *   person and is resolved. Only in a currency balances are kept in (else SuspenseCurrencyNotKept: return it).
 * - return: the bank provider offers no return call (providers/bank/bank.ts), so the operator returns it in the
 *   vendor's portal; the row is marked TO_RETURN and stays listed. When the bank reports the credit RETURNED,
 *   the intake posts the suspense return (`Dr bank-suspense  Cr bank-cash`) and resolves it, as any return.
 */
export function createSuspenseActions(deps: {
  repository: BankingRepository;
  ledger: Ledger;
  transaction: RunInTransaction;
  clock: Clock;
  /** The account's status (identity's), or undefined for no such account. */
  accountStatusOf: (userId: string) => Promise<string | undefined>;
  balanceCurrencies: readonly string[];
}) {
  const { repository, clock } = deps;

  /** The account named, by id or deposit reference; refused unless it is open (money held for a review is not given to a closed account). */
  async function personOf(person: SuspensePerson): Promise<string> {
    let userId: string;
    if ('userId' in person) userId = person.userId;
    else {
      // Read as a transfer's text is: case, spaces and punctuation do not matter.
      const people = await repository.peopleWithReferences(referencesIn(person.reference));
      if (people.length !== 1) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No person has this deposit reference.');
      userId = people[0]!;
    }
    const status = await deps.accountStatusOf(userId);
    if (status === undefined) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such person.');
    if (status === 'Blocked' || status === 'Terminated')
      throw new AppError(ErrorCode.SuspensePersonClosed, `The account is ${status}: return the money to the payer instead.`);
    return userId;
  }

  const done = (row: BankCreditRow): SuspenseActionDone => ({
    creditId: row.id,
    resolution: row.resolution as SuspenseActionDone['resolution'],
    userId: row.resolution === 'ASSIGNED' ? row.userId : null,
    currency: row.currency,
    amount: new Decimal(row.amount).toFixed(2),
  });

  return {
    /** Decides a credit in suspense for `operatorId`, once; inside the caller's transaction when there is one. */
    decide(input: SuspenseAction, operatorId: string): Promise<SuspenseActionDone> {
      return deps.transaction(async () => {
        const credit = await repository.creditById(input.creditId);
        if (!credit || credit.outcome !== 'SUSPENSE') throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such credit in suspense.');
        // Decided already: said first, whatever else is wrong with the request (the CAS below is the guard).
        if (credit.resolution || credit.resolvedAt || credit.returnedAt) throw new AppError(ErrorCode.WaitingItemSettled);
        const reason = input.reason.trim();
        if (input.action === 'return') {
          const decided = await repository.decideSuspense(credit.id, { resolution: 'TO_RETURN', operatorId, reason, at: clock.now() });
          if (!decided) throw new AppError(ErrorCode.WaitingItemSettled);
          return done(decided);
        }
        if (!deps.balanceCurrencies.includes(credit.currency)) throw new AppError(ErrorCode.SuspenseCurrencyNotKept);
        const userId = await personOf(input.person);
        const decided = await repository.decideSuspense(credit.id, { resolution: 'ASSIGNED', userId, operatorId, reason, at: clock.now() });
        if (!decided) throw new AppError(ErrorCode.WaitingItemSettled);
        await deps.ledger.post(suspenseAssignedJournal({ ...decided, userId }));
        return done(decided);
      });
    },
  };
}

export type SuspenseActions = ReturnType<typeof createSuspenseActions>;
