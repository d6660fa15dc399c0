import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bankCredits, bankNamedAccounts } from '../../db/schema/index.ts';

export type NamedAccountRow = typeof bankNamedAccounts.$inferSelect;
export type BankCreditRow = typeof bankCredits.$inferSelect;

/** What an operator decided for a credit in suspense (suspense-actions.ts). */
export type SuspenseDecision = { operatorId: string; reason: string; at: Date } & (
  { resolution: 'ASSIGNED'; userId: string } | { resolution: 'TO_RETURN' }
);

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

    async creditById(id: string): Promise<BankCreditRow | undefined> {
      const [row] = await db.select().from(bankCredits).where(eq(bankCredits.id, id));
      return row;
    },

    /**
     * An operator's decision on a credit in suspense, by compare-and-set: only a credit still in suspense,
     * undecided, unresolved and not returned takes it. Null when it was not (another operator, or the
     * bank's return, came first): nothing written.
     */
    async decideSuspense(id: string, decision: SuspenseDecision): Promise<BankCreditRow | null> {
      const [row] = await db
        .update(bankCredits)
        .set({
          resolution: decision.resolution,
          resolvedBy: decision.operatorId,
          resolutionReason: decision.reason,
          ...(decision.resolution === 'ASSIGNED' ? { userId: decision.userId, resolvedAt: decision.at } : {}),
        })
        .where(
          and(
            eq(bankCredits.id, id),
            eq(bankCredits.outcome, 'SUSPENSE'),
            isNull(bankCredits.resolution),
            isNull(bankCredits.resolvedAt),
            isNull(bankCredits.returnedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** A credit in suspense the bank took back has nothing left for an operator: it leaves the list. */
    async closeReturnedSuspense(id: string, at: Date): Promise<void> {
      await db
        .update(bankCredits)
        .set({ resolvedAt: at })
        .where(and(eq(bankCredits.id, id), isNull(bankCredits.resolvedAt)));
    },

    /** A person's credits, newest first. */
    creditsOf(userId: string, limit: number): Promise<BankCreditRow[]> {
      return db.select().from(bankCredits).where(eq(bankCredits.userId, userId)).orderBy(desc(bankCredits.receivedAt)).limit(limit);
    },

    /**
     * Credits in suspense not resolved yet, oldest first (the operator page): undecided, or to be
     * returned and not returned yet (the money is still in suspense until the bank says so).
     */
    openSuspense(limit: number): Promise<BankCreditRow[]> {
      return db
        .select()
        .from(bankCredits)
        .where(and(eq(bankCredits.outcome, 'SUSPENSE'), isNull(bankCredits.resolvedAt), isNull(bankCredits.returnedAt)))
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
