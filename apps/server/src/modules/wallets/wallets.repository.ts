import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { wallets } from '../../db/schema/index.ts';

export type WalletRow = typeof wallets.$inferSelect;

/** The address book of where bought crypto goes; one default per asset and network. */
export function createWalletsRepository(db: Database) {
  const live = (userId: string) => and(eq(wallets.userId, userId), isNull(wallets.deletedAt));
  return {
    list(userId: string, filter: { cryptoCurrency?: string | undefined; network?: string | undefined }): Promise<WalletRow[]> {
      const conditions = [live(userId)];
      if (filter.cryptoCurrency) conditions.push(eq(wallets.cryptoCurrency, filter.cryptoCurrency));
      if (filter.network) conditions.push(eq(wallets.network, filter.network));
      return db
        .select()
        .from(wallets)
        .where(and(...conditions))
        .orderBy(desc(wallets.isDefault), asc(wallets.createdAt), asc(wallets.id));
    },

    async find(userId: string, walletId: string): Promise<WalletRow | undefined> {
      return (
        await db
          .select()
          .from(wallets)
          .where(and(live(userId), eq(wallets.id, walletId)))
      )[0];
    },

    async findByAddress(userId: string, network: string, address: string, memo: string | null): Promise<WalletRow | undefined> {
      const rows = await db
        .select()
        .from(wallets)
        .where(and(live(userId), eq(wallets.network, network), eq(wallets.address, address)));
      return rows.find((row) => row.memo === memo);
    },

    /** Adds a wallet; as default, the previous default of that asset and network stops being one (one transaction). */
    async insert(values: typeof wallets.$inferInsert): Promise<void> {
      await db.transaction(async () => {
        if (values.isDefault) {
          await db
            .update(wallets)
            .set({ isDefault: false })
            .where(
              and(
                live(values.userId),
                eq(wallets.cryptoCurrency, values.cryptoCurrency),
                eq(wallets.network, values.network),
                eq(wallets.isDefault, true),
              ),
            );
        }
        await db.insert(wallets).values(values);
      });
    },

    async setDefault(wallet: WalletRow): Promise<void> {
      await db.transaction(async () => {
        await db
          .update(wallets)
          .set({ isDefault: false })
          .where(
            and(
              live(wallet.userId),
              eq(wallets.cryptoCurrency, wallet.cryptoCurrency),
              eq(wallets.network, wallet.network),
              eq(wallets.isDefault, true),
            ),
          );
        await db.update(wallets).set({ isDefault: true }).where(eq(wallets.id, wallet.id));
      });
    },

    async softDelete(walletId: string, at: Date): Promise<void> {
      await db.update(wallets).set({ deletedAt: at }).where(eq(wallets.id, walletId));
    },
  };
}

export type WalletsRepository = ReturnType<typeof createWalletsRepository>;
