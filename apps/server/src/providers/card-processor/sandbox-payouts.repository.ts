import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxCardPayouts } from '../../db/schema/index.ts';

export type SandboxPayoutRow = typeof sandboxCardPayouts.$inferSelect;

/**
 * The sandbox processor's payouts. A payout is made once per idempotency key (one INSERT … ON
 * CONFLICT DO NOTHING on the unique key), and leaves PENDING once (a conditional UPDATE), so calls
 * racing with one key, or reads racing to settle it, all see one payout and one outcome.
 */
export function createSandboxPayoutsRepository(db: Database) {
  const byKey = async (idempotencyKey: string) => {
    const [row] = await db.select().from(sandboxCardPayouts).where(eq(sandboxCardPayouts.idempotencyKey, idempotencyKey));
    return row;
  };

  return {
    /** Inserts the payout unless its key has one already; answers the key's payout either way (`inserted` says which). */
    async insertPayoutOnce(values: typeof sandboxCardPayouts.$inferInsert): Promise<{ row: SandboxPayoutRow; inserted: boolean }> {
      const [inserted] = await db
        .insert(sandboxCardPayouts)
        .values(values)
        .onConflictDoNothing({ target: sandboxCardPayouts.idempotencyKey })
        .returning();
      if (inserted) return { row: inserted, inserted: true };
      const row = await byKey(values.idempotencyKey);
      if (!row) throw new Error('sandbox payout vanished during insert');
      return { row, inserted: false };
    },

    async findPayout(id: string): Promise<SandboxPayoutRow | undefined> {
      const [row] = await db.select().from(sandboxCardPayouts).where(eq(sandboxCardPayouts.id, id));
      return row;
    },

    /** The newest payout for a reference (creation time; the id breaks a tie within one millisecond). */
    async newestPayoutFor(reference: string): Promise<SandboxPayoutRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxCardPayouts)
        .where(eq(sandboxCardPayouts.reference, reference))
        .orderBy(desc(sandboxCardPayouts.createdAt), desc(sandboxCardPayouts.id))
        .limit(1);
      return row;
    },

    async countPayoutsFor(reference: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sandboxCardPayouts).where(eq(sandboxCardPayouts.reference, reference));
      return row?.n ?? 0;
    },

    /** Moves a PENDING payout to its outcome; undefined when it was not PENDING any more (settled by a concurrent read). */
    async settle(
      id: string,
      outcome: { status: 'PAID' | 'DECLINED'; declineReason: string | null; now: Date },
    ): Promise<SandboxPayoutRow | undefined> {
      const [row] = await db
        .update(sandboxCardPayouts)
        .set({ status: outcome.status, declineReason: outcome.declineReason, updatedAt: outcome.now })
        .where(and(eq(sandboxCardPayouts.id, id), eq(sandboxCardPayouts.status, 'PENDING')))
        .returning();
      return row;
    },
  };
}

export type SandboxPayoutsRepository = ReturnType<typeof createSandboxPayoutsRepository>;
