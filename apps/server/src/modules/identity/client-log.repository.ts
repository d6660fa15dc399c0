import { desc, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clientLogs } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';

/** Stores what the web client reports through common/log, and forgets it again. */
export function createClientLogRepository(db: Database) {
  return {
    async add(entry: {
      clientUuid: string;
      entries: Record<string, string>;
      userAgent: string | undefined;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(clientLogs).values({ id: newId('log'), ...entry, userAgent: entry.userAgent?.slice(0, 512) ?? null });
    },

    /**
     * Deletes the rows older than `before`, then all but the newest `keep`: whatever came in, the
     * table never holds more than `keep` rows after a prune. Answers how many rows went.
     */
    async prune(before: Date, keep: number): Promise<number> {
      const old = await db.delete(clientLogs).where(lt(clientLogs.createdAt, before)).returning({ id: clientLogs.id });
      const newest = db.select({ id: clientLogs.id }).from(clientLogs).orderBy(desc(clientLogs.createdAt), desc(clientLogs.id)).limit(keep);
      const beyond = await db
        .delete(clientLogs)
        .where(sql`${clientLogs.id} not in ${newest}`)
        .returning({ id: clientLogs.id });
      return old.length + beyond.length;
    },
  };
}

export type ClientLogRepository = ReturnType<typeof createClientLogRepository>;
