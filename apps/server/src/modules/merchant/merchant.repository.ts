import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entryConfigs, merchantApiKeys, merchants, merchantUserLinks } from '../../db/schema/index.ts';

export type MerchantRow = typeof merchants.$inferSelect;
export type MerchantApiKeyRow = typeof merchantApiKeys.$inferSelect;
export type MerchantUserLinkRow = typeof merchantUserLinks.$inferSelect;

/** Merchants and the links between their customer ids and our accounts: the only ORM access of the merchant module. */
export function createMerchantRepository(db: Database) {
  return {
    /** Whether the merchant's own entry (entry_configs by its code) offers buy-and-send (transaction type BUY_SEND). */
    async offersBuySend(merchantCode: string): Promise<boolean> {
      const [row] = await db
        .select({ types: entryConfigs.transactionTypes })
        .from(entryConfigs)
        .where(eq(entryConfigs.merchantCode, merchantCode));
      return row?.types.includes('BUY_SEND') ?? false;
    },

    /** A key by its public part, with its merchant (whatever either's state: the caller decides). */
    async findByApiKey(apiKey: string): Promise<{ merchant: MerchantRow; key: MerchantApiKeyRow } | undefined> {
      const [row] = await db
        .select({ merchant: merchants, key: merchantApiKeys })
        .from(merchantApiKeys)
        .innerJoin(merchants, eq(merchants.id, merchantApiKeys.merchantId))
        .where(eq(merchantApiKeys.apiKey, apiKey));
      return row;
    },

    /** Creates the key unless its public part (or id) exists: the demo merchant's, at every sandbox start. */
    async insertKeyIfMissing(values: typeof merchantApiKeys.$inferInsert): Promise<void> {
      await db.insert(merchantApiKeys).values(values).onConflictDoNothing();
    },

    async findById(id: string): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
      return row;
    },

    /** Creates the merchant unless one with its code exists; never overwrites an operator's edits. */
    async insertIfMissing(values: typeof merchants.$inferInsert): Promise<void> {
      await db.insert(merchants).values(values).onConflictDoNothing();
    },

    /** The operator's desk: the merchants' customer ids linked to an account, newest first, with each merchant's name. */
    linksOfUser(userId: string) {
      return db
        .select({
          merchantId: merchantUserLinks.merchantId,
          merchantName: merchants.name,
          merchantUserId: merchantUserLinks.merchantUserId,
          verifiedAt: merchantUserLinks.verifiedAt,
        })
        .from(merchantUserLinks)
        .innerJoin(merchants, eq(merchants.id, merchantUserLinks.merchantId))
        .where(eq(merchantUserLinks.userId, userId))
        .orderBy(sql`${merchantUserLinks.createdAt} desc`)
        .limit(50);
    },

    async findLink(merchantId: string, merchantUserId: string): Promise<MerchantUserLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(merchantUserLinks)
        .where(and(eq(merchantUserLinks.merchantId, merchantId), eq(merchantUserLinks.merchantUserId, merchantUserId)));
      return row;
    },

    /**
     * Links the merchant's customer to the account unless it is linked already (to whichever account): one
     * statement, so two accounts claiming one customer at once cannot both win. Answers whether the customer
     * is now this account's: linked here, or already its own.
     */
    async linkIfAbsent(values: { merchantId: string; merchantUserId: string; userId: string; verifiedAt: Date }): Promise<boolean> {
      const inserted = await db
        .insert(merchantUserLinks)
        .values(values)
        .onConflictDoNothing()
        .returning({ userId: merchantUserLinks.userId });
      if (inserted.length === 1) return true;
      // Not inserted: a link exists, committed or on its way. Another account's may be invisible to this
      // statement's snapshot (a racing claim not yet committed), but this account's own earlier link is not.
      const [existing] = await db
        .select({ userId: merchantUserLinks.userId })
        .from(merchantUserLinks)
        .where(and(eq(merchantUserLinks.merchantId, values.merchantId), eq(merchantUserLinks.merchantUserId, values.merchantUserId)));
      return existing?.userId === values.userId;
    },

    /** Links (or re-links) the merchant's customer to an account the person just proved. */
    /** Removes the merchant customer's link if it still names this account (one statement: a relink meanwhile wins). */
    async unlinkAccount(merchantId: string, merchantUserId: string, userId: string): Promise<void> {
      await db
        .delete(merchantUserLinks)
        .where(
          and(
            eq(merchantUserLinks.merchantId, merchantId),
            eq(merchantUserLinks.merchantUserId, merchantUserId),
            eq(merchantUserLinks.userId, userId),
          ),
        );
    },

    /**
     * Links (or relinks) the merchant's customer to the account the person just proved. On the same account a
     * renewal keeps what the link knew (its campaign tag unless the entry brought another, and that the
     * merchant brought the account); moved to another account, the link starts afresh from this sign-in.
     */
    async upsertLink(values: {
      merchantId: string;
      merchantUserId: string;
      userId: string;
      verifiedAt: Date;
      campaignTag?: string | null;
      signedUpHere?: boolean;
    }): Promise<void> {
      const sameAccount = sql`${merchantUserLinks.userId} = excluded.user_id`;
      await db
        .insert(merchantUserLinks)
        .values(values)
        .onConflictDoUpdate({
          target: [merchantUserLinks.merchantId, merchantUserLinks.merchantUserId],
          set: {
            userId: values.userId,
            verifiedAt: values.verifiedAt,
            campaignTag: sql`case when ${sameAccount} then coalesce(excluded.campaign_tag, ${merchantUserLinks.campaignTag}) else excluded.campaign_tag end`,
            signedUpHere: sql`case when ${sameAccount} then ${merchantUserLinks.signedUpHere} or excluded.signed_up_here else excluded.signed_up_here end`,
          },
        });
    },
  };
}

export type MerchantRepository = ReturnType<typeof createMerchantRepository>;
