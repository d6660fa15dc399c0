import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxOutbox } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import type { MailMessage } from './mail.ts';

/** The sandbox mail provider's outbox: what /sandbox/mailbox shows. */
export function createSandboxOutbox(db: Database) {
  return {
    async add(message: MailMessage, sentAt: Date): Promise<void> {
      const { headers = {}, ...rest } = message;
      await db.insert(sandboxOutbox).values({ id: newId('msg'), ...rest, headers: { ...headers }, sentAt });
    },
    /** Newest first; for one recipient (case-insensitive) or for everyone. */
    list(options: { to?: string | undefined; limit: number }) {
      const query = db.select().from(sandboxOutbox);
      const filtered = options.to ? query.where(eq(sandboxOutbox.to, options.to.trim().toLowerCase())) : query;
      return filtered.orderBy(desc(sandboxOutbox.seq)).limit(options.limit);
    },
  };
}

export type SandboxOutbox = ReturnType<typeof createSandboxOutbox>;
