import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bankAccounts, users } from '../../db/schema/index.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** Saved bank accounts: the only ORM access of the module. */
export function createBankAccountsRepository(db: Database) {
  return {
    listLive(userId: string): Promise<BankAccountRow[]> {
      return db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)))
        .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
    },

    async findLive(userId: string, id: string): Promise<BankAccountRow | undefined> {
      return (
        await db
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)))
      )[0];
    },

    async findById(id: string): Promise<BankAccountRow | undefined> {
      return (await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)))[0];
    },

    /** The live row of an account, whoever saved it (at most one: the partial unique index). */
    async findLiveByKey(accountKey: string): Promise<BankAccountRow | undefined> {
      return (
        await db
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.accountKey, accountKey), isNull(bankAccounts.deletedAt)))
      )[0];
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)));
      return Number(row?.n ?? 0);
    },

    /** When each account added after `since` was added, oldest first, deleted ones too: a delete gives no add back. */
    async addedSince(userId: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: bankAccounts.createdAt })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), gt(bankAccounts.createdAt, since)))
        .orderBy(asc(bankAccounts.createdAt));
      return rows.map((row) => row.at);
    },

    /**
     * Locks the person's row until the caller's transaction ends: two adds of one person at once
     * then count the caps one after the other, so both cannot take the last place.
     */
    async lockPerson(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** False when a live row of the same account exists (the partial unique index decides, even under a race). */
    async insert(values: typeof bankAccounts.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(bankAccounts).values(values).onConflictDoNothing().returning({ id: bankAccounts.id });
      return inserted.length === 1;
    },

    async softDelete(userId: string, id: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(bankAccounts)
        .set({ deletedAt: at })
        .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)))
        .returning({ id: bankAccounts.id });
      return updated.length === 1;
    },
  };
}

export type BankAccountsRepository = ReturnType<typeof createBankAccountsRepository>;
