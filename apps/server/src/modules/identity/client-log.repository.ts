import type { Database } from '../../db/client.ts';
import { clientLogs } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';

/** Stores what the web client reports through common/log. */
export function createClientLogRepository(db: Database) {
  return {
    async add(entry: { clientUuid: string; entries: Record<string, string>; userAgent: string | undefined; createdAt: Date }): Promise<void> {
      await db.insert(clientLogs).values({ id: newId('log'), ...entry, userAgent: entry.userAgent?.slice(0, 512) ?? null });
    },
  };
}
