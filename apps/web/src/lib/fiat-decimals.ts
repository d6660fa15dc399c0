import { useCurrencyCatalogue } from './currency-catalogue';
import { fiatDecimalsOf } from './money-format';

/**
 * The minor units of each fiat currency, from the catalogue (list-currency), for pages that show
 * an order's amounts without the trade page's offer at hand (result, history, details): so a
 * 0-decimal fiat reads there as in the quote. While the catalogue is missing, ISO 4217's.
 */
export function useFiatDecimals(): (currency: string) => number {
  const catalogue = useCurrencyCatalogue();
  return (currency) => fiatDecimalsOf(currency, catalogue.data);
}
