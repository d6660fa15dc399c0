import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cardDisputes, cardWebhookEvents } from '../../../db/schema/index.ts';

export type CardDisputeRow = typeof cardDisputes.$inferSelect;

/** A dispute still open: the money is held and the person's new card buys wait for its end. */
export const OPEN_DISPUTE_STATUSES = ['EVIDENCE_REQUIRED', 'UNDER_REVIEW'] as const;

export function createCardDisputesRepository(db: Database) {
  return {
    /** Stores a webhook event once by its key: false when it was stored already (a resend). */
    async storeEventOnce(eventKey: string, type: string, receivedAt: Date): Promise<boolean> {
      const inserted = await db
        .insert(cardWebhookEvents)
        .values({ eventKey, type, receivedAt })
        .onConflictDoNothing()
        .returning({ eventKey: cardWebhookEvents.eventKey });
      return inserted.length > 0;
    },

    async find(processor: string, processorDisputeId: string): Promise<CardDisputeRow | undefined> {
      const [row] = await db
        .select()
        .from(cardDisputes)
        .where(and(eq(cardDisputes.processor, processor), eq(cardDisputes.processorDisputeId, processorDisputeId)));
      return row;
    },

    /** The row locked for this transaction's change (two deliveries of one dispute apply one after the other). */
    async lock(processor: string, processorDisputeId: string): Promise<CardDisputeRow | undefined> {
      const [row] = await db
        .select()
        .from(cardDisputes)
        .where(and(eq(cardDisputes.processor, processor), eq(cardDisputes.processorDisputeId, processorDisputeId)))
        .for('update');
      return row;
    },

    /** Inserts the dispute unless another delivery did first: answers the row that stands. */
    async insertIfAbsent(values: typeof cardDisputes.$inferInsert): Promise<{ row: CardDisputeRow; inserted: boolean }> {
      const [inserted] = await db.insert(cardDisputes).values(values).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, inserted: true };
      const row = await this.lock(values.processor, values.processorDisputeId);
      if (!row) throw new Error(`dispute ${values.processorDisputeId} vanished`);
      return { row, inserted: false };
    },

    async update(id: string, set: Partial<typeof cardDisputes.$inferInsert>): Promise<void> {
      await db.update(cardDisputes).set(set).where(eq(cardDisputes.id, id));
    },

    /** Marks evidence as being sent, once: false when it was sent (or is being sent) already. */
    async claimEvidence(id: string, at: Date): Promise<boolean> {
      const claimed = await db
        .update(cardDisputes)
        .set({ evidenceSubmittedAt: at, updatedAt: at })
        .where(and(eq(cardDisputes.id, id), isNull(cardDisputes.evidenceSubmittedAt), eq(cardDisputes.status, 'EVIDENCE_REQUIRED')))
        .returning({ id: cardDisputes.id });
      return claimed.length > 0;
    },

    async hasOpen(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ open: sql<number>`1` })
        .from(cardDisputes)
        .where(and(eq(cardDisputes.userId, userId), inArray(cardDisputes.status, [...OPEN_DISPUTE_STATUSES])))
        .limit(1);
      return row !== undefined;
    },

    async ofOrder(orderId: string): Promise<CardDisputeRow[]> {
      return db.select().from(cardDisputes).where(eq(cardDisputes.orderId, orderId));
    },
  };
}

export type CardDisputesRepository = ReturnType<typeof createCardDisputesRepository>;
