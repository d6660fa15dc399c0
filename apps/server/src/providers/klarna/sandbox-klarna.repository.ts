import { and, eq, gt, inArray, isNull, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxKlarnaOrders, sandboxKlarnaSessions } from '../../db/schema/index.ts';

export type SandboxKlarnaSessionRow = typeof sandboxKlarnaSessions.$inferSelect;
export type SandboxKlarnaOrderRow = typeof sandboxKlarnaOrders.$inferSelect;

/**
 * The sandbox Klarna's books. Every change is one conditional statement (compare and set on the
 * state, and on the action's key not yet applied), so two calls at once cannot both move a row.
 */
export function createSandboxKlarnaRepository(db: Database) {
  const orderByKey = async (idempotencyKey: string) => {
    const [row] = await db.select().from(sandboxKlarnaOrders).where(eq(sandboxKlarnaOrders.idempotencyKey, idempotencyKey));
    return row;
  };
  const notApplied = (key: string) => not(sql`${key} = any(${sandboxKlarnaOrders.appliedKeys})`);
  const appended = (key: string) => sql`array_append(${sandboxKlarnaOrders.appliedKeys}, ${key}::text)`;

  return {
    async insertSession(values: typeof sandboxKlarnaSessions.$inferInsert): Promise<void> {
      await db.insert(sandboxKlarnaSessions).values(values);
    },

    async findSession(id: string): Promise<SandboxKlarnaSessionRow | undefined> {
      const [row] = await db.select().from(sandboxKlarnaSessions).where(eq(sandboxKlarnaSessions.id, id));
      return row;
    },

    async findSessionByToken(token: string): Promise<SandboxKlarnaSessionRow | undefined> {
      const [row] = await db.select().from(sandboxKlarnaSessions).where(eq(sandboxKlarnaSessions.authorizationToken, token));
      return row;
    },

    /** Answers a session still WAITING and unexpired; undefined when it was not (answered before, expired). */
    async answerSession(
      id: string,
      changes: Pick<typeof sandboxKlarnaSessions.$inferInsert, 'outcome' | 'authorizationToken' | 'fraudDecision' | 'authorizedAt'>,
      now: Date,
    ): Promise<SandboxKlarnaSessionRow | undefined> {
      const [row] = await db
        .update(sandboxKlarnaSessions)
        .set(changes)
        .where(
          and(eq(sandboxKlarnaSessions.id, id), eq(sandboxKlarnaSessions.outcome, 'WAITING'), gt(sandboxKlarnaSessions.expiresAt, now)),
        )
        .returning();
      return row;
    },

    /** Releases a token no order was placed with: true when it did. */
    async releaseToken(token: string, now: Date): Promise<boolean> {
      const released = await db
        .update(sandboxKlarnaSessions)
        .set({ releasedAt: now })
        .where(and(eq(sandboxKlarnaSessions.authorizationToken, token), isNull(sandboxKlarnaSessions.releasedAt)))
        .returning({ id: sandboxKlarnaSessions.id });
      return released.length > 0;
    },

    /**
     * Inserts the order unless its key or its token has one already. Answers the key's order either
     * way (`inserted` says which), or undefined when another key spent the token.
     */
    async insertOrderOnce(
      values: typeof sandboxKlarnaOrders.$inferInsert,
    ): Promise<{ row: SandboxKlarnaOrderRow; inserted: boolean } | undefined> {
      const [inserted] = await db.insert(sandboxKlarnaOrders).values(values).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, inserted: true };
      const row = await orderByKey(values.idempotencyKey);
      return row ? { row, inserted: false } : undefined;
    },

    orderByKey,

    async findOrder(id: string): Promise<SandboxKlarnaOrderRow | undefined> {
      const [row] = await db.select().from(sandboxKlarnaOrders).where(eq(sandboxKlarnaOrders.id, id));
      return row;
    },

    async isTokenSpent(token: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sandboxKlarnaOrders.id })
        .from(sandboxKlarnaOrders)
        .where(eq(sandboxKlarnaOrders.authorizationToken, token));
      return row !== undefined;
    },

    /** Adds a capture while it fits in what is left; the whole amount captured makes it CAPTURED. */
    async addCapture(id: string, input: { minor: bigint; key: string; now: Date }): Promise<SandboxKlarnaOrderRow | undefined> {
      const after = sql`(${sandboxKlarnaOrders.capturedMinor} + ${input.minor}::bigint)`;
      const [row] = await db
        .update(sandboxKlarnaOrders)
        .set({
          capturedMinor: sql`${after}`,
          status: sql`case when ${after} = ${sandboxKlarnaOrders.amountMinor} then 'CAPTURED' else 'PART_CAPTURED' end`,
          appliedKeys: appended(input.key),
          updatedAt: input.now,
        })
        .where(
          and(
            eq(sandboxKlarnaOrders.id, id),
            inArray(sandboxKlarnaOrders.status, ['AUTHORIZED', 'PART_CAPTURED']),
            sql`${after} <= ${sandboxKlarnaOrders.amountMinor}`,
            notApplied(input.key),
          ),
        )
        .returning();
      return row;
    },

    /** Adds a refund while the refunds stay within the captures. */
    async addRefund(id: string, input: { minor: bigint; key: string; now: Date }): Promise<SandboxKlarnaOrderRow | undefined> {
      const after = sql`(${sandboxKlarnaOrders.refundedMinor} + ${input.minor}::bigint)`;
      const [row] = await db
        .update(sandboxKlarnaOrders)
        .set({ refundedMinor: sql`${after}`, appliedKeys: appended(input.key), updatedAt: input.now })
        .where(and(eq(sandboxKlarnaOrders.id, id), sql`${after} <= ${sandboxKlarnaOrders.capturedMinor}`, notApplied(input.key)))
        .returning();
      return row;
    },

    /** Cancels an order without captures. */
    async cancel(id: string, input: { key: string; now: Date }): Promise<SandboxKlarnaOrderRow | undefined> {
      const [row] = await db
        .update(sandboxKlarnaOrders)
        .set({ status: 'CANCELLED', appliedKeys: appended(input.key), updatedAt: input.now })
        .where(and(eq(sandboxKlarnaOrders.id, id), eq(sandboxKlarnaOrders.status, 'AUTHORIZED'), notApplied(input.key)))
        .returning();
      return row;
    },
  };
}

export type SandboxKlarnaRepository = ReturnType<typeof createSandboxKlarnaRepository>;
