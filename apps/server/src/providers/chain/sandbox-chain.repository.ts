import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxChainDepositAddresses, sandboxChainIncoming, sandboxChainTransfers } from '../../db/schema/index.ts';

/** One payout on the sandbox chain, as stored. `amount` is the numeric column's decimal string. */
export type SandboxChainTransferRow = typeof sandboxChainTransfers.$inferSelect;
/** A deposit address the sandbox chain made for a reference. */
export type SandboxDepositAddressRow = typeof sandboxChainDepositAddresses.$inferSelect;
/** A transfer that arrived on the sandbox chain. `amount` is the numeric column's decimal string. */
export type SandboxIncomingRow = typeof sandboxChainIncoming.$inferSelect;

/** The sandbox chain's books (payouts, deposit addresses, arrivals): the only ORM access it has. */
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

    async findDepositAddress(network: string, reference: string): Promise<SandboxDepositAddressRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxChainDepositAddresses)
        .where(and(eq(sandboxChainDepositAddresses.network, network), eq(sandboxChainDepositAddresses.reference, reference)));
      return row;
    },
    /**
     * Keeps the address unless the reference (or the address and tag) already has a row: false then,
     * and the caller reads back what the reference holds (a racing call's address) or draws again.
     */
    async insertDepositAddress(row: SandboxDepositAddressRow): Promise<boolean> {
      const inserted = await db.insert(sandboxChainDepositAddresses).values(row).onConflictDoNothing().returning();
      return inserted.length > 0;
    },

    async recordIncoming(row: Omit<SandboxIncomingRow, 'seq'>): Promise<void> {
      await db.insert(sandboxChainIncoming).values(row);
    },
    /** Oldest first, as the chain saw them. */
    async listIncoming(where: { network: string; asset: string; address: string; memo: string | null }): Promise<SandboxIncomingRow[]> {
      return db
        .select()
        .from(sandboxChainIncoming)
        .where(
          and(
            eq(sandboxChainIncoming.network, where.network),
            eq(sandboxChainIncoming.asset, where.asset),
            eq(sandboxChainIncoming.address, where.address),
            where.memo === null ? isNull(sandboxChainIncoming.memo) : eq(sandboxChainIncoming.memo, where.memo),
          ),
        )
        .orderBy(asc(sandboxChainIncoming.seenAt), asc(sandboxChainIncoming.seq));
    },
    /** The latest arrivals on any address, newest first (the /sandbox/chain page). */
    async recentIncoming(limit: number): Promise<SandboxIncomingRow[]> {
      return db.select().from(sandboxChainIncoming).orderBy(desc(sandboxChainIncoming.seenAt), desc(sandboxChainIncoming.seq)).limit(limit);
    },
  };
}

export type SandboxChainBook = ReturnType<typeof createSandboxChainBook>;
