import type { Database } from '../../db/client.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import { createReferenceRepository } from './reference.repository.ts';
import { REFERENCE_CACHE_TTL_MS } from './reference.service.ts';

/** One enabled pair offered on one channel (card, Klarna, bank) for buying or selling: plain data. */
export interface PairOffer {
  pairId: string;
  baseCurrency: string;
  cryptoCurrency: string;
  network: string;
  /** Decimal strings, in the base currency. */
  minAmount: string;
  maxAmount: string;
  channelCode: string;
  transactionType: string;
  /** The crypto's place in the catalogue's order. */
  sort: number;
}

/** An enabled currency, as a quote rounds amounts in it. */
export interface CatalogueCurrency {
  code: string;
  decimals: number;
}

/** An enabled network of a crypto, as a quote rounds amounts on it. */
export interface CatalogueNetwork {
  currencyCode: string;
  network: string;
  decimals: number;
}

/** The catalogue as quotes read it: plain data, no table of the reference module's. */
export interface Catalogue {
  /** The enabled pairs of one base currency whose crypto, network and channel are enabled too. */
  listPairOffers(filter: {
    baseCurrency: string;
    channelCode?: string | undefined;
    transactionType?: string | undefined;
  }): Promise<PairOffer[]>;
  listEnabledCurrencies(assetType?: 'fiat' | 'crypto'): Promise<CatalogueCurrency[]>;
  listEnabledNetworks(currencyCodes: string[]): Promise<CatalogueNetwork[]>;
}

/** The catalogue as its module keeps it: `forget` drops what it remembers, once an operator's change commits. */
export interface CachedCatalogue extends Catalogue {
  forget(): void;
}

/**
 * The catalogue over the reference tables (modules/reference/index.ts), served from memory for
 * REFERENCE_CACHE_TTL_MS: every quote reads it, and it changes only when an operator edits it. The
 * reference module makes one per process and hands it out through its face, so an operator's change
 * (pair-settings.ts) is seen by the next quote of this process at once, and of the others within the TTL.
 */
export function createCatalogue(
  db: Database,
  { now, channelsOff = [] }: { now?: () => number; channelsOff?: readonly string[] } = {},
): CachedCatalogue {
  const repository = createReferenceRepository(db, { channelsOff });
  const options = { ttlMs: REFERENCE_CACHE_TTL_MS, ...(now ? { now } : {}) };
  const offers = createTtlCache<PairOffer[]>(options);
  const currencies = createTtlCache<CatalogueCurrency[]>(options);
  const networks = createTtlCache<CatalogueNetwork[]>(options);
  return {
    listPairOffers: (filter) =>
      offers.get(JSON.stringify([filter.baseCurrency, filter.channelCode ?? null, filter.transactionType ?? null]), () =>
        repository.listPairOffers(filter),
      ),
    listEnabledCurrencies: (assetType) => currencies.get(assetType ?? 'all', () => repository.listEnabledCurrencies(assetType)),
    listEnabledNetworks: (currencyCodes) =>
      networks.get(JSON.stringify(currencyCodes), () => repository.listEnabledNetworks(currencyCodes)),
    forget() {
      offers.clear();
      currencies.clear();
      networks.clear();
    },
  };
}
