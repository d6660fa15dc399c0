import { index, integer, numeric, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The sandbox chain's deposits (providers/chain/sandbox-deposits.ts, docs/sandbox.md "Chain"): the
 * addresses it made for our references, and what was "sent" to any address on its page or call.
 */

/** One deposit address per reference and network; XRP shares one address and tells references apart by tag. */
export const sandboxChainDepositAddresses = pgTable(
  'sandbox_chain_deposit_addresses',
  {
    network: varchar('network', { length: 16 }).notNull(),
    reference: varchar('reference', { length: 128 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    memo: varchar('memo', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.network, t.reference] }),
    // No two references share XRP's address and tag (a tag is drawn at random: a clash is retried).
    // Other networks have no memo (nulls are distinct here) and 20 or 32 random bytes per address.
    uniqueIndex('sandbox_chain_deposit_addresses_address').on(t.network, t.address, t.memo),
  ],
);

/** A transfer that arrived on the sandbox chain; it confirms on the clock like a payout (confirm_at). */
export const sandboxChainIncoming = pgTable(
  'sandbox_chain_incoming',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    /** Arrival order, for transfers seen in the same millisecond (ids are random). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    asset: varchar('asset', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    memo: varchar('memo', { length: 64 }),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    fromAddress: varchar('from_address', { length: 128 }),
    txHash: varchar('tx_hash', { length: 128 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    confirmAt: timestamp('confirm_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_chain_incoming_address').on(t.network, t.address), index('sandbox_chain_incoming_seen').on(t.seenAt)],
);
