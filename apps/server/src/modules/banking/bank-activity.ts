import type { BankActivity } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { SavedBankAccounts } from '../bank-accounts/index.ts';
import type { BankingRepository, BankCreditRow } from './banking.repository.ts';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.ts';

/** How many of each the list reads (it answers this many in all, newest first). */
const LATEST = 50;

/** A credit an operator took out of suspense into the person's balance (suspense-actions.ts) is credited, as a deposit is. */
const depositStatus = (row: BankCreditRow): BankActivity['status'] =>
  row.returnedAt ? 'RETURNED' : row.outcome === 'SUSPENSE' && row.resolution !== 'ASSIGNED' ? 'IN_REVIEW' : 'CREDITED';

/**
 * The trading account's movements for its owner: credits that named them (deposited, or held for
 * review with them named: a payment from someone else's account) and their withdrawals.
 */
export function createBankActivity(deps: {
  repository: Pick<BankingRepository, 'creditsOf'>;
  withdrawals: Pick<WithdrawalsRepository, 'latestOf'>;
  bankAccounts: Pick<SavedBankAccounts, 'bankAccountById'>;
}) {
  const ofWithdrawal = async (row: WithdrawalRow): Promise<BankActivity> => ({
    kind: 'withdrawal',
    id: row.id,
    currency: row.currency,
    amount: new Decimal(row.amount).toFixed(2),
    status: row.status as BankActivity['status'],
    detail: (await deps.bankAccounts.bankAccountById(row.bankAccountId))?.maskedNumber ?? '',
    createdAt: row.createdAt.toISOString(),
  });
  return async function activityOf(userId: string): Promise<BankActivity[]> {
    const [credits, withdrawals] = await Promise.all([
      deps.repository.creditsOf(userId, LATEST),
      deps.withdrawals.latestOf(userId, LATEST),
    ]);
    const items: BankActivity[] = [
      ...credits.map((row) => ({
        kind: 'deposit' as const,
        id: row.id,
        currency: row.currency,
        amount: new Decimal(row.amount).toFixed(2),
        status: depositStatus(row),
        detail: row.reference,
        createdAt: row.receivedAt.toISOString(),
      })),
      ...(await Promise.all(withdrawals.map(ofWithdrawal))),
    ];
    return items.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, LATEST);
  };
}
