import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHttpClient } from '@/lib/http-context';
import { createTradeApi, type CurrencyPair } from './trade-api';

/** The trade calls bound to the app's HTTP client. */
export function useTradeApi() {
  const client = useHttpClient();
  return useMemo(() => createTradeApi(client), [client]);
}

export const CARDS_KEY = ['trade', 'cards'] as const;

export function useCards({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useTradeApi();
  return useQuery({ queryKey: CARDS_KEY, queryFn: () => api.listCards(), enabled });
}

/** Where the card is typed; it does not change while the server runs. */
export function useCardFieldsConfig() {
  const api = useTradeApi();
  return useQuery({ queryKey: ['trade', 'card-fields-config'], queryFn: () => api.cardFieldsConfig(), staleTime: Infinity });
}

/** The catalogue does not change while the page is open. */
export function useCurrencies({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useTradeApi();
  return useQuery({ queryKey: ['trade', 'currencies'], queryFn: () => api.listCurrencies(), enabled, staleTime: Infinity });
}

/**
 * The card-buy pairs of every fiat, asked in parallel (one call per fiat: the contract lists pairs
 * by base currency only). Answers a map fiat → pairs once all have answered.
 */
export function usePairsByFiat(fiats: readonly string[], { enabled = true }: { enabled?: boolean } = {}) {
  const api = useTradeApi();
  return useQueries({
    queries: fiats.map((fiat) => ({ queryKey: ['trade', 'pairs', fiat], queryFn: () => api.listPairs(fiat), enabled, staleTime: 60_000 })),
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => results.forEach((result) => void result.refetch()),
      data: results.every((result) => result.data)
        ? new Map<string, CurrencyPair[]>(fiats.map((fiat, index) => [fiat, results[index]?.data ?? []]))
        : undefined,
    }),
  });
}

export function useWallets(cryptoCurrency: string, network: string) {
  const api = useTradeApi();
  return useQuery({ queryKey: ['trade', 'wallets', cryptoCurrency, network], queryFn: () => api.listWallets(cryptoCurrency, network) });
}

export function usePromotion() {
  const api = useTradeApi();
  return useQuery({ queryKey: ['trade', 'promotion'], queryFn: () => api.getPromotion() });
}
