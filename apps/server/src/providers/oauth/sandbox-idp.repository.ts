import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { spentProcessTokens } from '../../db/schema/index.ts';

/** Namespaces the sandbox provider's codes among the spent one-time tokens (the sign-in's own process tokens and tickets). */
const CODE_PREFIX = 'sidp:';

/**
 * The sandbox provider's one record: the codes already exchanged, in the table of spent one-time tokens
 * (every process of an install sees it). Expired entries are forgotten as new ones come.
 */
export function createSandboxIdpRepository(db: Database) {
  return {
    /** Records a code as exchanged; false when it already was. */
    async spendCode(codeId: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(spentProcessTokens).where(lt(spentProcessTokens.expiresAt, now));
      const rows = await db
        .insert(spentProcessTokens)
        .values({ nonce: `${CODE_PREFIX}${codeId}`, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: spentProcessTokens.nonce });
      return rows.length === 1;
    },
  };
}
