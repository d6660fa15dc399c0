import { type BankAccount, type BankActivity, CALL_ROUTES, type SubmitWithdrawRequest, type Withdrawal } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHttpClient } from '@/lib/http-context';
import { BALANCES_KEY, type BankCurrency } from './use-banking';

export type { BankAccount, BankActivity, SubmitWithdrawRequest, Withdrawal };

/**
 * The saved account kind that can receive each currency (docs/rules/bank-accounts.md): EUR by SEPA,
 * GBP by Faster Payments to a UK account. The server refuses any other pairing (ODR00001025).
 */
export const ACCOUNT_KIND_OF: Record<BankCurrency, BankAccount['kind']> = { EUR: 'SEPA', GBP: 'UK' };

/** The same key as the bank-accounts page's list: an account added there shows here at once. */
const BANK_ACCOUNTS_KEY = ['bank-accounts'] as const;
export const BANK_ACTIVITY_KEY = ['banking', 'activity'] as const;
const withdrawalKey = (withdrawId: string) => ['banking', 'withdrawal', withdrawId] as const;

/** withdrawDetail is asked this often while the bank settles a withdrawal (the sandbox takes seconds). */
export const WITHDRAW_POLL_MS = 2000;
/** Five minutes of polls; past them the page stops asking by itself and offers Check again. */
export const WITHDRAW_POLL_MAX = 150;

/** The query whose failure goes through `client.report` (docs/rules/errors.md: a dead session goes to sign-in). */
function useReported(error: unknown) {
  const client = useHttpClient();
  useEffect(() => {
    if (error) client.report(error);
  }, [client, error]);
}

/** The person's saved bank accounts (bank-account/list), the ones a withdrawal may pay. */
export function useSavedBankAccounts() {
  const client = useHttpClient();
  const query = useQuery({
    queryKey: BANK_ACCOUNTS_KEY,
    // The whole answer under the key, as that page keeps it; this page reads its accounts.
    queryFn: ({ signal }) => client.call(CALL_ROUTES.listBankAccount, {}, { silent: true, signal }),
    select: (list) => list.bankAccounts,
  });
  useReported(query.error);
  return query;
}

/** The trading account's deposits and withdrawals, newest first (at most 50). */
export function useBankActivity() {
  const client = useHttpClient();
  const query = useQuery({
    queryKey: BANK_ACTIVITY_KEY,
    queryFn: async ({ signal }) => (await client.call(CALL_ROUTES.listBankActivity, undefined, { silent: true, signal })).items,
  });
  useReported(query.error);
  return query;
}

/**
 * submit-withdraw. Not silent: a dead session still goes to sign-in; its path toasts no message
 * (docs/rules/errors.md), so the form words each refusal itself.
 */
export function useSubmitWithdraw() {
  const client = useHttpClient();
  return (body: SubmitWithdrawRequest) => client.call(CALL_ROUTES.submitWithdraw, body);
}

export const isFinalWithdrawal = (withdrawal: Pick<Withdrawal, 'status'>) => withdrawal.status !== 'PROCESSING';

/**
 * One withdrawal (withdraw/detail), asked again every 2 s until the bank settles it, for at most
 * WITHDRAW_POLL_MAX asks (`stalled` then). Once settled, the balance and the activity are asked
 * again: a FAILED withdrawal put the money back.
 */
export function useWithdrawal(withdrawId: string, first?: Withdrawal) {
  const client = useHttpClient();
  const queries = useQueryClient();
  const query = useQuery({
    queryKey: withdrawalKey(withdrawId),
    queryFn: ({ signal }) => client.call(CALL_ROUTES.withdrawDetail, { withdrawId }, { silent: true, signal }),
    ...(first?.withdrawId === withdrawId ? { initialData: first, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (current) =>
      current.state.data && isFinalWithdrawal(current.state.data)
        ? false
        : current.state.dataUpdateCount >= WITHDRAW_POLL_MAX || current.state.error
          ? false
          : WITHDRAW_POLL_MS,
  });
  useReported(query.error);
  const settled = query.data ? isFinalWithdrawal(query.data) : false;
  useEffect(() => {
    if (!settled) return;
    void queries.invalidateQueries({ queryKey: BALANCES_KEY });
    void queries.invalidateQueries({ queryKey: BANK_ACTIVITY_KEY });
  }, [queries, settled]);
  const asked = queries.getQueryState(withdrawalKey(withdrawId))?.dataUpdateCount ?? 0;
  const stalled = !settled && !query.isFetching && asked >= WITHDRAW_POLL_MAX;
  return { ...query, stalled };
}
