import { eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.ts';
import { quotes } from '../../db/schema/index.ts';

export type QuoteRow = typeof quotes.$inferSelect;

/** Quotes: each order id's prices, the newest one the only one that may be submitted. */
export function createQuotesRepository(db: Database) {
  return {
    /**
     * Stores a quote and supersedes the order's older ones (only the newest may be submitted), in
     * one statement: one round trip on every quote. False, and nothing written, when the order id
     * is already another person's (their quotes hold it).
     */
    async insertQuote(row: QuoteRow): Promise<boolean> {
      const othersHoldIt = sql`exists (select 1 from quotes where order_id = ${row.orderId} and user_id <> ${row.userId})`;
      const stored = await db.execute<{ id: string }>(sql`
        with superseded as (
          update quotes set superseded_at = ${row.createdAt.toISOString()}::timestamptz
          where order_id = ${row.orderId} and user_id = ${row.userId} and superseded_at is null and not ${othersHoldIt}
        )
        -- A select, not values: only a select can be refused by the where below. Its parameters are typed by casts.
        insert into quotes (id, order_id, user_id, transaction_type, channel_code, payment_method, fiat_currency, crypto_currency, network,
          amount_type, fiat_amount, crypto_amount, price, reference_price, fees, promotion_applied, wallet_address, memo,
          tran_id, created_at, expires_at, superseded_at)
        select ${row.id}, ${row.orderId}::uuid, ${row.userId}, ${row.transactionType}, ${row.channelCode}, ${row.paymentMethod}, ${row.fiatCurrency},
          ${row.cryptoCurrency}, ${row.network}, ${row.amountType}, ${row.fiatAmount}::numeric, ${row.cryptoAmount}::numeric,
          ${row.price}::numeric, ${row.referencePrice}::numeric, ${JSON.stringify(row.fees)}::jsonb, ${row.promotionApplied}::boolean,
          ${row.walletAddress}, ${row.memo},
          ${row.tranId}, ${row.createdAt.toISOString()}::timestamptz, ${row.expiresAt.toISOString()}::timestamptz, null
        where not ${othersHoldIt}
        returning id`);
      return rowsOf(stored).length === 1;
    },

    async findQuote(quoteId: string): Promise<QuoteRow | undefined> {
      return (await db.select().from(quotes).where(eq(quotes.id, quoteId)))[0];
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
