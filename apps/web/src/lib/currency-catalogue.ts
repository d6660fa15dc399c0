import { CALL_ROUTES, type CurrencyItem } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from './http-context';

/**
 * The asset catalogue (list-currency, fiat and crypto together) as ONE query for every page that
 * reads it: the trade page's coins, fiats and decimals, the order pages' fiat decimals and
 * network names, the history's coin filter. One key, one call per app, whichever page asks first;
 * it does not change while the app is open.
 *
 * Silent: on the order pages its absence only shows codes and ISO 4217's decimals. The trade page,
 * which cannot go on without it, shows its failure itself (an error view with Try again).
 */
export function useCurrencyCatalogue<T = CurrencyItem[]>({
  enabled = true,
  select,
}: { enabled?: boolean; select?: (items: CurrencyItem[]) => T } = {}) {
  const client = useHttpClient();
  return useQuery({
    queryKey: ['reference', 'currencies'],
    queryFn: () => client.call(CALL_ROUTES.listCurrency, undefined, { silent: true }),
    staleTime: Infinity,
    enabled,
    ...(select ? { select } : {}),
  });
}
