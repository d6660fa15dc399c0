import type { CurrencyItem } from '@causeway/contracts';
import { useCurrencyCatalogue } from './currency-catalogue';

/**
 * A coin's network by the one name the catalogue gives it ("Bitcoin", "Tron (TRC-20)"), on every
 * page that names one: the trade form, the confirm step, the result and the order details. A
 * network's name can differ by coin (TRX on Tron is "Tron", USDT on it "Tron (TRC-20)"), so it is
 * looked up by both. The code stands in while the catalogue is not there or does not know it.
 */
export function networkNameOf(catalogue: Iterable<CurrencyItem> | undefined, crypto: string, network: string): string {
  for (const item of catalogue ?? []) {
    if (item.currency === crypto) return item.networks.find((candidate) => candidate.network === network)?.networkName ?? network;
  }
  return network;
}

const cryptoOnly = (items: CurrencyItem[]) => items.filter((item) => item.assetType === 'crypto');

/** The coins of the catalogue (lib/currency-catalogue: the one list-currency call). Its absence only shows codes. */
export const useCryptoCatalogue = () => useCurrencyCatalogue({ select: cryptoOnly });

/** {@link networkNameOf} with the catalogue asked for (pages that have no catalogue of their own). */
export function useNetworkName(): (crypto: string, network: string) => string {
  const catalogue = useCryptoCatalogue();
  return (crypto, network) => networkNameOf(catalogue.data, crypto, network);
}
