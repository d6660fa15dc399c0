import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sellDeposits } from '../../db/schema/index.ts';

export type SellDepositRow = typeof sellDeposits.$inferSelect;
export type DepositOutcome = 'MATCHED' | 'OVER' | 'UNDER' | 'SHORT' | 'EXTRA' | 'LATE' | 'SCREENED' | 'DROPPED';
/** What an operator may send back: crypto owed to the person (a screened sender's is held, never returned here). */
export const RETURNABLE_OUTCOMES = ['OVER', 'SHORT', 'EXTRA', 'LATE'] as const satisfies readonly DepositOutcome[];
/** What is neither sold for its order nor nothing: owed back, or held. */
const NOT_SOLD = sql`${sellDeposits.outcome} not in ('MATCHED', 'UNDER', 'DROPPED')`;

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

    async find(transferId: string): Promise<SellDepositRow | undefined> {
      const [row] = await db.select().from(sellDeposits).where(eq(sellDeposits.transferId, transferId));
      return row;
    },

    /** Booked transfers an operator may return, not yet returned, oldest first (the desk's Orders waiting screen). */
    async returnable(limit = 100): Promise<SellDepositRow[]> {
      return db
        .select()
        .from(sellDeposits)
        .where(
          and(
            inArray(sellDeposits.outcome, [...RETURNABLE_OUTCOMES]),
            isNull(sellDeposits.resolvedAt),
            isNotNull(sellDeposits.confirmedAt),
          ),
        )
        .orderBy(asc(sellDeposits.seenAt), asc(sellDeposits.transferId))
        .limit(limit);
    },

    /** Whether any transfer to the order is still owed back or held (booked or not yet). */
    async anyOwed(orderId: string): Promise<boolean> {
      const [row] = await db
        .select({ transferId: sellDeposits.transferId })
        .from(sellDeposits)
        .where(and(eq(sellDeposits.orderId, orderId), NOT_SOLD, isNull(sellDeposits.resolvedAt)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Starts a return (compare-and-set): only for a booked transfer an operator may return, not returned and with no
     * return in flight. Counts the attempt (each one's send key is its own). Answers the row, or undefined.
     */
    async requestReturn(
      transferId: string,
      to: { address: string; memo: string | null; amount: string; at: Date },
    ): Promise<SellDepositRow | undefined> {
      const [row] = await db
        .update(sellDeposits)
        .set({
          returnAddress: to.address,
          returnAmount: to.amount,
          returnMemo: to.memo,
          returnRequestedAt: to.at,
          returnTransferId: null,
          returnTxHash: null,
          returnFailure: null,
          returnAttempts: sql`${sellDeposits.returnAttempts} + 1`,
        })
        .where(
          and(
            eq(sellDeposits.transferId, transferId),
            inArray(sellDeposits.outcome, [...RETURNABLE_OUTCOMES]),
            isNotNull(sellDeposits.confirmedAt),
            isNull(sellDeposits.resolvedAt),
            isNull(sellDeposits.returnRequestedAt),
          ),
        )
        .returning();
      return row;
    },

    /** The custody service's transfer of the attempt, once sent (only the attempt still in flight). */
    async noteReturnSent(transferId: string, attempt: number, sent: { transferId: string; txHash: string | null }): Promise<void> {
      await db
        .update(sellDeposits)
        .set({ returnTransferId: sent.transferId, returnTxHash: sent.txHash })
        .where(and(eq(sellDeposits.transferId, transferId), eq(sellDeposits.returnAttempts, attempt), isNull(sellDeposits.resolvedAt)));
    },

    /** Why the attempt in flight has no known outcome yet (it stays in flight): the desk's row says it. */
    async noteReturnTrouble(transferId: string, attempt: number, trouble: string): Promise<void> {
      await db
        .update(sellDeposits)
        .set({ returnFailure: trouble.slice(0, 200) })
        .where(and(eq(sellDeposits.transferId, transferId), eq(sellDeposits.returnAttempts, attempt), isNull(sellDeposits.resolvedAt)));
    },

    /** The attempt failed: no return in flight any more, and why (the operator asks again). Answers whether it was this attempt's. */
    async endReturnFailed(transferId: string, attempt: number, failure: string): Promise<boolean> {
      const updated = await db
        .update(sellDeposits)
        .set({ returnRequestedAt: null, returnTransferId: null, returnFailure: failure.slice(0, 200) })
        .where(and(eq(sellDeposits.transferId, transferId), eq(sellDeposits.returnAttempts, attempt), isNull(sellDeposits.resolvedAt)))
        .returning({ transferId: sellDeposits.transferId });
      return updated.length === 1;
    },

    /** The chain confirmed the attempt: the transfer is settled, once (inside the caller's transaction, with its journal). */
    async markReturned(transferId: string, attempt: number, txHash: string | null, at: Date): Promise<boolean> {
      const updated = await db
        .update(sellDeposits)
        .set({ resolvedAt: at, returnTxHash: txHash })
        .where(and(eq(sellDeposits.transferId, transferId), eq(sellDeposits.returnAttempts, attempt), isNull(sellDeposits.resolvedAt)))
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
