import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bankCredits, bankNamedAccounts } from '../../db/schema/index.ts';

export type NamedAccountRow = typeof bankNamedAccounts.$inferSelect;
export type BankCreditRow = typeof bankCredits.$inferSelect;

/** Named accounts and the credits that arrived on them (db/schema/banking.ts). */
export function createBankingRepository(db: Database) {
  return {
    async namedAccount(userId: string, provider: string, currency: string): Promise<NamedAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(bankNamedAccounts)
        .where(
          and(eq(bankNamedAccounts.userId, userId), eq(bankNamedAccounts.provider, provider), eq(bankNamedAccounts.currency, currency)),
        );
      return row;
    },

    /** The person's deposit reference, from any of their accounts; null before their first. */
    async referenceOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ reference: bankNamedAccounts.reference })
        .from(bankNamedAccounts)
        .where(eq(bankNamedAccounts.userId, userId))
        .limit(1);
      return row?.reference ?? null;
    },

    /** Keeps a newly opened account; two requests racing keep the first (the caller reads it back). */
    async insertNamedAccount(row: NamedAccountRow): Promise<void> {
      await db.insert(bankNamedAccounts).values(row).onConflictDoNothing();
    },

    async accountOwner(provider: string, accountId: string): Promise<{ userId: string; currency: string } | undefined> {
      const [row] = await db
        .select({ userId: bankNamedAccounts.userId, currency: bankNamedAccounts.currency })
        .from(bankNamedAccounts)
        .where(and(eq(bankNamedAccounts.provider, provider), eq(bankNamedAccounts.accountId, accountId)));
      return row;
    },

    /** The people whose deposit reference is one of these. */
    async peopleWithReferences(references: string[]): Promise<string[]> {
      if (references.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: bankNamedAccounts.userId })
        .from(bankNamedAccounts)
        .where(inArray(bankNamedAccounts.reference, references));
      return rows.map((row) => row.userId);
    },

    /** Whether a reference is taken by a person already (a new one is drawn again). */
    async referenceTaken(reference: string): Promise<boolean> {
      return (await this.peopleWithReferences([reference])).length > 0;
    },

    /** Records a credit once: null when the provider's credit was recorded before (a webhook and a poll, or a retry). */
    async insertCredit(row: BankCreditRow): Promise<BankCreditRow | null> {
      const inserted = await db.insert(bankCredits).values(row).onConflictDoNothing().returning();
      return inserted[0] ?? null;
    },

    async credit(provider: string, creditId: string): Promise<BankCreditRow | undefined> {
      const [row] = await db
        .select()
        .from(bankCredits)
        .where(and(eq(bankCredits.provider, provider), eq(bankCredits.creditId, creditId)));
      return row;
    },

    /** Marks a credit returned, once: false when it was already (a second return notice changes nothing). */
    async markReturned(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(bankCredits)
        .set({ returnedAt: at })
        .where(and(eq(bankCredits.id, id), isNull(bankCredits.returnedAt)))
        .returning({ id: bankCredits.id });
      return rows.length === 1;
    },

    /** A person's credits, newest first. */
    creditsOf(userId: string, limit: number): Promise<BankCreditRow[]> {
      return db.select().from(bankCredits).where(eq(bankCredits.userId, userId)).orderBy(desc(bankCredits.receivedAt)).limit(limit);
    },

    /** Credits in suspense no operator has resolved yet, oldest first (the operator page). */
    openSuspense(limit: number): Promise<BankCreditRow[]> {
      return db
        .select()
        .from(bankCredits)
        .where(and(eq(bankCredits.outcome, 'SUSPENSE'), isNull(bankCredits.resolvedAt)))
        .orderBy(bankCredits.recordedAt)
        .limit(limit);
    },

    /** What arrived with an order's reference and is still there (not returned): what a bank-transfer buy has received. */
    async receivedFor(orderId: string): Promise<string> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${bankCredits.amount}), 0)::text` })
        .from(bankCredits)
        .where(and(eq(bankCredits.orderId, orderId), isNull(bankCredits.returnedAt)));
      return row?.total ?? '0';
    },
  };
}

export type BankingRepository = ReturnType<typeof createBankingRepository>;
