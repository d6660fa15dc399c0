import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries, currencies, currencyNetworks, currencyPairs, pairChannels } from '../../db/schema/index.ts';

/** Read access to the reference catalogue. The only module file that touches the ORM. */
/**
 * `channelsOff`: channels this install does not offer (a payment provider switched off, e.g. KLARNA
 * with KLARNA_PROVIDER=none): their pairs are never listed or quoted, whatever the catalogue says.
 */
export function createReferenceRepository(db: Database, { channelsOff = [] }: { channelsOff?: readonly string[] } = {}) {
  return {
    listEnabledCountries() {
      return db
        .select({ code: countries.code, englishName: countries.englishName, chineseName: countries.chineseName })
        .from(countries)
        .where(eq(countries.enabled, true))
        .orderBy(asc(countries.englishName));
    },

    listEnabledCurrencies(assetType?: 'fiat' | 'crypto') {
      const enabled = eq(currencies.enabled, true);
      return db
        .select()
        .from(currencies)
        .where(assetType ? and(enabled, eq(currencies.assetType, assetType)) : enabled)
        .orderBy(asc(currencies.assetType), asc(currencies.sort), asc(currencies.code));
    },

    listEnabledNetworks(currencyCodes: string[]) {
      if (currencyCodes.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(currencyNetworks)
        .where(and(eq(currencyNetworks.enabled, true), inArray(currencyNetworks.currencyCode, currencyCodes)))
        .orderBy(asc(currencyNetworks.currencyCode), asc(currencyNetworks.network));
    },

    /** Enabled pairs of one base whose crypto, network and channel offer are enabled too. */
    listPairOffers(filter: { baseCurrency: string; channelCode?: string | undefined; transactionType?: string | undefined }) {
      const conditions = [
        eq(currencyPairs.baseCurrency, filter.baseCurrency),
        eq(currencyPairs.enabled, true),
        eq(currencies.enabled, true),
        eq(currencyNetworks.enabled, true),
        eq(pairChannels.enabled, true),
      ];
      if (filter.channelCode) conditions.push(eq(pairChannels.channelCode, filter.channelCode));
      if (channelsOff.length > 0) conditions.push(notInArray(pairChannels.channelCode, [...channelsOff]));
      if (filter.transactionType) conditions.push(eq(pairChannels.transactionType, filter.transactionType));
      return db
        .select({
          pairId: currencyPairs.id,
          baseCurrency: currencyPairs.baseCurrency,
          cryptoCurrency: currencyPairs.cryptoCurrency,
          network: currencyPairs.network,
          minAmount: currencyPairs.minAmount,
          maxAmount: currencyPairs.maxAmount,
          channelCode: pairChannels.channelCode,
          transactionType: pairChannels.transactionType,
          sort: currencies.sort,
        })
        .from(currencyPairs)
        .innerJoin(pairChannels, eq(pairChannels.pairId, currencyPairs.id))
        .innerJoin(currencies, eq(currencies.code, currencyPairs.cryptoCurrency))
        .innerJoin(
          currencyNetworks,
          and(eq(currencyNetworks.currencyCode, currencyPairs.cryptoCurrency), eq(currencyNetworks.network, currencyPairs.network)),
        )
        .where(and(...conditions))
        .orderBy(asc(currencies.sort), asc(currencyPairs.network));
    },

    async isEnabledFiat(code: string): Promise<boolean> {
      const rows = await db
        .select({ code: currencies.code })
        .from(currencies)
        .where(and(eq(currencies.code, code), eq(currencies.assetType, 'fiat'), eq(currencies.enabled, true)));
      return rows.length > 0;
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
