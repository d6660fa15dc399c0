import { sql } from 'drizzle-orm';
import { boolean, char, check, foreignKey, integer, numeric, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Reference data: countries, the asset catalogue, currency pairs and which channels sell them,
 * entry configurations, menu links and feature switches. Seeded idempotently at start
 * (db/seed/), editable by operators afterwards: seeding never overwrites a row that exists. Pairs, their
 * channels and the switches are changed through the owning module's face (reference, entry), which
 * keeps who changed a row last in `updated_by`.
 */

export const countries = pgTable('countries', {
  code: char('code', { length: 2 }).primaryKey(),
  englishName: text('english_name').notNull(),
  chineseName: text('chinese_name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Whether people living here may hold an account: false blocks a verified residence with AC100001 (docs/rules/uk-and-countries.md). */
  residenceAccepted: boolean('residence_accepted').notNull().default(true),
  /** Whether this country's nationals may hold an account: false blocks a verified nationality with AC100011. */
  nationalityAccepted: boolean('nationality_accepted').notNull().default(true),
});

export const currencies = pgTable(
  'currencies',
  {
    code: varchar('code', { length: 10 }).primaryKey(),
    name: text('name').notNull(),
    assetType: varchar('asset_type', { length: 6 }).notNull(),
    decimals: integer('decimals').notNull(),
    symbol: text('symbol').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('currencies_asset_type', sql`${t.assetType} in ('fiat', 'crypto')`),
    check('currencies_decimals', sql`${t.decimals} between 0 and 18`),
  ],
);

export const currencyNetworks = pgTable(
  'currency_networks',
  {
    currencyCode: varchar('currency_code', { length: 10 })
      .notNull()
      .references(() => currencies.code),
    network: varchar('network', { length: 16 }).notNull(),
    networkName: text('network_name').notNull(),
    decimals: integer('decimals').notNull(),
    memoRequired: boolean('memo_required').notNull().default(false),
    memoName: text('memo_name'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.currencyCode, t.network] })],
);

export const currencyPairs = pgTable(
  'currency_pairs',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    baseCurrency: varchar('base_currency', { length: 10 })
      .notNull()
      .references(() => currencies.code),
    cryptoCurrency: varchar('crypto_currency', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    minAmount: numeric('min_amount', { precision: 38, scale: 18 }).notNull(),
    maxAmount: numeric('max_amount', { precision: 38, scale: 18 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The operator who changed the row last, and when (null: as seeded). */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [
    foreignKey({ columns: [t.cryptoCurrency, t.network], foreignColumns: [currencyNetworks.currencyCode, currencyNetworks.network] }),
    check('currency_pairs_limits', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
  ],
);

/** Which channel offers a pair, for which transaction type. */
export const pairChannels = pgTable(
  'pair_channels',
  {
    pairId: varchar('pair_id', { length: 40 })
      .notNull()
      .references(() => currencyPairs.id),
    channelCode: varchar('channel_code', { length: 24 }).notNull(),
    transactionType: varchar('transaction_type', { length: 10 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.channelCode, t.transactionType] })],
);

export const entryConfigs = pgTable('entry_configs', {
  merchantCode: varchar('merchant_code', { length: 64 }).primaryKey(),
  brand: varchar('brand', { length: 32 }).notNull(),
  merchantName: text('merchant_name').notNull(),
  defaultFiatCurrency: varchar('default_fiat_currency', { length: 10 })
    .notNull()
    .references(() => currencies.code),
  defaultCryptoCurrency: varchar('default_crypto_currency', { length: 10 }).notNull(),
  defaultNetwork: varchar('default_network', { length: 16 }).notNull(),
  defaultEntity: char('default_entity', { length: 2 }).notNull().default('LI'),
  paymentMethods: text('payment_methods').array().notNull(),
  transactionTypes: text('transaction_types').array().notNull(),
  channels: text('channels').array().notNull(),
  isRoma: boolean('is_roma').notNull().default(false),
});

export const menuLinks = pgTable(
  'menu_links',
  {
    brand: varchar('brand', { length: 32 }).notNull(),
    entity: char('entity', { length: 2 }).notNull(),
    linkKey: varchar('link_key', { length: 32 }).notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brand, t.entity, t.linkKey] })],
);

/** A switch applies to clients at or above minVersion; the highest matching minVersion wins. An operator turns it (entry module). */
export const featureSwitches = pgTable(
  'feature_switches',
  {
    clientType: varchar('client_type', { length: 10 }).notNull(),
    entry: varchar('entry', { length: 64 }).notNull(),
    label: varchar('label', { length: 16 }).notNull(),
    minVersion: integer('min_version').notNull().default(0),
    enable: boolean('enable').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.clientType, t.entry, t.label, t.minVersion] })],
);
