import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  kycShareOutcomes,
  merchantAllowedOrigins,
  merchantApiKeys,
  merchantMembers,
  merchants,
  merchantUserLinks,
  orders,
  users,
} from '../../../db/schema/index.ts';
import type { MerchantApiKeyRow } from '../merchant.repository.ts';

/** The console's tables: members, keys, allowed origins, and the merchant's orders to list. */
export function createMerchantConsoleRepository(db: Database) {
  return {
    async membershipsOf(userId: string) {
      return db
        .select({
          merchantId: merchants.id,
          name: merchants.name,
          code: merchants.code,
          status: merchants.status,
          role: merchantMembers.role,
        })
        .from(merchantMembers)
        .innerJoin(merchants, eq(merchants.id, merchantMembers.merchantId))
        .where(eq(merchantMembers.userId, userId))
        .orderBy(merchants.name);
    },

    async roleOf(userId: string, merchantId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ role: merchantMembers.role })
        .from(merchantMembers)
        .where(and(eq(merchantMembers.userId, userId), eq(merchantMembers.merchantId, merchantId)));
      return row?.role;
    },

    async insertMemberIfMissing(values: typeof merchantMembers.$inferInsert): Promise<void> {
      await db.insert(merchantMembers).values(values).onConflictDoNothing();
    },

    /** Makes the account with this email a member, if there is such an account and it is not one already. */
    async insertMemberByEmailIfMissing(member: {
      merchantId: string;
      email: string;
      role: 'Owner' | 'Developer';
      now: Date;
    }): Promise<void> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, member.email));
      if (user)
        await db
          .insert(merchantMembers)
          .values({ merchantId: member.merchantId, userId: user.id, role: member.role, createdAt: member.now })
          .onConflictDoNothing();
    },

    /** The merchant's row, locked until the transaction ends: key and origin changes of one merchant go one at a time. */
    async lockMerchant(merchantId: string): Promise<void> {
      await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    },

    async keysOf(merchantId: string): Promise<MerchantApiKeyRow[]> {
      return db
        .select()
        .from(merchantApiKeys)
        .where(eq(merchantApiKeys.merchantId, merchantId))
        .orderBy(desc(merchantApiKeys.createdAt), merchantApiKeys.id);
    },

    async key(merchantId: string, keyId: string): Promise<MerchantApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(merchantApiKeys)
        .where(and(eq(merchantApiKeys.id, keyId), eq(merchantApiKeys.merchantId, merchantId)));
      return row;
    },

    async insertKey(values: typeof merchantApiKeys.$inferInsert): Promise<MerchantApiKeyRow> {
      const [row] = await db.insert(merchantApiKeys).values(values).returning();
      return row!;
    },

    /** Ends a key at `at` (a roll's overlap) unless it was revoked already; an earlier end stands. */
    async setKeyEnd(keyId: string, set: { expiresAt?: Date; revokedAt?: Date }): Promise<void> {
      await db
        .update(merchantApiKeys)
        .set(set)
        .where(and(eq(merchantApiKeys.id, keyId), isNull(merchantApiKeys.revokedAt)));
    },

    async originsOf(merchantId: string) {
      return db
        .select()
        .from(merchantAllowedOrigins)
        .where(eq(merchantAllowedOrigins.merchantId, merchantId))
        .orderBy(merchantAllowedOrigins.origin);
    },

    /** Every active merchant's allowed origins together: who may frame the checkout. */
    async allAllowedOrigins(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ origin: merchantAllowedOrigins.origin })
        .from(merchantAllowedOrigins)
        .innerJoin(merchants, eq(merchants.id, merchantAllowedOrigins.merchantId))
        .where(eq(merchants.status, 'Active'))
        .orderBy(merchantAllowedOrigins.origin);
      return rows.map((row) => row.origin);
    },

    async addOrigin(merchantId: string, origin: string, at: Date): Promise<void> {
      await db.insert(merchantAllowedOrigins).values({ merchantId, origin, createdAt: at }).onConflictDoNothing();
    },

    async removeOrigin(merchantId: string, origin: string): Promise<void> {
      await db
        .delete(merchantAllowedOrigins)
        .where(and(eq(merchantAllowedOrigins.merchantId, merchantId), eq(merchantAllowedOrigins.origin, origin)));
    },

    async ordersOf(merchantId: string, limit: number, offset: number) {
      const rows = await db
        .select({
          orderId: orders.id,
          tranId: orders.merchantTranId,
          transactionType: orders.transactionType,
          status: orders.status,
          fiatCurrency: orders.fiatCurrency,
          fiatAmount: orders.fiatAmount,
          cryptoCurrency: orders.cryptoCurrency,
          cryptoAmount: orders.cryptoAmount,
          network: orders.network,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.merchantId, merchantId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.merchantId, merchantId));
      return { rows, total: total?.n ?? 0 };
    },

    /** The merchant's linked customers, newest link first (merchant_user_links_merchant_created); never whose account. */
    async customersOf(merchantId: string, limit: number, offset: number) {
      const rows = await db
        .select({
          merchantUserId: merchantUserLinks.merchantUserId,
          linkedAt: merchantUserLinks.createdAt,
          verifiedAt: merchantUserLinks.verifiedAt,
          signedUpHere: merchantUserLinks.signedUpHere,
          campaignTag: merchantUserLinks.campaignTag,
        })
        .from(merchantUserLinks)
        .where(eq(merchantUserLinks.merchantId, merchantId))
        .orderBy(desc(merchantUserLinks.createdAt), desc(merchantUserLinks.merchantUserId))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(merchantUserLinks).where(eq(merchantUserLinks.merchantId, merchantId));
      return { rows, total: total?.n ?? 0 };
    },

    /** What became of the merchant's share tokens, newest first (kyc_share_outcomes_merchant); never whose account. */
    async sharedKycOf(merchantId: string, limit: number, offset: number) {
      const rows = await db
        .select({
          createdAt: kycShareOutcomes.createdAt,
          merchantUserId: kycShareOutcomes.merchantUserId,
          outcome: kycShareOutcomes.outcome,
          party: kycShareOutcomes.party,
          reason: kycShareOutcomes.reason,
        })
        .from(kycShareOutcomes)
        .where(eq(kycShareOutcomes.merchantId, merchantId))
        .orderBy(desc(kycShareOutcomes.createdAt), desc(kycShareOutcomes.shareTokenSha256))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(kycShareOutcomes).where(eq(kycShareOutcomes.merchantId, merchantId));
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type MerchantConsoleRepository = ReturnType<typeof createMerchantConsoleRepository>;
