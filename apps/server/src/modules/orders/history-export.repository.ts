import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cards, historyExports, orders, users } from '../../db/schema/index.ts';
import type { ExportedOrder } from './history-export-csv.ts';

export type HistoryExportRow = typeof historyExports.$inferSelect;

/** Where the export's orders page from: the last order of the previous page (created at, then id). */
export interface OrderCursor {
  createdAt: Date;
  id: string;
}

/** The history exports (db/schema/history-exports.ts) and the orders an export reads. */
export function createHistoryExportRepository(db: Database) {
  return {
    /**
     * Locks the person's row until the caller's transaction ends: two exports asked for at once are
     * counted one after the other, so both cannot pass the day's cap only one of them fits.
     */
    async lockPerson(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async countAskedSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(historyExports)
        .where(and(eq(historyExports.userId, userId), gte(historyExports.createdAt, since)));
      return Number(row?.n ?? 0);
    },

    async insert(values: typeof historyExports.$inferInsert): Promise<HistoryExportRow> {
      const [row] = await db.insert(historyExports).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<HistoryExportRow | undefined> {
      return (await db.select().from(historyExports).where(eq(historyExports.id, id)))[0];
    },

    /** PENDING → READY with its file; answers false, writing nothing, when it is no longer PENDING (pruned, or done by another run). */
    async markReady(id: string, done: { storageKey: string; rowCount: number; finishedAt: Date; expiresAt: Date }): Promise<boolean> {
      const updated = await db
        .update(historyExports)
        .set({ status: 'READY', ...done })
        .where(and(eq(historyExports.id, id), eq(historyExports.status, 'PENDING')))
        .returning({ id: historyExports.id });
      return updated.length > 0;
    },

    async markFailed(id: string, finishedAt: Date): Promise<void> {
      await db
        .update(historyExports)
        .set({ status: 'FAILED', finishedAt })
        .where(and(eq(historyExports.id, id), eq(historyExports.status, 'PENDING')));
    },

    /** Exports whose time is up (their file is due for deletion), oldest first. */
    expired(now: Date, limit: number) {
      return db
        .select({ id: historyExports.id, storageKey: historyExports.storageKey })
        .from(historyExports)
        .where(lte(historyExports.expiresAt, now))
        .orderBy(asc(historyExports.expiresAt))
        .limit(limit);
    },

    async remove(id: string): Promise<void> {
      await db.delete(historyExports).where(eq(historyExports.id, id));
    },

    /**
     * One page of the person's orders created in the range, oldest first, after `after` (keyset
     * paging on orders_user_created: each page is one index range, however deep the export goes).
     * Every transaction type, with its card's last four digits when it names a card.
     */
    async ordersPage(userId: string, range: { from: Date; to: Date }, after: OrderCursor | null, limit: number): Promise<ExportedOrder[]> {
      const conditions = [eq(orders.userId, userId), gte(orders.createdAt, range.from), lte(orders.createdAt, range.to)];
      if (after)
        conditions.push(sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
      return db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          transactionType: orders.transactionType,
          status: orders.status,
          fiatCurrency: orders.fiatCurrency,
          fiatAmount: orders.fiatAmount,
          cryptoCurrency: orders.cryptoCurrency,
          cryptoAmount: orders.cryptoAmount,
          network: orders.network,
          fees: orders.fees,
          walletAddress: orders.walletAddress,
          cardLast4: cards.cardLast4,
          failReason: orders.failReason,
        })
        .from(orders)
        .leftJoin(cards, eq(cards.id, orders.cardId))
        .where(and(...conditions))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
    },
  };
}

export type HistoryExportRepository = ReturnType<typeof createHistoryExportRepository>;
