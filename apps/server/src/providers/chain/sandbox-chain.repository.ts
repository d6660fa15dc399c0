import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxChainTransfers } from '../../db/schema/index.ts';

/** One payout on the sandbox chain, as stored. `amount` is the numeric column's decimal string. */
export type SandboxChainTransferRow = typeof sandboxChainTransfers.$inferSelect;

/** The sandbox chain's book of transfers (sandbox_chain_transfers): the only ORM access it has. */
export function createSandboxChainBook(db: Database) {
  return {
    /**
     * Records the transfer unless its idempotency key already holds one, then answers what the key
     * holds: the new row, or the first one (ON CONFLICT DO NOTHING, so concurrent sends of one key
     * leave exactly one row and all read it back).
     */
    async recordOnce(row: SandboxChainTransferRow): Promise<SandboxChainTransferRow> {
      const [inserted] = await db
        .insert(sandboxChainTransfers)
        .values(row)
        .onConflictDoNothing({ target: sandboxChainTransfers.idempotencyKey })
        .returning();
      if (inserted) return inserted;
      const [stored] = await db.select().from(sandboxChainTransfers).where(eq(sandboxChainTransfers.idempotencyKey, row.idempotencyKey));
      if (!stored) throw new Error('sandbox chain: the transfer vanished right after it was recorded');
      return stored;
    },
    async findById(id: string): Promise<SandboxChainTransferRow | undefined> {
      const [row] = await db.select().from(sandboxChainTransfers).where(eq(sandboxChainTransfers.id, id));
      return row;
    },
  };
}

export type SandboxChainBook = ReturnType<typeof createSandboxChainBook>;
