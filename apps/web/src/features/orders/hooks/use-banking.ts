import { type Balance, type BankTransferInstructions, CALL_ROUTES, ErrorCode } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHttpClient } from '@/lib/http-context';
import { isApiError, isError } from '@/lib/http-errors';

export type { Balance, BankTransferInstructions };
export type BankCurrency = BankTransferInstructions['currency'];

/**
 * The currencies a bank transfer may be paid in, the default first (docs/rules/screens.md: "Bank-transfer
 * deposit and withdraw default to EUR"). Written here rather than imported: the contracts' list sits
 * beside its zod schemas, and no page loads Zod (issue 16).
 */
export const BANK_CURRENCIES = ['EUR', 'GBP'] as const satisfies readonly BankCurrency[];

export const isBankCurrency = (value: string | null | undefined): value is BankCurrency =>
  (BANK_CURRENCIES as readonly string[]).includes(value ?? '');

/** The query key of the balances: whatever changes them (a deposit seen, an order paid) refreshes it. */
export const BALANCES_KEY = ['banking', 'balances'] as const;

/**
 * The person's trading-account balances (balance/list). Silent, then reported: the page shows its
 * own error with Try again, and a dead session still goes to sign-in (docs/rules/errors.md).
 */
export function useBalances() {
  const client = useHttpClient();
  const query = useQuery({
    queryKey: BALANCES_KEY,
    queryFn: async ({ signal }) => (await client.call(CALL_ROUTES.listBalance, undefined, { silent: true, signal })).balances,
  });
  const { error } = query;
  useEffect(() => {
    if (error) client.report(error);
  }, [client, error]);
  return query;
}

/**
 * Where to send a bank transfer in `currency` (bank-transfer/instructions). A POST, yet read as a
 * query: the server opens the person's account on the first ask and answers the same account and
 * reference ever after, so asking again changes nothing, and switching currencies back and forth
 * need not ask twice. A business refusal (not verified yet) is the page's to word, and is not retried.
 */
export function useBankTransferInstructions(currency: BankCurrency, { enabled }: { enabled: boolean }) {
  const client = useHttpClient();
  const query = useQuery({
    queryKey: ['banking', 'instructions', currency],
    queryFn: ({ signal }) => client.call(CALL_ROUTES.bankTransferInstructions, { currency }, { silent: true, signal }),
    enabled,
    staleTime: Infinity,
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.kind === 'business'),
  });
  const { error } = query;
  useEffect(() => {
    if (error && !isVerificationRequired(error)) client.report(error);
  }, [client, error]);
  return query;
}

/** The server's refusal of a person whose identity is not verified yet (ODR00001004). */
export const isVerificationRequired = (error: unknown): boolean => isError(error, ErrorCode.IdentityVerificationRequired);
