import type { PromotionEmailList } from '@causeway/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promotionEmailSubscriptions } from '../../db/schema/index.ts';

export type PromotionEmailSubscriptionRow = typeof promotionEmailSubscriptions.$inferSelect;
export type ChangedVia = 'settings' | 'link' | 'one-click';

/** The people's promotional-email choices: the only ORM access of the promotion-email module. */
export function createPromotionEmailRepository(db: Database) {
  const ofPerson = (userId: string, list: PromotionEmailList) =>
    and(eq(promotionEmailSubscriptions.userId, userId), eq(promotionEmailSubscriptions.list, list));
  return {
    async find(userId: string, list: PromotionEmailList): Promise<PromotionEmailSubscriptionRow | undefined> {
      const [row] = await db.select().from(promotionEmailSubscriptions).where(ofPerson(userId, list));
      return row;
    },

    /**
     * A yes from a no (or from no row): on, in `language`, with a new link generation (earlier emails'
     * links stop working). One upsert that changes nothing when the person is subscribed already, so two
     * tabs saying yes at once make one change. Answers whether this call made it.
     */
    async subscribe(values: { userId: string; list: PromotionEmailList; language: string; at: Date }): Promise<boolean> {
      const [row] = await db
        .insert(promotionEmailSubscriptions)
        .values({
          userId: values.userId,
          list: values.list,
          subscribed: true,
          language: values.language,
          linkGeneration: 1,
          changedVia: 'settings',
          changedAt: values.at,
          subscribedAt: values.at,
        })
        .onConflictDoUpdate({
          target: [promotionEmailSubscriptions.userId, promotionEmailSubscriptions.list],
          set: {
            subscribed: true,
            language: values.language,
            linkGeneration: sql`${promotionEmailSubscriptions.linkGeneration} + 1`,
            changedVia: 'settings',
            changedAt: values.at,
            subscribedAt: values.at,
          },
          setWhere: eq(promotionEmailSubscriptions.subscribed, false),
        })
        .returning({ linkGeneration: promotionEmailSubscriptions.linkGeneration });
      return row !== undefined;
    },

    /**
     * A no, by Settings or by a link of generation `generation` (undefined: Settings, any generation).
     * Answers whether a subscribed row turned off now: false when it was off already, or the link's
     * generation is no longer current (the caller tells those apart by reading the row first).
     */
    async unsubscribe(values: {
      userId: string;
      list: PromotionEmailList;
      via: ChangedVia;
      at: Date;
      generation?: number;
    }): Promise<boolean> {
      const current = ofPerson(values.userId, values.list);
      const stillCurrent =
        values.generation === undefined ? current : and(current, eq(promotionEmailSubscriptions.linkGeneration, values.generation));
      const changed = await db
        .update(promotionEmailSubscriptions)
        .set({ subscribed: false, changedVia: values.via, changedAt: values.at })
        .where(and(stillCurrent, eq(promotionEmailSubscriptions.subscribed, true)))
        .returning({ userId: promotionEmailSubscriptions.userId });
      return changed.length > 0;
    },
  };
}

export type PromotionEmailRepository = ReturnType<typeof createPromotionEmailRepository>;
