import { type CurrencyItem, PATHS } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from './http-context';
import { fiatDecimalsOf } from './money-format';

/**
 * The minor units of each fiat currency, from the fiat catalogue (list-currency), for pages that
 * show an order's amounts without the trade page's offer at hand (result, history, details): so a
 * 0-decimal fiat reads there as in the quote. Silent: while the catalogue is missing, ISO 4217's.
 */
export function useFiatDecimals(): (currency: string) => number {
  const client = useHttpClient();
  const catalogue = useQuery({
    queryKey: ['reference', 'fiat-currencies'],
    queryFn: () => client.get<CurrencyItem[]>(PATHS.listCurrency, { query: { assetType: 'fiat' }, silent: true }),
    staleTime: 10 * 60 * 1000,
  });
  return (currency) => fiatDecimalsOf(currency, catalogue.data);
}
