import type { ChannelCode } from '@causeway/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { useCurrencyCatalogue } from '@/lib/currency-catalogue';
import { useHttpClient } from '@/lib/http-context';
import { useApiMutation } from '@/lib/use-api-mutation';
import {
  type AddWalletBody,
  CARD_CHANNEL,
  channelOf,
  createTradeApi,
  type CurrencyPair,
  KLARNA_CHANNEL,
  type PaymentMethod,
} from './trade-api';

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

/** The catalogue: the app's one list-currency query, which the order pages read too. */
export const useCurrencies = ({ enabled = true }: { enabled?: boolean } = {}) => useCurrencyCatalogue({ enabled });

/**
 * The card-buy pairs of every fiat, asked in parallel (one call per fiat: the contract lists pairs
 * by base currency only). Answers a map fiat → pairs once all have answered. `method` BANK_TRANSFER:
 * the bank-transfer buy pairs instead, each fiat on its own bank channel.
 */
export function usePairsByFiat(
  fiats: readonly string[],
  { enabled = true, method = 'CARD' }: { enabled?: boolean; method?: Exclude<PaymentMethod, 'KLARNA'> } = {},
) {
  const api = useTradeApi();
  // The card's key is the one the page always had; another channel's names the channel.
  const keyOf = (fiat: string) => (method === 'CARD' ? ['trade', 'pairs', fiat] : ['trade', 'pairs', channelOf(method, fiat), fiat]);
  return useQueries({
    queries: fiats.map((fiat) => ({
      queryKey: keyOf(fiat),
      queryFn: () => api.listPairs(fiat, 'buy', channelOf(method, fiat)),
      enabled,
      staleTime: 60_000,
    })),
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

/**
 * The Klarna-buy pairs of one fiat (list-currency-pair-by-base-currency on the KLARNA channel), asked
 * when the form shows that fiat, beside the page's setup rather than in it: Klarna is an extra way to
 * pay, and the form shows at once without it. Until it answers (or when it fails) Klarna is not offered.
 */
export function useKlarnaPairs(fiat: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useTradeApi();
  return useQuery({
    queryKey: ['trade', 'pairs', KLARNA_CHANNEL, fiat],
    queryFn: () => api.listPairs(fiat, 'buy', KLARNA_CHANNEL),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Every query of saved addresses starts with this key: a change to one address refreshes them all. */
export const WALLETS_KEY = ['trade', 'wallets'] as const;

export function useWallets(cryptoCurrency: string, network: string) {
  const api = useTradeApi();
  return useQuery({ queryKey: [...WALLETS_KEY, cryptoCurrency, network], queryFn: () => api.listWallets(cryptoCurrency, network) });
}

/** Every saved address (manage-wallet). */
export function useAllWallets() {
  const api = useTradeApi();
  return useQuery({ queryKey: [...WALLETS_KEY, 'all'], queryFn: () => api.listAllWallets() });
}

/** Adds an address to the address book. The call is silent: a failed save changes nothing for the order it came with. */
export function useSaveWallet() {
  const api = useTradeApi();
  return useApiMutation({ mutationFn: (body: AddWalletBody) => api.addWallet(body) });
}

export function usePromotion({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useTradeApi();
  return useQuery({ queryKey: ['trade', 'promotion'], queryFn: () => api.getPromotion(), enabled });
}

/**
 * The person's own amount range for the pair chosen (what their limits leave, cut to the pair's
 * range), asked as soon as the pair is, so the hint is right before any quote. Not asked on the
 * Roma channel, which skips the limits call (docs/rules/roles.md). Asked again on each visit: it falls as
 * the person buys. `channelCode`: the channel of the payment method chosen (a Klarna pair has its own range).
 */
export function useAmountRange(selection: { fiat: string; crypto: string; network: string }, channelCode: ChannelCode = CARD_CHANNEL) {
  const api = useTradeApi();
  const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
  return useQuery({
    queryKey: ['trade', 'amount-range', selection.fiat, selection.crypto, selection.network, channelCode],
    queryFn: () =>
      api.amountRange({ fiatCurrency: selection.fiat, cryptoCurrency: selection.crypto, network: selection.network }, channelCode),
    enabled: !isRoma,
    retry: false,
  });
}

/**
 * The person's trading-account balances (balance/list), for the bank-transfer pages: what a buy may be
 * paid from, where a sell's proceeds go. Asked on each visit: a transfer may have arrived meanwhile.
 */
export function useTradeBalances({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useTradeApi();
  return useQuery({ queryKey: ['trade', 'balances'], queryFn: ({ signal }) => api.listBalances(signal), enabled, retry: false });
}
