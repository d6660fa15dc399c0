import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agreementLogs } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import { normalizeEmail } from './identity.repository.ts';

/** Stores the pre-login agreement log (agreement/log), and forgets it again. */
export function createAgreementLogRepository(db: Database) {
  return {
    async add(entry: {
      email: string;
      agree: boolean;
      viewTimeMs: number;
      protocolMap: Record<string, string>;
      ipKey: string;
      createdAt: Date;
    }) {
      const { email, ...rest } = entry;
      await db
        .insert(agreementLogs)
        .values({ id: newId('agl'), emailNormalized: normalizeEmail(email), ...rest, ipKey: rest.ipKey.slice(0, 64) });
    },

    /** One address's entries, newest first (support, and the tests). */
    listFor(email: string) {
      return db
        .select()
        .from(agreementLogs)
        .where(eq(agreementLogs.emailNormalized, normalizeEmail(email)))
        .orderBy(desc(agreementLogs.createdAt), desc(agreementLogs.id));
    },

    /**
     * Deletes the rows older than `before`, then all but the newest `keep`: whatever came in, the table never
     * holds more than `keep` rows after a prune. Answers how many rows went.
     */
    async prune(before: Date, keep: number): Promise<number> {
      const old = await db.delete(agreementLogs).where(lt(agreementLogs.createdAt, before)).returning({ id: agreementLogs.id });
      const newest = db
        .select({ id: agreementLogs.id })
        .from(agreementLogs)
        .orderBy(desc(agreementLogs.createdAt), desc(agreementLogs.id))
        .limit(keep);
      const beyond = await db
        .delete(agreementLogs)
        .where(sql`${agreementLogs.id} not in ${newest}`)
        .returning({ id: agreementLogs.id });
      return old.length + beyond.length;
    },
  };
}

export type AgreementLogRepository = ReturnType<typeof createAgreementLogRepository>;
