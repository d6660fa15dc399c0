import { CALL_ROUTES } from '@causeway/contracts';
import { useQueries } from '@tanstack/react-query';
import { useCurrencyCatalogue } from '@/lib/currency-catalogue';
import { useHttpClient } from '@/lib/http-context';

/** The card processor's channel: card buys are pairs on it (docs/rules/order-states.md). */
const CARD_CHANNEL = 'CHECKOUT';

/**
 * Whether any fiat has a card-buy pair (list-currency-pair-by-base-currency on the card channel): the
 * portal links to its card side only then (docs/rules/kyb.md "The portal": by card where the channel
 * offers it). False until every fiat's answer is in, and when one cannot be had: a link that led to
 * "not available" would be worse than none. The card page asks the same pairs under its own keys.
 */
export function useCardBuyOffered({ enabled = true }: { enabled?: boolean } = {}): boolean {
  const client = useHttpClient();
  const fiats = useCurrencyCatalogue({
    enabled,
    select: (items) => items.filter((item) => item.assetType === 'fiat').map((item) => item.currency),
  });
  return useQueries({
    queries: (fiats.data ?? []).map((fiat) => ({
      queryKey: ['portal', 'card-buy-pairs', fiat],
      queryFn: () =>
        client.call(
          CALL_ROUTES.listCurrencyPairByBaseCurrency,
          { baseCurrency: fiat, channelCode: CARD_CHANNEL, transactionType: 'buy' },
          { silent: true },
        ),
      enabled,
      staleTime: 60_000,
    })),
    combine: (results) =>
      results.some((result) => result.data?.some((pair) => pair.channels.includes(CARD_CHANNEL) && pair.transactionTypes.includes('buy'))),
  });
}
