import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';

export type CardRow = typeof cards.$inferSelect;

/** Saved cards: the processor's token and display facts, never the number (the schema has no column for it). */
export function createCardsRepository(db: Database) {
  return {
    listLive(userId: string): Promise<CardRow[]> {
      return db
        .select()
        .from(cards)
        .where(and(eq(cards.userId, userId), isNull(cards.deletedAt)))
        .orderBy(asc(cards.createdAt), asc(cards.id));
    },

    async findLive(userId: string, cardId: string): Promise<CardRow | undefined> {
      return (
        await db
          .select()
          .from(cards)
          .where(and(eq(cards.id, cardId), eq(cards.userId, userId), isNull(cards.deletedAt)))
      )[0];
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(cards)
        .where(and(eq(cards.userId, userId), isNull(cards.deletedAt)));
      return Number(row?.n ?? 0);
    },

    async lastDeletedAt(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: cards.deletedAt })
        .from(cards)
        .where(and(eq(cards.userId, userId), isNotNull(cards.deletedAt)))
        .orderBy(desc(cards.deletedAt))
        .limit(1);
      return row?.at ?? null;
    },

    /** False when the same card (by fingerprint) is already saved: the partial unique index decides, even under a race. */
    async insert(values: typeof cards.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(cards).values(values).onConflictDoNothing().returning({ id: cards.id });
      return inserted.length === 1;
    },

    async softDelete(userId: string, cardId: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(cards)
        .set({ deletedAt: at, enabled: false })
        .where(and(eq(cards.id, cardId), eq(cards.userId, userId), isNull(cards.deletedAt)))
        .returning({ id: cards.id });
      return updated.length === 1;
    },

    async findById(cardId: string): Promise<CardRow | undefined> {
      return (await db.select().from(cards).where(eq(cards.id, cardId)))[0];
    },
  };
}

export type CardsRepository = ReturnType<typeof createCardsRepository>;
