import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, withdrawals } from '../../db/schema/index.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = 'PROCESSING' | 'SUCCESS' | 'FAILED';
export type WithdrawalStep = 'PAY' | 'CONFIRM' | 'REVIEW' | 'WATCH' | 'DONE';

export interface WithdrawalChange {
  status: WithdrawalStatus;
  step: WithdrawalStep;
  set?: Partial<Pick<WithdrawalRow, 'paymentId' | 'failReason' | 'bankReason' | 'completedAt'>>;
}

/** Withdrawals; every change of status or step is a compare-and-set on both (a step run twice moves once). */
export function createWithdrawalsRepository(db: Database) {
  return {
    async find(id: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row;
    },

    /** A person's withdrawals, newest first. */
    latestOf(userId: string, limit: number): Promise<WithdrawalRow[]> {
      return db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.createdAt)).limit(limit);
    },

    async findByPayment(paymentId: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.paymentId, paymentId));
      return row;
    },

    /** The person's row lock (as a buy takes it): their tier's room is read once, under it. */
    async lockPerson(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async insert(row: WithdrawalRow): Promise<void> {
      await db.insert(withdrawals).values(row);
    },

    /** Moves the withdrawal if it still stands where `from` saw it: false when another run moved it first. */
    async transition(from: WithdrawalRow, change: WithdrawalChange, at: Date): Promise<WithdrawalRow | null> {
      const [row] = await db
        .update(withdrawals)
        .set({ status: change.status, step: change.step, ...change.set, updatedAt: at })
        .where(and(eq(withdrawals.id, from.id), eq(withdrawals.status, from.status), eq(withdrawals.step, from.step)))
        .returning();
      return row ?? null;
    },

    /** What the person withdrew since `since` and did not get back, in the limit currency (EUR). */
    async withdrawnSince(userId: string, since: Date): Promise<string> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${withdrawals.limitAmount}), 0)::text` })
        .from(withdrawals)
        .where(
          and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since), inArray(withdrawals.status, ['PROCESSING', 'SUCCESS'])),
        );
      return row?.total ?? '0';
    },
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
