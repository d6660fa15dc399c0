import { ErrorCode, type ChannelCode, type CountryItem, type CurrencyItem, type CurrencyPairItem } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import { createTtlCache, SETTINGS_CACHE_TTL_MS } from '../../platform/ttl-cache.ts';
import type { ReferenceRepository } from './reference.repository.ts';

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** "GB" → "🇬🇧": two regional-indicator symbols, one per letter. */
export function flagOf(alpha2: string): string {
  return String.fromCodePoint(...[...alpha2.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65));
}

/** numeric(38,18) comes back padded ("20.000000000000000000"): write it without trailing zeros. */
const toPlainDecimal = (value: string) => new Decimal(value).toFixed();

/**
 * How long the catalogue is served from memory: an operator's edit shows on every process within
 * this (docs/rules: reference data is never stale for more than a second). A second costs a process
 * a handful of reads a second, and spares every quote and page its catalogue queries.
 */
export const REFERENCE_CACHE_TTL_MS = SETTINGS_CACHE_TTL_MS;

export function createReferenceService(repository: ReferenceRepository, cacheTtlMs = REFERENCE_CACHE_TTL_MS) {
  const countries = createTtlCache<CountryItem[]>({ ttlMs: cacheTtlMs });
  const currencies = createTtlCache<CurrencyItem[]>({ ttlMs: cacheTtlMs });
  const pairs = createTtlCache<CurrencyPairItem[]>({ ttlMs: cacheTtlMs });

  async function loadCountries(): Promise<CountryItem[]> {
    const rows = await repository.listEnabledCountries();
    return rows.map((row) => ({
      towCharCode: row.code,
      englishName: row.englishName,
      chineseName: row.chineseName,
      flag: flagOf(row.code),
    }));
  }

  async function loadCurrencies(assetType?: 'fiat' | 'crypto'): Promise<CurrencyItem[]> {
    const rows = await repository.listEnabledCurrencies(assetType);
    const networks = await repository.listEnabledNetworks(rows.filter((r) => r.assetType === 'crypto').map((r) => r.code));
    return rows.map((row) => ({
      currency: row.code,
      name: row.name,
      assetType: row.assetType as 'fiat' | 'crypto',
      decimals: row.decimals,
      symbol: row.symbol,
      sort: row.sort,
      networks: networks
        .filter((n) => n.currencyCode === row.code)
        .map((n) => ({
          network: n.network,
          networkName: n.networkName,
          decimals: n.decimals,
          memoRequired: n.memoRequired,
          memoName: n.memoName,
        })),
    }));
  }

  type PairFilter = { baseCurrency: string; channelCode?: ChannelCode | undefined; transactionType?: string | undefined };

  /** Throws a 400 when the base is not an enabled fiat currency (a failure is never cached). */
  async function loadPairs(filter: PairFilter): Promise<CurrencyPairItem[]> {
    if (!(await repository.isEnabledFiat(filter.baseCurrency))) {
      throw new AppError(ErrorCode.MalformedRequest, `query.baseCurrency: ${filter.baseCurrency} is not a supported fiat currency`);
    }
    const offers = await repository.listPairOffers(filter);
    const byPair = new Map<string, CurrencyPairItem>();
    for (const offer of offers) {
      let pair = byPair.get(offer.pairId);
      if (!pair) {
        pair = {
          baseCurrency: offer.baseCurrency,
          cryptoCurrency: offer.cryptoCurrency,
          network: offer.network,
          minAmount: toPlainDecimal(offer.minAmount),
          maxAmount: toPlainDecimal(offer.maxAmount),
          channels: [],
          transactionTypes: [],
        };
        byPair.set(offer.pairId, pair);
      }
      const channel = offer.channelCode as ChannelCode;
      if (!pair.channels.includes(channel)) pair.channels.push(channel);
      const type = offer.transactionType as CurrencyPairItem['transactionTypes'][number];
      if (!pair.transactionTypes.includes(type)) pair.transactionTypes.push(type);
    }
    return [...byPair.values()];
  }

  return {
    listCountries: () => countries.get('all', loadCountries),
    listCurrencies: (assetType?: 'fiat' | 'crypto') => currencies.get(assetType ?? 'all', () => loadCurrencies(assetType)),
    listPairs: (filter: PairFilter) =>
      pairs.get(`${filter.baseCurrency}|${filter.channelCode ?? ''}|${filter.transactionType ?? ''}`, () => loadPairs(filter)),
    /** Drops what is remembered: an operator's change committed (pair-settings.ts). */
    forget() {
      countries.clear();
      currencies.clear();
      pairs.clear();
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
