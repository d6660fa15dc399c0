import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { merchantTransactions, orders } from '../../db/schema/index.ts';

export type MerchantTransactionRow = typeof merchantTransactions.$inferSelect;

/** What the order that took a transaction pays: its amounts and where its crypto goes. */
export interface TransactionPaid {
  fiatAmount: string;
  cryptoAmount: string;
  walletAddress: string;
  memo: string | null;
}

/** Merchants' transactions: created once by their server, taken by one order at a time. */
export function createMerchantTransactionsRepository(db: Database) {
  return {
    /** The stored row, or undefined when the tranId exists already (the caller compares it with what was sent). */
    async insert(values: typeof merchantTransactions.$inferInsert): Promise<MerchantTransactionRow | undefined> {
      return (await db.insert(merchantTransactions).values(values).onConflictDoNothing().returning())[0];
    },

    async find(tranId: string): Promise<MerchantTransactionRow | undefined> {
      return (await db.select().from(merchantTransactions).where(eq(merchantTransactions.tranId, tranId)))[0];
    },

    /** The transaction with what its order (the last one that took it) pays, in one read. */
    async findWithOrder(tranId: string): Promise<{ row: MerchantTransactionRow; paid: TransactionPaid | null } | undefined> {
      const [found] = await db
        .select({
          row: merchantTransactions,
          paid: {
            fiatAmount: orders.fiatAmount,
            cryptoAmount: orders.cryptoAmount,
            walletAddress: orders.walletAddress,
            memo: orders.memo,
          },
        })
        .from(merchantTransactions)
        .leftJoin(orders, eq(orders.id, merchantTransactions.orderId))
        .where(eq(merchantTransactions.tranId, tranId));
      return found && { row: found.row, paid: found.paid?.fiatAmount ? (found.paid as TransactionPaid) : null };
    },

    /**
     * An order takes the transaction, inside the order's own transaction. Only an Initial or
     * Failed one (a failed order may be tried again) of nobody else: false otherwise.
     */
    async take(tranId: string, take: { orderId: string; userId: string; at: Date }): Promise<boolean> {
      const [row] = await db.select().from(merchantTransactions).where(eq(merchantTransactions.tranId, tranId)).for('update');
      if (!row || !['Initial', 'Failed'].includes(row.status) || (row.userId && row.userId !== take.userId)) return false;
      // Linking this account to the merchant's customer failed (kycLoginFail): it may not pay the transaction.
      if (row.kycLoginFail && row.claimedBy === take.userId) return false;
      await db
        .update(merchantTransactions)
        .set({ status: 'Processing', orderId: take.orderId, userId: take.userId, updatedAt: take.at })
        .where(eq(merchantTransactions.tranId, tranId));
      return true;
    },

    /** An account signed in with the transaction's orderToken asked to be linked: who, and why it failed (null: it did not). */
    async recordClaim(tranId: string, claimedBy: string, kycLoginFail: string | null, at: Date): Promise<void> {
      await db.update(merchantTransactions).set({ claimedBy, kycLoginFail, updatedAt: at }).where(eq(merchantTransactions.tranId, tranId));
    },

    /**
     * A merchant's shared KYC was not this account's person (docs/rules/merchant-linking.md): its open
     * transactions (Initial or Failed) for the account record why, as a failed claim by it does. The account's:
     * those naming the merchant's customer id of the entry that shared it, or, without one, those it claimed or
     * took. Never one another account took or claimed, nor one whose linking failed already for another reason.
     * Answers the tranIds marked.
     */
    async recordShareMismatch(mismatch: {
      merchantId: string;
      merchantUserId: string | null;
      userId: string;
      code: string;
      at: Date;
    }): Promise<string[]> {
      const { userId } = mismatch;
      const ofAccount =
        mismatch.merchantUserId !== null
          ? eq(merchantTransactions.merchantUserId, mismatch.merchantUserId)
          : or(eq(merchantTransactions.claimedBy, userId), eq(merchantTransactions.userId, userId));
      const rows = await db
        .update(merchantTransactions)
        .set({ claimedBy: userId, kycLoginFail: mismatch.code, updatedAt: mismatch.at })
        .where(
          and(
            eq(merchantTransactions.merchantId, mismatch.merchantId),
            inArray(merchantTransactions.status, ['Initial', 'Failed']),
            or(isNull(merchantTransactions.userId), eq(merchantTransactions.userId, userId)),
            or(isNull(merchantTransactions.claimedBy), eq(merchantTransactions.claimedBy, userId)),
            isNull(merchantTransactions.kycLoginFail),
            ofAccount,
          ),
        )
        .returning({ tranId: merchantTransactions.tranId });
      return rows.map((row) => row.tranId);
    },

    /** The order that took it ended: Success, or Failed (which frees it for another try). */
    async finish(tranId: string, orderId: string, status: 'Success' | 'Failed', at: Date): Promise<void> {
      await db
        .update(merchantTransactions)
        .set({ status, updatedAt: at })
        .where(
          and(
            eq(merchantTransactions.tranId, tranId),
            eq(merchantTransactions.orderId, orderId),
            eq(merchantTransactions.status, 'Processing'),
          ),
        );
    },
  };
}

export type MerchantTransactionsRepository = ReturnType<typeof createMerchantTransactionsRepository>;
