import { desc, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clientTraceEvents } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';

/** One analytics event as stored: already redacted, with the person's id or null (never a token). */
export interface StoredTraceEvent {
  eventUuid: string;
  elementId: string;
  subElementId: string | null;
  message: string | null;
  userId: string | null;
  occurredAt: Date;
  createdAt: Date;
}

/** Stores the analytics events of user/trace/log, and forgets them again. */
export function createTraceLogRepository(db: Database) {
  return {
    async addMany(events: readonly StoredTraceEvent[]): Promise<void> {
      if (events.length === 0) return;
      await db.insert(clientTraceEvents).values(events.map((event) => ({ id: newId('trc'), ...event })));
    },

    /**
     * Deletes the rows older than `before`, then all but the newest `keep`: whatever came in, the
     * table never holds more than `keep` rows after a prune. Answers how many rows went.
     */
    async prune(before: Date, keep: number): Promise<number> {
      const old = await db.delete(clientTraceEvents).where(lt(clientTraceEvents.createdAt, before)).returning({ id: clientTraceEvents.id });
      const newest = db
        .select({ id: clientTraceEvents.id })
        .from(clientTraceEvents)
        .orderBy(desc(clientTraceEvents.createdAt), desc(clientTraceEvents.id))
        .limit(keep);
      const beyond = await db
        .delete(clientTraceEvents)
        .where(sql`${clientTraceEvents.id} not in ${newest}`)
        .returning({ id: clientTraceEvents.id });
      return old.length + beyond.length;
    },
  };
}

export type TraceLogRepository = ReturnType<typeof createTraceLogRepository>;
