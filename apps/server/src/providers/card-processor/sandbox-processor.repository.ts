import { and, count, desc, eq, gt, inArray, isNotNull, lte, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxCardPayments, sandboxCardTokens } from '../../db/schema/index.ts';
import { createSandboxDisputesRepository } from './sandbox-disputes.repository.ts';
import { createSandboxPayoutsRepository } from './sandbox-payouts.repository.ts';

export type SandboxTokenRow = typeof sandboxCardTokens.$inferSelect;
export type SandboxPaymentRow = typeof sandboxCardPayments.$inferSelect;
type PaymentChanges = Partial<
  Pick<typeof sandboxCardPayments.$inferInsert, 'status' | 'authorizedAmount' | 'declineReason' | 'capturedAmount'>
>;

/**
 * The sandbox processor's own books: what Checkout.com would keep about cards, payments and payouts.
 * Every state change is one conditional UPDATE (compare and set on the status, and on the
 * action's key not yet applied), so concurrent calls cannot both move a payment.
 */
export function createSandboxProcessorRepository(db: Database) {
  const byKey = async (idempotencyKey: string) => {
    const [row] = await db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.idempotencyKey, idempotencyKey));
    return row;
  };

  return {
    /** Its payouts to cards (sandbox-payouts.repository.ts). */
    payouts: createSandboxPayoutsRepository(db),

    /** Its disputes of payments (sandbox-disputes.repository.ts). */
    disputes: createSandboxDisputesRepository(db),

    /** Runs `work` in one transaction (joining the caller's): a change and the webhooks it queues commit together. */
    transaction<T>(work: () => Promise<T>): Promise<T> {
      return db.transaction(() => work());
    },

    async insertToken(values: typeof sandboxCardTokens.$inferInsert): Promise<void> {
      await db.insert(sandboxCardTokens).values(values);
    },

    /**
     * Spends a card-fields token: one DELETE … RETURNING, so of two concurrent saves of the same
     * token exactly one gets the row. An expired or reusable (saved-card) token is never spent.
     */
    async spendCardFieldsToken(token: string, now: Date): Promise<SandboxTokenRow | undefined> {
      const [row] = await db
        .delete(sandboxCardTokens)
        .where(and(eq(sandboxCardTokens.token, token), isNotNull(sandboxCardTokens.expiresAt), gt(sandboxCardTokens.expiresAt, now)))
        .returning();
      return row;
    },

    /** Card-fields tokens past their time, never spent: nothing can use them, so they go. */
    async deleteExpiredCardFieldsTokens(now: Date): Promise<number> {
      const deleted = await db
        .delete(sandboxCardTokens)
        .where(and(isNotNull(sandboxCardTokens.expiresAt), lte(sandboxCardTokens.expiresAt, now)))
        .returning({ token: sandboxCardTokens.token });
      return deleted.length;
    },

    async findToken(token: string): Promise<SandboxTokenRow | undefined> {
      const [row] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token));
      return row;
    },

    /**
     * Inserts the payment unless its idempotency key has one already, and answers the payment of
     * the key either way (`inserted` says which): concurrent calls with one key all get the row the
     * unique index let in.
     */
    async insertPaymentOnce(values: typeof sandboxCardPayments.$inferInsert): Promise<{ row: SandboxPaymentRow; inserted: boolean }> {
      const [inserted] = await db
        .insert(sandboxCardPayments)
        .values(values)
        .onConflictDoNothing({ target: sandboxCardPayments.idempotencyKey })
        .returning();
      if (inserted) return { row: inserted, inserted: true };
      const row = await byKey(values.idempotencyKey);
      if (!row) throw new Error('sandbox payment vanished during insert');
      return { row, inserted: false };
    },

    async findPayment(id: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, id));
      return row;
    },

    /** The newest payment for a reference (creation time; the id breaks a tie within one millisecond). */
    async newestPaymentFor(reference: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxCardPayments)
        .where(eq(sandboxCardPayments.reference, reference))
        .orderBy(desc(sandboxCardPayments.createdAt), desc(sandboxCardPayments.id))
        .limit(1);
      return row;
    },

    async countPaymentsFor(reference: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sandboxCardPayments).where(eq(sandboxCardPayments.reference, reference));
      return row?.n ?? 0;
    },

    /**
     * Moves a payment from one of `from` to new values, recording `appliedKey` (when given) so the
     * same action is never applied twice. Answers the updated row, or undefined when the payment
     * was not in one of `from` or the key was applied already (the caller reads it to tell which).
     */
    async transition(
      id: string,
      input: { from: string[]; changes: PaymentChanges; appliedKey?: string; now: Date },
    ): Promise<SandboxPaymentRow | undefined> {
      const conditions = [eq(sandboxCardPayments.id, id), inArray(sandboxCardPayments.status, input.from)];
      if (input.appliedKey) conditions.push(not(sql`${input.appliedKey} = any(${sandboxCardPayments.appliedKeys})`));
      const [row] = await db
        .update(sandboxCardPayments)
        .set({
          ...input.changes,
          updatedAt: input.now,
          ...(input.appliedKey ? { appliedKeys: sql`array_append(${sandboxCardPayments.appliedKeys}, ${input.appliedKey}::text)` } : {}),
        })
        .where(and(...conditions))
        .returning();
      return row;
    },

    /**
     * Adds a refund to a captured payment, only while the refunds stay within the captured amount;
     * the whole captured amount refunded makes it REFUNDED. Undefined when it did not apply.
     */
    async addRefund(id: string, input: { amount: string; appliedKey: string; now: Date }): Promise<SandboxPaymentRow | undefined> {
      const after = sql`(${sandboxCardPayments.refundedAmount} + ${input.amount}::numeric)`;
      const [row] = await db
        .update(sandboxCardPayments)
        .set({
          refundedAmount: sql`${after}`,
          status: sql`case when ${after} = ${sandboxCardPayments.capturedAmount} then 'REFUNDED' else ${sandboxCardPayments.status} end`,
          appliedKeys: sql`array_append(${sandboxCardPayments.appliedKeys}, ${input.appliedKey}::text)`,
          updatedAt: input.now,
        })
        .where(
          and(
            eq(sandboxCardPayments.id, id),
            eq(sandboxCardPayments.status, 'CAPTURED'),
            sql`${after} <= ${sandboxCardPayments.capturedAmount}`,
            not(sql`${input.appliedKey} = any(${sandboxCardPayments.appliedKeys})`),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type SandboxProcessorRepository = ReturnType<typeof createSandboxProcessorRepository>;
