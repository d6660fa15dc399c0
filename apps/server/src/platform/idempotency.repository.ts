import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The idempotency keys table: claim a key, record its answer, take over a crashed claim. */
export function createIdempotencyRepository(db: Database) {
  const byKey = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  return {
    /** True when this call claimed the key (the primary key decides between concurrent callers). */
    async claim(row: {
      scope: string;
      key: string;
      userId: string;
      requestHash: string;
      lockedUntil: Date;
      createdAt: Date;
    }): Promise<boolean> {
      const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      return inserted.length === 1;
    },

    async find(scope: string, key: string): Promise<IdempotencyRow | undefined> {
      return (await db.select().from(idempotencyKeys).where(byKey(scope, key)))[0];
    },

    /** Takes over a claim whose holder died (its lock passed): only one caller wins. */
    async takeOver(scope: string, key: string, now: Date, lockedUntil: Date): Promise<boolean> {
      const updated = await db
        .update(idempotencyKeys)
        .set({ lockedUntil })
        .where(and(byKey(scope, key), sql`${idempotencyKeys.response} is null`, lt(idempotencyKeys.lockedUntil, now)))
        .returning({ key: idempotencyKeys.key });
      return updated.length === 1;
    },

    async complete(scope: string, key: string, response: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ response: response ?? null, lockedUntil: null })
        .where(byKey(scope, key));
    },

    /** The first call failed before it changed anything: the key is free for a retry. */
    async release(scope: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(byKey(scope, key), sql`${idempotencyKeys.response} is null`));
    },

    /** Keys older than `before` (docs/trust.md keeps them at least 24 h). */
    async prune(before: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
