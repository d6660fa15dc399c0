import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxCardDisputes, sandboxCardPayments } from '../../db/schema/index.ts';

export type SandboxDisputeRow = typeof sandboxCardDisputes.$inferSelect;
type DisputeChanges = Partial<Pick<typeof sandboxCardDisputes.$inferInsert, 'status' | 'evidenceText'>>;

/**
 * The sandbox processor's disputes: what Checkout.com keeps about a chargeback. One per payment
 * (a unique index: a second open is refused, however the two calls race), and every move is one
 * conditional UPDATE on the status, so of two concurrent moves exactly one applies.
 */
export function createSandboxDisputesRepository(db: Database) {
  return {
    /** Inserts the dispute unless its payment has one already: undefined then. */
    async insertOnce(values: typeof sandboxCardDisputes.$inferInsert): Promise<SandboxDisputeRow | undefined> {
      const [row] = await db
        .insert(sandboxCardDisputes)
        .values(values)
        .onConflictDoNothing({ target: sandboxCardDisputes.paymentId })
        .returning();
      return row;
    },

    /** The disputed payment, locked until the caller's transaction ends (a refund racing a new dispute waits for it). */
    async lockPayment(paymentId: string): Promise<typeof sandboxCardPayments.$inferSelect | undefined> {
      const [row] = await db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, paymentId)).for('update');
      return row;
    },

    async findDispute(id: string): Promise<SandboxDisputeRow | undefined> {
      const [row] = await db.select().from(sandboxCardDisputes).where(eq(sandboxCardDisputes.id, id));
      return row;
    },

    async findForPayment(paymentId: string): Promise<SandboxDisputeRow | undefined> {
      const [row] = await db.select().from(sandboxCardDisputes).where(eq(sandboxCardDisputes.paymentId, paymentId));
      return row;
    },

    /** Moves a dispute from one of `from`; undefined when it was in none of them (moved by a concurrent call, or not allowed). */
    async transition(id: string, input: { from: string[]; changes: DisputeChanges; now: Date }): Promise<SandboxDisputeRow | undefined> {
      const [row] = await db
        .update(sandboxCardDisputes)
        .set({ ...input.changes, updatedAt: input.now })
        .where(and(eq(sandboxCardDisputes.id, id), inArray(sandboxCardDisputes.status, input.from)))
        .returning();
      return row;
    },
  };
}

export type SandboxDisputesRepository = ReturnType<typeof createSandboxDisputesRepository>;
