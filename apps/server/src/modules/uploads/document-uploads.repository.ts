import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documentUploads, uploadHandoffFiles, uploadHandoffs, uploadUsage } from '../../db/schema/index.ts';

export type DocumentUploadRow = typeof documentUploads.$inferSelect;

/**
 * The registry of signed document keys and the per-person daily upload quota: the only ORM
 * access of both. Every quota change is one conditional upsert, so concurrent requests (in one
 * process or several) cannot pass a limit between a read and a write.
 */
export function createDocumentUploadsRepository(db: Database) {
  return {
    /**
     * Counts one more upload URL for the person's day and registers its key, in one transaction;
     * false (and nothing written) when the day's `maxSigns` are used up.
     */
    async registerSigned(
      row: { filePath: string; userId: string; purpose: string; signedAt: Date },
      day: string,
      maxSigns: number,
    ): Promise<boolean> {
      return db.transaction(async () => {
        const [counted] = await db
          .insert(uploadUsage)
          .values({ userId: row.userId, day, signedCount: 1 })
          .onConflictDoUpdate({
            target: [uploadUsage.userId, uploadUsage.day],
            set: { signedCount: sql`${uploadUsage.signedCount} + 1` },
            setWhere: lt(uploadUsage.signedCount, maxSigns),
          })
          .returning({ signedCount: uploadUsage.signedCount });
        if (!counted) return false;
        await db.insert(documentUploads).values({ ...row, submittedAt: null });
        return true;
      });
    },

    /** Adds `bytes` to the person's stored bytes of the day unless that passes `maxBytes`; false then (nothing added). */
    async claimBytes(userId: string, day: string, bytes: number, maxBytes: number): Promise<boolean> {
      if (bytes > maxBytes) return false;
      const [claimed] = await db
        .insert(uploadUsage)
        .values({ userId, day, storedBytes: bytes })
        .onConflictDoUpdate({
          target: [uploadUsage.userId, uploadUsage.day],
          set: { storedBytes: sql`${uploadUsage.storedBytes} + ${bytes}` },
          setWhere: sql`${uploadUsage.storedBytes} + ${bytes} <= ${maxBytes}`,
        })
        .returning({ storedBytes: uploadUsage.storedBytes });
      return Boolean(claimed);
    },

    /** Gives back bytes claimed for a file that was not stored after all. */
    async releaseBytes(userId: string, day: string, bytes: number): Promise<void> {
      await db
        .update(uploadUsage)
        .set({ storedBytes: sql`greatest(${uploadUsage.storedBytes} - ${bytes}, 0)` })
        .where(and(eq(uploadUsage.userId, userId), eq(uploadUsage.day, day)));
    },

    /**
     * The person's files a verification step took: kept from now on. A key signed before the
     * registry existed is registered here as submitted.
     */
    async markSubmitted(userId: string, files: Array<{ filePath: string; purpose: string }>, now: Date): Promise<void> {
      if (files.length === 0) return;
      await db
        .insert(documentUploads)
        .values(files.map((file) => ({ filePath: file.filePath, userId, purpose: file.purpose, signedAt: now, submittedAt: now })))
        .onConflictDoUpdate({ target: documentUploads.filePath, set: { submittedAt: now }, setWhere: isNull(documentUploads.submittedAt) });
    },

    /**
     * Gives back the claim of a submission that was refused (a file failed its checks): the files
     * it marked at `claimedAt` are unsubmitted again, so the hourly deletion takes them after their
     * day. A file an earlier submission kept (another submittedAt) stays kept.
     */
    async releaseSubmitted(userId: string, filePaths: string[], claimedAt: Date): Promise<void> {
      if (filePaths.length === 0) return;
      await db
        .update(documentUploads)
        .set({ submittedAt: null })
        .where(
          and(eq(documentUploads.userId, userId), inArray(documentUploads.filePath, filePaths), eq(documentUploads.submittedAt, claimedAt)),
        );
    },

    /** Keys signed before `before` and never submitted, oldest first. */
    async unsubmittedBefore(before: Date, limit: number): Promise<DocumentUploadRow[]> {
      return db
        .select()
        .from(documentUploads)
        .where(and(isNull(documentUploads.submittedAt), lt(documentUploads.signedAt, before)))
        .orderBy(asc(documentUploads.signedAt))
        .limit(limit);
    },

    /**
     * Forgets an unsubmitted key (its stored bytes are gone already): the registry row and any
     * phone-handoff listing of it. A key submitted meanwhile is kept; false then.
     */
    async forgetUnsubmitted(filePath: string): Promise<boolean> {
      return db.transaction(async () => {
        const [gone] = await db
          .delete(documentUploads)
          .where(and(eq(documentUploads.filePath, filePath), isNull(documentUploads.submittedAt)))
          .returning({ filePath: documentUploads.filePath });
        if (!gone) return false;
        await db.delete(uploadHandoffFiles).where(eq(uploadHandoffFiles.filePath, filePath));
        return true;
      });
    },

    /** Usage rows of days before `day` (no quota reads them any more). */
    async pruneUsage(beforeDay: string): Promise<void> {
      await db.delete(uploadUsage).where(lt(uploadUsage.day, beforeDay));
    },

    /** Phone handoffs expired before `before`, with their listings (the files themselves follow their own registry rows). */
    async pruneHandoffs(before: Date): Promise<void> {
      await db.transaction(async () => {
        const expired = db.select({ id: uploadHandoffs.id }).from(uploadHandoffs).where(lt(uploadHandoffs.expiresAt, before));
        await db.delete(uploadHandoffFiles).where(inArray(uploadHandoffFiles.handoffId, expired));
        await db.delete(uploadHandoffs).where(lt(uploadHandoffs.expiresAt, before));
      });
    },
  };
}

export type DocumentUploadsRepository = ReturnType<typeof createDocumentUploadsRepository>;
