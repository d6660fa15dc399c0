import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploadHandoffFiles, uploadHandoffs } from '../../db/schema/index.ts';

export type UploadHandoffRow = typeof uploadHandoffs.$inferSelect;
export type UploadHandoffFileRow = typeof uploadHandoffFiles.$inferSelect;

/** Upload URLs one link may hand out: every file, with two retries each. */
const SIGNS_PER_FILE = 3;

/** The phone handoffs and the files that arrived through them: the only ORM access of the handoff. */
export function createUploadHandoffRepository(db: Database) {
  return {
    async insert(values: typeof uploadHandoffs.$inferInsert): Promise<void> {
      await db.insert(uploadHandoffs).values(values);
    },

    async findLiveByTicketHash(ticketHash: string, now: Date): Promise<UploadHandoffRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadHandoffs)
        .where(and(eq(uploadHandoffs.ticketHash, ticketHash), gt(uploadHandoffs.expiresAt, now)));
      return row;
    },

    async findOwned(id: string, userId: string): Promise<UploadHandoffRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadHandoffs)
        .where(and(eq(uploadHandoffs.id, id), eq(uploadHandoffs.userId, userId)));
      return row;
    },

    async filesOf(handoffId: string): Promise<UploadHandoffFileRow[]> {
      return db
        .select()
        .from(uploadHandoffFiles)
        .where(eq(uploadHandoffFiles.handoffId, handoffId))
        .orderBy(asc(uploadHandoffFiles.createdAt), asc(uploadHandoffFiles.filePath));
    },

    /** Counts one more upload URL against the link's cap; false when the cap is reached. One statement, so concurrent signs cannot pass it. */
    async claimSign(id: string): Promise<boolean> {
      const claimed = await db
        .update(uploadHandoffs)
        .set({ signedCount: sql`${uploadHandoffs.signedCount} + 1` })
        .where(and(eq(uploadHandoffs.id, id), lt(uploadHandoffs.signedCount, sql`${uploadHandoffs.maxFiles} * ${SIGNS_PER_FILE}`)))
        .returning({ id: uploadHandoffs.id });
      return claimed.length > 0;
    },

    /**
     * Lists a file once: 'added', 'known' (reported before) or 'full' (the link took its files).
     * The handoff's row lock orders two reports of one link, so the cap holds.
     */
    async addFile(
      handoff: Pick<UploadHandoffRow, 'id' | 'maxFiles'>,
      file: Omit<typeof uploadHandoffFiles.$inferInsert, 'handoffId'>,
    ): Promise<'added' | 'known' | 'full'> {
      return db.transaction(async () => {
        await db.select({ id: uploadHandoffs.id }).from(uploadHandoffs).where(eq(uploadHandoffs.id, handoff.id)).for('update');
        const [already] = await db
          .select({ filePath: uploadHandoffFiles.filePath })
          .from(uploadHandoffFiles)
          .where(eq(uploadHandoffFiles.filePath, file.filePath));
        if (already) return 'known';
        const [taken] = await db.select({ n: count() }).from(uploadHandoffFiles).where(eq(uploadHandoffFiles.handoffId, handoff.id));
        if ((taken?.n ?? 0) >= handoff.maxFiles) return 'full';
        await db.insert(uploadHandoffFiles).values({ ...file, handoffId: handoff.id });
        return 'added';
      });
    },
  };
}

export type UploadHandoffRepository = ReturnType<typeof createUploadHandoffRepository>;
