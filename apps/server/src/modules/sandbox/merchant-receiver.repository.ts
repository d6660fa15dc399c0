import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxMerchantReceiver, sandboxMerchantWebhooks } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';

/** How many received requests the receiver keeps: a sandbox table a stranger can post to must stay small. */
export const KEPT_REQUESTS = 200;
const SETTINGS_ROW = 'demo';

/** The sandbox merchant receiver's tables. */
export function createMerchantReceiverRepository(db: Database) {
  return {
    async record(values: Omit<typeof sandboxMerchantWebhooks.$inferInsert, 'id'>): Promise<void> {
      await db.insert(sandboxMerchantWebhooks).values({ id: newId('smw'), ...values });
      // Keep only the newest: everything older than the KEPT_REQUESTS-th goes.
      const [cutoff] = await db
        .select({ receivedAt: sandboxMerchantWebhooks.receivedAt })
        .from(sandboxMerchantWebhooks)
        .orderBy(desc(sandboxMerchantWebhooks.receivedAt))
        .offset(KEPT_REQUESTS - 1)
        .limit(1);
      if (cutoff) await db.delete(sandboxMerchantWebhooks).where(lt(sandboxMerchantWebhooks.receivedAt, cutoff.receivedAt));
    },

    async recent(limit: number) {
      return db
        .select()
        .from(sandboxMerchantWebhooks)
        .orderBy(desc(sandboxMerchantWebhooks.receivedAt), desc(sandboxMerchantWebhooks.id))
        .limit(limit);
    },

    async setFailNext(count: number): Promise<void> {
      await db
        .insert(sandboxMerchantReceiver)
        .values({ id: SETTINGS_ROW, failNext: count })
        .onConflictDoUpdate({ target: sandboxMerchantReceiver.id, set: { failNext: count } });
    },

    /** Takes one of the failures asked for, atomically: true when this request is to fail. */
    async takeFailure(): Promise<boolean> {
      const taken = await db
        .update(sandboxMerchantReceiver)
        .set({ failNext: sql`${sandboxMerchantReceiver.failNext} - 1` })
        .where(sql`${eq(sandboxMerchantReceiver.id, SETTINGS_ROW)} and ${gt(sandboxMerchantReceiver.failNext, 0)}`)
        .returning({ id: sandboxMerchantReceiver.id });
      return taken.length > 0;
    },
  };
}

export type MerchantReceiverRepository = ReturnType<typeof createMerchantReceiverRepository>;
