import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { channelFees, currencies, feeSettings, networkFees, spreadRates } from '../../db/schema/index.ts';

export type ChannelFeeRow = typeof channelFees.$inferSelect;
export type SpreadRateRow = typeof spreadRates.$inferSelect;
export type NetworkFeeRow = typeof networkFees.$inferSelect;
export type FeeSettingsRow = typeof feeSettings.$inferSelect;

type Stamp = { updatedAt: Date; updatedBy: string };

/** The fee tables (db/schema/pricing.ts): read whole, changed one row at a time under its lock. */
export function createFeeSettingsRepository(db: Database) {
  return {
    async readAll() {
      const [channels, spreads, networks, settings] = await Promise.all([
        db.select().from(channelFees).orderBy(asc(channelFees.channelCode)),
        db.select().from(spreadRates).orderBy(asc(spreadRates.cryptoCurrency)),
        db.select().from(networkFees).orderBy(asc(networkFees.network)),
        db.select().from(feeSettings).where(eq(feeSettings.id, 1)),
      ]);
      return { channels, spreads, networks, settings: settings[0] };
    },

    async lockChannelFee(channelCode: string): Promise<ChannelFeeRow | undefined> {
      return (await db.select().from(channelFees).where(eq(channelFees.channelCode, channelCode)).for('update'))[0];
    },
    async updateChannelFee(channelCode: string, set: { feeRate: string } & Stamp): Promise<ChannelFeeRow> {
      return (await db.update(channelFees).set(set).where(eq(channelFees.channelCode, channelCode)).returning())[0]!;
    },

    async lockSpreadRate(cryptoCurrency: string): Promise<SpreadRateRow | undefined> {
      return (await db.select().from(spreadRates).where(eq(spreadRates.cryptoCurrency, cryptoCurrency)).for('update'))[0];
    },
    async upsertSpreadRate(cryptoCurrency: string, set: { spreadRate: string } & Stamp): Promise<SpreadRateRow> {
      const rows = await db
        .insert(spreadRates)
        .values({ cryptoCurrency, ...set })
        .onConflictDoUpdate({ target: spreadRates.cryptoCurrency, set })
        .returning();
      return rows[0]!;
    },
    async deleteSpreadRate(cryptoCurrency: string): Promise<void> {
      await db.delete(spreadRates).where(eq(spreadRates.cryptoCurrency, cryptoCurrency));
    },
    async isCrypto(code: string): Promise<boolean> {
      const rows = await db.select({ assetType: currencies.assetType }).from(currencies).where(eq(currencies.code, code));
      return rows[0]?.assetType === 'crypto';
    },

    /** The network's fee, locked, with the decimals of the coin it is paid in. */
    async lockNetworkFee(network: string): Promise<(NetworkFeeRow & { coinDecimals: number }) | undefined> {
      const [row] = await db.select().from(networkFees).where(eq(networkFees.network, network)).for('update');
      if (!row) return undefined;
      const [coin] = await db.select({ decimals: currencies.decimals }).from(currencies).where(eq(currencies.code, row.nativeCoin));
      return { ...row, coinDecimals: coin?.decimals ?? 18 };
    },
    async updateNetworkFee(network: string, set: { nativeTransfer: string; tokenTransfer: string } & Stamp): Promise<NetworkFeeRow> {
      return (await db.update(networkFees).set(set).where(eq(networkFees.network, network)).returning())[0]!;
    },

    async lockSettings(): Promise<FeeSettingsRow | undefined> {
      return (await db.select().from(feeSettings).where(eq(feeSettings.id, 1)).for('update'))[0];
    },
    async updateSettings(
      set: Partial<Pick<FeeSettingsRow, 'defaultSpreadRate' | 'promotionFirstTransactions' | 'promotionDiscountRate'>> & Stamp,
    ): Promise<FeeSettingsRow> {
      return (await db.update(feeSettings).set(set).where(eq(feeSettings.id, 1)).returning())[0]!;
    },
  };
}

export type FeeSettingsRepository = ReturnType<typeof createFeeSettingsRepository>;
