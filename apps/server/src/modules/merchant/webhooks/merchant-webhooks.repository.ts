import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  merchants,
  merchantTransactions,
  merchantUserLinks,
  merchantWebhookAttempts,
  merchantWebhookDeliveries,
  merchantWebhookEndpoints,
  merchantWebhookMessages,
} from '../../../db/schema/index.ts';

export type WebhookEndpointRow = typeof merchantWebhookEndpoints.$inferSelect;
export type WebhookMessageRow = typeof merchantWebhookMessages.$inferSelect;
export type WebhookDeliveryRow = typeof merchantWebhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof merchantWebhookAttempts.$inferSelect;

/** The merchant webhooks' tables: the only ORM access of merchant/webhooks. */
export function createMerchantWebhooksRepository(db: Database) {
  return {
    async insertEndpoint(values: typeof merchantWebhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
      const [row] = await db.insert(merchantWebhookEndpoints).values(values).returning();
      return row!;
    },

    async merchantExists(merchantId: string): Promise<boolean> {
      return (await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId))).length > 0;
    },

    /** Creates the endpoint unless its id exists (the demo merchant's, seeded at every start). */
    async insertEndpointIfMissing(values: typeof merchantWebhookEndpoints.$inferInsert): Promise<void> {
      await db.insert(merchantWebhookEndpoints).values(values).onConflictDoNothing();
    },

    async endpoint(merchantId: string, endpointId: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(merchantWebhookEndpoints)
        .where(and(eq(merchantWebhookEndpoints.id, endpointId), eq(merchantWebhookEndpoints.merchantId, merchantId)));
      return row;
    },

    async endpointById(endpointId: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db.select().from(merchantWebhookEndpoints).where(eq(merchantWebhookEndpoints.id, endpointId));
      return row;
    },

    async endpointsOf(merchantId: string, onlyEnabled = false): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(merchantWebhookEndpoints)
        .where(
          and(eq(merchantWebhookEndpoints.merchantId, merchantId), onlyEnabled ? eq(merchantWebhookEndpoints.enabled, true) : undefined),
        )
        .orderBy(merchantWebhookEndpoints.createdAt, merchantWebhookEndpoints.id);
    },

    async updateEndpoint(
      endpointId: string,
      set: Partial<Pick<WebhookEndpointRow, 'enabled' | 'secretEncrypted' | 'url' | 'description'>>,
      at: Date,
    ) {
      await db
        .update(merchantWebhookEndpoints)
        .set({ ...set, updatedAt: at })
        .where(eq(merchantWebhookEndpoints.id, endpointId));
    },

    /** Stores a message once per (merchant, sourceKey): false when that change was already recorded. */
    async insertMessage(values: typeof merchantWebhookMessages.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(merchantWebhookMessages)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: merchantWebhookMessages.id });
      return rows.length === 1;
    },

    async message(merchantId: string, messageId: string): Promise<WebhookMessageRow | undefined> {
      const [row] = await db
        .select()
        .from(merchantWebhookMessages)
        .where(and(eq(merchantWebhookMessages.id, messageId), eq(merchantWebhookMessages.merchantId, merchantId)));
      return row;
    },

    async messagesOf(merchantId: string, limit: number): Promise<WebhookMessageRow[]> {
      return db
        .select()
        .from(merchantWebhookMessages)
        .where(eq(merchantWebhookMessages.merchantId, merchantId))
        .orderBy(desc(merchantWebhookMessages.createdAt), desc(merchantWebhookMessages.id))
        .limit(limit);
    },

    async insertDelivery(values: typeof merchantWebhookDeliveries.$inferInsert): Promise<void> {
      await db.insert(merchantWebhookDeliveries).values(values);
    },

    /** A delivery with what it sends and where (one read for each attempt). */
    async deliveryToSend(deliveryId: string) {
      const [row] = await db
        .select({ delivery: merchantWebhookDeliveries, message: merchantWebhookMessages, endpoint: merchantWebhookEndpoints })
        .from(merchantWebhookDeliveries)
        .innerJoin(merchantWebhookMessages, eq(merchantWebhookMessages.id, merchantWebhookDeliveries.messageId))
        .innerJoin(merchantWebhookEndpoints, eq(merchantWebhookEndpoints.id, merchantWebhookDeliveries.endpointId))
        .where(eq(merchantWebhookDeliveries.id, deliveryId));
      return row;
    },

    /**
     * Records an attempt and the delivery's new state, only if the delivery still stands where it was
     * read (Pending after `attemptsBefore` attempts): a second worker's late answer changes nothing.
     */
    async recordAttempt(
      deliveryId: string,
      attemptsBefore: number,
      attempt: typeof merchantWebhookAttempts.$inferInsert,
      set: Partial<Pick<WebhookDeliveryRow, 'status' | 'nextAttemptAt' | 'completedAt'>>,
    ): Promise<boolean> {
      const moved = await db
        .update(merchantWebhookDeliveries)
        .set({
          ...set,
          attempts: attemptsBefore + 1,
          lastAttemptAt: attempt.at,
          lastStatusCode: attempt.statusCode ?? null,
          lastError: attempt.error ?? null,
        })
        .where(
          and(
            eq(merchantWebhookDeliveries.id, deliveryId),
            eq(merchantWebhookDeliveries.status, 'Pending'),
            eq(merchantWebhookDeliveries.attempts, attemptsBefore),
          ),
        )
        .returning({ id: merchantWebhookDeliveries.id });
      if (moved.length === 0) return false;
      await db.insert(merchantWebhookAttempts).values(attempt);
      return true;
    },

    /** An endpoint's deliveries, newest first, with their message's type (the console's delivery log). */
    async deliveriesOf(endpointId: string, limit: number) {
      return db
        .select({ delivery: merchantWebhookDeliveries, eventType: merchantWebhookMessages.eventType })
        .from(merchantWebhookDeliveries)
        .innerJoin(merchantWebhookMessages, eq(merchantWebhookMessages.id, merchantWebhookDeliveries.messageId))
        .where(eq(merchantWebhookDeliveries.endpointId, endpointId))
        .orderBy(desc(merchantWebhookDeliveries.createdAt), desc(merchantWebhookDeliveries.id))
        .limit(limit);
    },

    /** The attempts of these deliveries, oldest first: one read for a whole page of the log. */
    async attemptsOf(deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
      if (deliveryIds.length === 0) return [];
      return db
        .select()
        .from(merchantWebhookAttempts)
        .where(inArray(merchantWebhookAttempts.deliveryId, deliveryIds))
        .orderBy(merchantWebhookAttempts.at, merchantWebhookAttempts.id);
    },

    /**
     * The customer id the merchant knows an order's person by: its transaction's, else the newest link
     * of the person at that merchant; null for a person who came unlinked.
     */
    async merchantUserIdOf(merchantId: string, userId: string, tranId: string | null): Promise<string | null> {
      if (tranId) {
        const [transaction] = await db
          .select({ merchantUserId: merchantTransactions.merchantUserId })
          .from(merchantTransactions)
          .where(and(eq(merchantTransactions.tranId, tranId), eq(merchantTransactions.merchantId, merchantId)));
        if (transaction?.merchantUserId) return transaction.merchantUserId;
      }
      const [link] = await db
        .select({ merchantUserId: merchantUserLinks.merchantUserId })
        .from(merchantUserLinks)
        .where(and(eq(merchantUserLinks.merchantId, merchantId), eq(merchantUserLinks.userId, userId)))
        .orderBy(desc(merchantUserLinks.verifiedAt))
        .limit(1);
      return link?.merchantUserId ?? null;
    },

    /** Every merchant customer id linked to the person (a merchant may know one person by several). */
    async linksOfUser(userId: string): Promise<Array<{ merchantId: string; merchantUserId: string }>> {
      const rows = await db
        .select({ merchantId: merchantUserLinks.merchantId, merchantUserId: merchantUserLinks.merchantUserId })
        .from(merchantUserLinks)
        .where(eq(merchantUserLinks.userId, userId))
        .orderBy(desc(merchantUserLinks.verifiedAt));
      return rows;
    },
  };
}

export type MerchantWebhooksRepository = ReturnType<typeof createMerchantWebhooksRepository>;
