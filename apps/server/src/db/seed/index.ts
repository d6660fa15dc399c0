import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import {
  CHANNEL_EXCLUSIONS,
  CHANNEL_OFFERS,
  CRYPTO_SEEDS,
  ENTRY_CONFIG_SEEDS,
  FEATURE_SWITCH_SEEDS,
  FIAT_SEEDS,
  MENU_LINK_SEEDS,
} from './catalogue.ts';
import { listCountrySeeds } from './countries.ts';
import { RISK_COUNTRY_SEEDS } from './risk-countries.ts';
import { seedAppropriatenessTest } from './appropriateness.ts';
import {
  CHANNEL_FEE_SEEDS,
  DEFAULT_SPREAD_RATE_SEED,
  KYC_LIMIT_TIER_SEEDS,
  NETWORK_FEE_SEEDS,
  PROMOTION_SEED,
  SPREAD_RATE_SEEDS,
} from './pricing.ts';

/** Builds the pair and channel rows of the seeded catalogue. */
function buildPairRows() {
  const pairs: Array<typeof t.currencyPairs.$inferInsert> = [];
  const channels: Array<typeof t.pairChannels.$inferInsert> = [];
  for (const fiat of FIAT_SEEDS) {
    for (const crypto of CRYPTO_SEEDS) {
      for (const { network } of crypto.networks) {
        const id = `${fiat.code}-${crypto.code}-${network}`;
        pairs.push({ id, baseCurrency: fiat.code, cryptoCurrency: crypto.code, network, minAmount: fiat.min, maxAmount: fiat.max });
        for (const offer of CHANNEL_OFFERS[fiat.code]) {
          for (const transactionType of offer.transactionTypes) {
            const excluded = CHANNEL_EXCLUSIONS.some(
              (e) => e.channel === offer.channel && e.cryptoCurrency === crypto.code && e.transactionType === transactionType,
            );
            channels.push({ pairId: id, channelCode: offer.channel, transactionType, enabled: !excluded });
          }
        }
      }
    }
  }
  return { pairs, channels };
}

/**
 * Inserts the reference data a fresh install needs, with the fees and tier limits (./pricing.ts). Idempotent, and it never overwrites a row
 * an operator changed: every insert is ON CONFLICT DO NOTHING. Runs in one transaction.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  const { pairs, channels } = buildPairRows();
  await db.transaction(async (tx) => {
    await tx.insert(t.countries).values(listCountrySeeds()).onConflictDoNothing();
    await tx
      .insert(t.currencies)
      .values([
        ...FIAT_SEEDS.map(({ code, name, decimals, symbol, sort }) => ({ code, name, decimals, symbol, sort, assetType: 'fiat' })),
        ...CRYPTO_SEEDS.map(({ code, name, decimals, symbol, sort }) => ({ code, name, decimals, symbol, sort, assetType: 'crypto' })),
      ])
      .onConflictDoNothing();
    await tx
      .insert(t.currencyNetworks)
      .values(
        CRYPTO_SEEDS.flatMap((crypto) =>
          crypto.networks.map((n) => ({
            currencyCode: crypto.code,
            network: n.network,
            networkName: n.networkName,
            decimals: n.decimals,
            memoRequired: 'memoRequired' in n ? n.memoRequired : false,
            memoName: 'memoName' in n ? n.memoName : null,
          })),
        ),
      )
      .onConflictDoNothing();
    await tx.insert(t.currencyPairs).values(pairs).onConflictDoNothing();
    await tx.insert(t.pairChannels).values(channels).onConflictDoNothing();
    await tx
      .insert(t.entryConfigs)
      .values(
        ENTRY_CONFIG_SEEDS.map((e) => ({
          ...e,
          paymentMethods: [...e.paymentMethods],
          transactionTypes: [...e.transactionTypes],
          channels: [...e.channels],
        })),
      )
      .onConflictDoNothing();
    await tx.insert(t.menuLinks).values(MENU_LINK_SEEDS).onConflictDoNothing();
    await seedAppropriatenessTest(tx);
    await tx.insert(t.featureSwitches).values(FEATURE_SWITCH_SEEDS).onConflictDoNothing();
    await tx
      .insert(t.channelFees)
      .values([...CHANNEL_FEE_SEEDS])
      .onConflictDoNothing();
    await tx
      .insert(t.spreadRates)
      .values([...SPREAD_RATE_SEEDS])
      .onConflictDoNothing();
    await tx
      .insert(t.networkFees)
      .values([...NETWORK_FEE_SEEDS])
      .onConflictDoNothing();
    await tx
      .insert(t.feeSettings)
      .values({
        id: 1,
        defaultSpreadRate: DEFAULT_SPREAD_RATE_SEED,
        promotionFirstTransactions: PROMOTION_SEED.firstTransactions,
        promotionDiscountRate: PROMOTION_SEED.discountRate,
      })
      .onConflictDoNothing();
    await tx
      .insert(t.kycLimitTiers)
      .values([...KYC_LIMIT_TIER_SEEDS])
      .onConflictDoNothing();
    await tx
      .insert(t.riskCountries)
      .values([...RISK_COUNTRY_SEEDS])
      .onConflictDoNothing();
  });
}
