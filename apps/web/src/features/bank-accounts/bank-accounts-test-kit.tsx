import { type ListBankAccountResult, PATHS } from '@causeway/contracts';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { BankAccount } from './api/bank-accounts-api';
import { BankAccountsPage } from './routes/bank-accounts-page';

/** A saved account as list and add answer it. */
export const bankAccount = (overrides: Partial<BankAccount> = {}): BankAccount => ({
  bankAccountId: 'bka_1',
  kind: 'SEPA',
  currency: 'EUR',
  accountName: 'Ada Lovelace',
  bankName: 'Commerzbank',
  identifierCode: null,
  maskedNumber: 'DE89 **** 3000',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const listOf = (accounts: BankAccount[], overrides: Partial<ListBankAccountResult> = {}): ListBankAccountResult => ({
  bankAccounts: accounts,
  maxBankAccounts: 10,
  bankAccountsPerDay: 3,
  addBankAccountAvailableAt: null,
  addBankAccountWaitReason: null,
  ...overrides,
});

export const COUNTRIES = [
  { towCharCode: 'US', englishName: 'United States', chineseName: '美国', flag: '🇺🇸' },
  { towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' },
];

/**
 * The page as the server would answer it: list answers `start`, add saves (answering a new account),
 * delete removes; `routes` replace any of them.
 */
export function openBankAccounts(start: BankAccount[], routes: Record<string, Responder> = {}) {
  let accounts = [...start];
  const fake = routedHttpClient({
    [PATHS.listBankAccount]: () => listOf(accounts),
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.addBankAccount]: () => {
      const added = bankAccount({ bankAccountId: `bka_${accounts.length + 1}` });
      accounts = [...accounts, added];
      return added;
    },
    [PATHS.deleteBankAccount]: (body: { bankAccountId: string }) => {
      accounts = accounts.filter((account) => account.bankAccountId !== body.bankAccountId);
      return null;
    },
    ...routes,
  });
  const view = renderPage(<BankAccountsPage />, { path: '/:lng/bank-accounts', url: '/en/bank-accounts', client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}
