import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { toBeneficiary } from './bank-account-rows.ts';
import { createBankAccountService } from './bank-account.service.ts';
import { createBankAccountsRepository } from './bank-accounts.repository.ts';
import type { SavedBankAccounts } from './saved-bank-account.ts';

/** Saved bank accounts: the person's list, adding and deleting (the routes), and the lookups payouts pay with. */
export function createBankAccountsModule(deps: {
  db: Database;
  clock: Clock;
  transaction: RunInTransaction;
  kycStatusOf: (userId: string) => Promise<string | undefined>;
  verifiedNameOf: (userId: string) => Promise<string | null>;
}) {
  const repository = createBankAccountsRepository(deps.db);
  const savedBankAccounts: SavedBankAccounts = {
    async bankAccountForPayout(personId, bankAccountId) {
      const row = await repository.findLive(personId, bankAccountId);
      return row && toBeneficiary(row);
    },
    async bankAccountById(bankAccountId) {
      const row = await repository.findById(bankAccountId);
      return row && toBeneficiary(row);
    },
  };
  const service = createBankAccountService({
    bankAccounts: repository,
    clock: deps.clock,
    transaction: deps.transaction,
    kycStatusOf: deps.kycStatusOf,
    verifiedNameOf: deps.verifiedNameOf,
  });
  return { service, savedBankAccounts };
}

export type BankAccountsModule = ReturnType<typeof createBankAccountsModule>;
