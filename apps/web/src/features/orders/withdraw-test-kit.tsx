import { type AccountOverview, type BankAccount, type ListBankAccountResult, PATHS, type Withdrawal } from '@causeway/contracts';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/http-errors';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { balance, bankingRoutes, bankInstructions } from './banking-fixtures';
import type { Balance, BankCurrency } from './hooks/use-banking';
import { WithdrawPage } from './routes/withdraw-page';

/** Test-only: the withdraw page as the server would answer it. */

export const sepaAccount = (overrides: Partial<BankAccount> = {}): BankAccount => ({
  bankAccountId: 'bka_sepa',
  kind: 'SEPA',
  currency: 'EUR',
  accountName: 'Ann Example',
  bankName: 'Commerzbank',
  identifierCode: null,
  maskedNumber: 'DE89 **** 3000',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});
export const ukAccount = (overrides: Partial<BankAccount> = {}): BankAccount =>
  sepaAccount({ bankAccountId: 'bka_uk', kind: 'UK', currency: 'GBP', bankName: null, maskedNumber: '4000 **** 5678', ...overrides });

const listOf = (bankAccounts: BankAccount[]): ListBankAccountResult => ({
  bankAccounts,
  maxBankAccounts: 10,
  bankAccountsPerDay: 3,
  addBankAccountAvailableAt: null,
  addBankAccountWaitReason: null,
});

/** A withdrawal as submit-withdraw and withdraw/detail answer it. */
export const withdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  withdrawId: '00000000-0000-4000-8000-000000000001',
  status: 'PROCESSING',
  currency: 'EUR',
  amount: '50.00',
  bankAccountId: 'bka_sepa',
  maskedAccount: 'DE89 **** 3000',
  failReason: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  completedAt: null,
  ...overrides,
});

/** A refusal of submit-withdraw as the client rejects with it, with the envelope's data when given. */
export const withdrawRefusal = (code: string, data?: Record<string, string>) =>
  new ApiError({ kind: 'business', path: PATHS.submitWithdraw, code, msg: 'Refused', httpStatus: 400, data });

export const BOUND = { bindStatus: 'BINDED', otpStep: 'verify-otp', email: 'ann@example.com' } as const;
export const NOT_BOUND = { bindStatus: 'NONE', otpStep: 'bind-otp', email: 'ann@example.com' } as const;

interface Opening {
  url?: string;
  balances?: Balance[];
  accounts?: BankAccount[];
  withdraw?: boolean;
  binding?: typeof BOUND | typeof NOT_BOUND;
  submit?: Responder;
  detail?: Responder;
  instructions?: Responder;
  overview?: AccountOverview;
}

/**
 * Opens /en/withdraw: 200 EUR and 80 GBP, a SEPA and a UK account, an authenticator bound; submit
 * answers PROCESSING with the id sent, detail SUCCESS.
 */
export function openWithdraw({
  url = '/en/withdraw',
  balances = [balance('EUR', '200'), balance('GBP', '80')],
  accounts = [sepaAccount(), ukAccount()],
  withdraw = true,
  binding = BOUND,
  submit,
  detail,
  instructions,
  overview = accountOverview(),
}: Opening = {}) {
  const fake = routedHttpClient({
    ...bankingRoutes({ balances, withdraw }),
    [PATHS.overview]: () => overview,
    [PATHS.bankTransferInstructions]: instructions ?? ((body: { currency: BankCurrency }) => bankInstructions(body.currency)),
    [PATHS.listBankAccount]: () => listOf(accounts),
    [PATHS.authenticatorBindingStatus]: () => binding,
    [PATHS.submitWithdraw]: submit ?? ((body: { withdrawId: string }) => withdrawal({ withdrawId: body.withdrawId })),
    [PATHS.withdrawDetail]:
      detail ??
      ((body: { withdrawId: string }) =>
        withdrawal({ withdrawId: body.withdrawId, status: 'SUCCESS', completedAt: '2026-03-02T09:30:05.000Z' })),
  });
  const view = renderPage(<WithdrawPage />, { path: '/:lng/withdraw', url, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}
