import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sellDeposits } from '../../db/schema/index.ts';

export type SellDepositRow = typeof sellDeposits.$inferSelect;
export type DepositOutcome = 'MATCHED' | 'OVER' | 'UNDER' | 'SHORT' | 'EXTRA' | 'LATE' | 'SCREENED' | 'DROPPED';

/** The incoming transfers of sells' deposit addresses (sell_deposits): each recorded once, by the provider's transfer id. */
export function createSellDepositsRepository(db: Database) {
  return {
    /** Records a transfer first seen, unless it is recorded already (a concurrent look recorded it): answers whether this call did. */
    async recordOnce(row: typeof sellDeposits.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(sellDeposits).values(row).onConflictDoNothing({ target: sellDeposits.transferId }).returning();
      return inserted.length === 1;
    },

    /** An order's transfers, in the order they were first seen. */
    async ofOrder(orderId: string): Promise<SellDepositRow[]> {
      return db
        .select()
        .from(sellDeposits)
        .where(eq(sellDeposits.orderId, orderId))
        .orderBy(asc(sellDeposits.seenAt), asc(sellDeposits.transferId));
    },

    /** Marks a transfer booked, once (inside the caller's transaction, with its journal): false when it was already. */
    async markConfirmed(transferId: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(sellDeposits)
        .set({ confirmedAt: at })
        .where(and(eq(sellDeposits.transferId, transferId), isNull(sellDeposits.confirmedAt)))
        .returning({ transferId: sellDeposits.transferId });
      return updated.length === 1;
    },

    /** Notes the confirmations a transfer has now (it only ever grows). */
    async noteConfirmations(transferId: string, confirmations: number): Promise<void> {
      await db
        .update(sellDeposits)
        .set({ confirmations })
        .where(and(eq(sellDeposits.transferId, transferId), sql`${sellDeposits.confirmations} < ${confirmations}`));
    },

    /** Changes what was decided for an unbooked transfer (a matched one that came too late to sell, or one the chain dropped). */
    async reclassify(transferId: string, from: DepositOutcome, to: DepositOutcome): Promise<boolean> {
      const updated = await db
        .update(sellDeposits)
        .set({ outcome: to })
        .where(and(eq(sellDeposits.transferId, transferId), eq(sellDeposits.outcome, from), isNull(sellDeposits.confirmedAt)))
        .returning({ transferId: sellDeposits.transferId });
      return updated.length === 1;
    },

    /** Booked transfers owed back or held, not yet settled by an operator (the operator page lists them). */
    async awaitingOperator(limit = 100): Promise<SellDepositRow[]> {
      return db
        .select()
        .from(sellDeposits)
        .where(
          and(
            sql`${sellDeposits.outcome} not in ('MATCHED', 'UNDER', 'DROPPED')`,
            isNull(sellDeposits.resolvedAt),
            sql`${sellDeposits.confirmedAt} is not null`,
          ),
        )
        .orderBy(asc(sellDeposits.seenAt))
        .limit(limit);
    },
  };
}

export type SellDepositsRepository = ReturnType<typeof createSellDepositsRepository>;
