import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, quotes } from '../../db/schema/index.ts';

export type QuoteRow = typeof quotes.$inferSelect;

/** Quotes: each order id's prices, the newest one the only one that may be submitted. */
export function createQuotesRepository(db: Database) {
  return {
    async insertQuote(values: typeof quotes.$inferInsert): Promise<void> {
      await db.transaction(async () => {
        // A new price for the order replaces the old one: only the newest quote may be submitted.
        await db
          .update(quotes)
          .set({ supersededAt: values.createdAt })
          .where(and(eq(quotes.orderId, values.orderId), eq(quotes.userId, values.userId), isNull(quotes.supersededAt)));
        await db.insert(quotes).values(values);
      });
    },

    /** Who an order id belongs to already (its first quote, or the order), or null when it is fresh. */
    async ownerOfOrderId(orderId: string): Promise<{ userId: string; submitted: boolean } | null> {
      const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
      if (order) return { userId: order.userId, submitted: true };
      const [quote] = await db.select({ userId: quotes.userId }).from(quotes).where(eq(quotes.orderId, orderId)).limit(1);
      return quote ? { userId: quote.userId, submitted: false } : null;
    },

    async findQuote(quoteId: string): Promise<QuoteRow | undefined> {
      return (await db.select().from(quotes).where(eq(quotes.id, quoteId)))[0];
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
