import { CALL_ROUTES, type CurrencyItem, type CurrencyPairItem } from '@causeway/contracts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrencyCatalogue } from '@/lib/currency-catalogue';
import { useHttpClient } from '@/lib/http-context';
import { isOffline } from '@/lib/http-errors';
import type { BuyChoice, BuyOffer } from '../buy-choice';

/** The card channel: what the start page's buy form offers, as the card trade page does. */
const CARD_CHANNEL = 'CHECKOUT';

/** How often the price shown is asked again while the page is open: it is live, and a quote holds 30 s. */
export const LIVE_PRICE_MS = 30_000;

export type BuyOfferState =
  { state: 'loading' } | { state: 'error'; error: unknown; retry: () => void } | { state: 'ready'; offer: BuyOffer };

/**
 * What a signed-out visitor can buy by card: the catalogue (the app's one list-currency query) and
 * the card-buy pairs of every fiat, asked in parallel (the contract lists pairs by base currency
 * only). Both public calls, silent: the page shows a failure itself, with Try again.
 */
export function useBuyOffer(): BuyOfferState {
  const client = useHttpClient();
  const catalogue = useCurrencyCatalogue();
  const fiatItems = useMemo(() => (catalogue.data ?? []).filter((item) => item.assetType === 'fiat'), [catalogue.data]);
  const pairs = useQueries({
    queries: fiatItems.map((fiat) => ({
      queryKey: ['home', 'pairs', fiat.currency],
      queryFn: () =>
        client.call(
          CALL_ROUTES.listCurrencyPairByBaseCurrency,
          { baseCurrency: fiat.currency, channelCode: CARD_CHANNEL, transactionType: 'buy' },
          { silent: true },
        ),
      staleTime: 60_000,
    })),
    combine: (results) => ({
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => results.forEach((result) => void result.refetch()),
      data: results.every((result) => result.data) ? results.map((result) => result.data!) : undefined,
    }),
  });
  const offer = useMemo((): BuyOffer | undefined => {
    if (!catalogue.data || !pairs.data) return undefined;
    const pairsByFiat = new Map<string, CurrencyPairItem[]>(fiatItems.map((fiat, index) => [fiat.currency, pairs.data![index] ?? []]));
    const cryptos = new Map<string, CurrencyItem>(
      catalogue.data.filter((item) => item.assetType === 'crypto').map((item) => [item.currency, item]),
    );
    return { fiats: fiatItems.filter((fiat) => (pairsByFiat.get(fiat.currency) ?? []).length > 0), cryptos, pairsByFiat };
  }, [catalogue.data, pairs.data, fiatItems]);

  if (catalogue.error) return { state: 'error', error: catalogue.error, retry: () => void catalogue.refetch() };
  if (pairs.error) return { state: 'error', error: pairs.error, retry: pairs.refetch };
  return offer ? { state: 'ready', offer } : { state: 'loading' };
}

/**
 * order/estimate-buy for a settled choice (null: nothing to ask), asked again every LIVE_PRICE_MS
 * while the page is open. Silent: the form shows why there is no price. The last price stays on
 * screen, marked as updating, while the next one is asked. Retried once only when the call got no
 * answer: a limit or a refusal would only be refused again.
 */
export function useBuyEstimate(choice: BuyChoice | null) {
  const client = useHttpClient();
  return useQuery({
    queryKey: ['home', 'estimate', choice?.fiat, choice?.crypto, choice?.network, choice?.amount],
    queryFn: ({ signal }) =>
      client.call(
        CALL_ROUTES.estimateBuy,
        { fiatCurrency: choice!.fiat, cryptoCurrency: choice!.crypto, network: choice!.network, fiatAmount: choice!.amount },
        { silent: true, signal },
      ),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_PRICE_MS,
    retry: (failures, error) => failures < 1 && isOffline(error),
  });
}
