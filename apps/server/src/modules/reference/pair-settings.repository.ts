import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currencies, currencyPairs, pairChannels } from '../../db/schema/index.ts';

export type PairRow = typeof currencyPairs.$inferSelect;
export type PairChannelRow = typeof pairChannels.$inferSelect;

/** The pairs and their channels as an operator reads and changes them (every row, enabled or not). */
export function createPairSettingsRepository(db: Database) {
  return {
    listPairs(baseCurrency?: string) {
      return db
        .select()
        .from(currencyPairs)
        .where(baseCurrency ? eq(currencyPairs.baseCurrency, baseCurrency) : undefined)
        .orderBy(asc(currencyPairs.baseCurrency), asc(currencyPairs.cryptoCurrency), asc(currencyPairs.network));
    },

    listChannels() {
      return db
        .select()
        .from(pairChannels)
        .orderBy(asc(pairChannels.pairId), asc(pairChannels.channelCode), asc(pairChannels.transactionType));
    },

    /** The pair, locked until the caller's transaction ends, with its base currency's decimals. */
    async lockPair(pairId: string): Promise<(PairRow & { baseDecimals: number }) | undefined> {
      const [pair] = await db.select().from(currencyPairs).where(eq(currencyPairs.id, pairId)).for('update');
      if (!pair) return undefined;
      const [base] = await db.select({ decimals: currencies.decimals }).from(currencies).where(eq(currencies.code, pair.baseCurrency));
      return { ...pair, baseDecimals: base?.decimals ?? 2 };
    },

    async updatePair(pairId: string, set: Pick<PairRow, 'minAmount' | 'maxAmount' | 'enabled' | 'updatedAt' | 'updatedBy'>) {
      const [row] = await db.update(currencyPairs).set(set).where(eq(currencyPairs.id, pairId)).returning();
      return row!;
    },

    async lockChannel(key: { pairId: string; channelCode: string; transactionType: string }): Promise<PairChannelRow | undefined> {
      const [row] = await db.select().from(pairChannels).where(channelKey(key)).for('update');
      return row;
    },

    async updateChannel(
      key: { pairId: string; channelCode: string; transactionType: string },
      set: Pick<PairChannelRow, 'enabled' | 'updatedAt' | 'updatedBy'>,
    ) {
      const [row] = await db.update(pairChannels).set(set).where(channelKey(key)).returning();
      return row!;
    },
  };
}

const channelKey = (key: { pairId: string; channelCode: string; transactionType: string }) =>
  and(
    eq(pairChannels.pairId, key.pairId),
    eq(pairChannels.channelCode, key.channelCode),
    eq(pairChannels.transactionType, key.transactionType),
  );

export type PairSettingsRepository = ReturnType<typeof createPairSettingsRepository>;
