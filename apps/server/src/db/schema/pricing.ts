import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { currencies } from './reference.ts';

/**
 * What a trade costs and how much a tier may trade: data an operator changes (docs/rules/limits.md "Fees"
 * and "Verification tiers"), seeded at every start without overwriting (db/seed/pricing.ts). Each row
 * keeps who changed it last (`updated_by`, the operator's id; null for the seed). The checks repeat the
 * bounds the services hold, so an edit made in the database directly cannot break a quote either.
 */

/** Our fee by channel: a share of what the person is charged (a buy) or paid (a sell). */
export const channelFees = pgTable(
  'channel_fees',
  {
    channelCode: varchar('channel_code', { length: 24 }).primaryKey(),
    feeRate: numeric('fee_rate', { precision: 10, scale: 6 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [check('channel_fees_rate', sql`${t.feeRate} >= 0 and ${t.feeRate} <= 0.25`)],
);

/** A crypto's own spread, over the default of fee_settings. */
export const spreadRates = pgTable(
  'spread_rates',
  {
    cryptoCurrency: varchar('crypto_currency', { length: 10 })
      .primaryKey()
      .references(() => currencies.code),
    spreadRate: numeric('spread_rate', { precision: 10, scale: 6 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [check('spread_rates_rate', sql`${t.spreadRate} >= 0 and ${t.spreadRate} <= 0.1`)],
);

/** What sending on a network costs, in the network's own coin: a plain transfer and a token transfer. */
export const networkFees = pgTable(
  'network_fees',
  {
    network: varchar('network', { length: 16 }).primaryKey(),
    nativeCoin: varchar('native_coin', { length: 10 }).notNull(),
    nativeTransfer: numeric('native_transfer', { precision: 38, scale: 18 }).notNull(),
    tokenTransfer: numeric('token_transfer', { precision: 38, scale: 18 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [check('network_fees_amounts', sql`${t.nativeTransfer} >= 0 and ${t.tokenTransfer} >= 0`)],
);

/** One row (id 1): the default spread and the first-transactions promotion. */
export const feeSettings = pgTable(
  'fee_settings',
  {
    id: smallint('id').primaryKey(),
    defaultSpreadRate: numeric('default_spread_rate', { precision: 10, scale: 6 }).notNull(),
    promotionFirstTransactions: integer('promotion_first_transactions').notNull(),
    promotionDiscountRate: numeric('promotion_discount_rate', { precision: 10, scale: 6 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [
    check('fee_settings_one_row', sql`${t.id} = 1`),
    check('fee_settings_spread', sql`${t.defaultSpreadRate} >= 0 and ${t.defaultSpreadRate} <= 0.1`),
    check('fee_settings_promotion', sql`${t.promotionFirstTransactions} between 0 and 100`),
    check('fee_settings_discount', sql`${t.promotionDiscountRate} >= 0 and ${t.promotionDiscountRate} <= 1`),
  ],
);

/** What a verification tier may buy in each period, in EUR (the limit currency). */
export const kycLimitTiers = pgTable(
  'kyc_limit_tiers',
  {
    kycLevel: integer('kyc_level').primaryKey(),
    daily: numeric('daily', { precision: 38, scale: 18 }).notNull(),
    monthly: numeric('monthly', { precision: 38, scale: 18 }).notNull(),
    yearly: numeric('yearly', { precision: 38, scale: 18 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [
    check('kyc_limit_tiers_level', sql`${t.kycLevel} >= 0`),
    check('kyc_limit_tiers_order', sql`${t.daily} >= 0 and ${t.daily} <= ${t.monthly} and ${t.monthly} <= ${t.yearly}`),
  ],
);
