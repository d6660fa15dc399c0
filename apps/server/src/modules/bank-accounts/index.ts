export { payeeNameMatches } from './payee-name.ts';
export { type Beneficiary, type SavedBankAccounts } from './saved-bank-account.ts';
export { bankAccountsModule } from './register.ts';
