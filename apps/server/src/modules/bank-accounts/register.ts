import { defineModule } from '../../platform/server-module.ts';
import { createBankAccountsModule } from './bank-accounts.module.ts';
import { registerBankAccountRoutes } from './bank-accounts.routes.ts';
import type { SavedBankAccounts } from './saved-bank-account.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    'bank-accounts': SavedBankAccounts;
  }
}

/** Saved bank accounts: where a person's withdrawals and bank-transfer sells are paid. */
export const bankAccountsModule = defineModule('bank-accounts', ({ app, db, unitOfWork, clock, faces }) => {
  const kyc = faces.get('kyc');
  const bankAccounts = createBankAccountsModule({
    db,
    clock,
    transaction: (work) => unitOfWork.transaction(work),
    kycStatusOf: async (userId) => (await kyc.verificationOf(userId))?.kycStatus,
    verifiedNameOf: (userId) => kyc.verifiedNameOf(userId),
  });
  registerBankAccountRoutes(app, { bankAccounts: bankAccounts.service });
  return bankAccounts.savedBankAccounts;
});
