import { type AddBankAccountRequest, type BankAccount, CALL_ROUTES, type ListBankAccountResult } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { HttpClient } from '@/lib/http-client';
import { useHttpClient } from '@/lib/http-context';

export type { AddBankAccountRequest, BankAccount, ListBankAccountResult };

/**
 * The bank-account calls. None is silent: the docs/rules/errors.md reactions (a dead session → sign-in,
 * GAT9000001 → services-unavailable) apply; bank-account paths never toast a message, so the page says
 * its refusals in its own words.
 */
export function createBankAccountsApi(client: HttpClient) {
  return {
    list: () => client.call(CALL_ROUTES.listBankAccount, {}),
    add: (body: AddBankAccountRequest) => client.call(CALL_ROUTES.addBankAccount, body),
    remove: (bankAccountId: string) => client.call(CALL_ROUTES.deleteBankAccount, { bankAccountId }),
  };
}

export function useBankAccountsApi() {
  const client = useHttpClient();
  return useMemo(() => createBankAccountsApi(client), [client]);
}

export const BANK_ACCOUNTS_KEY = ['bank-accounts'] as const;

export function useBankAccounts() {
  const api = useBankAccountsApi();
  return useQuery({ queryKey: BANK_ACCOUNTS_KEY, queryFn: () => api.list() });
}
