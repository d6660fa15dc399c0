import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxBankAccounts, sandboxBankCredits, sandboxBankPayments } from '../../db/schema/index.ts';

/** A named account the sandbox bank opened. */
export type SandboxBankAccountRow = typeof sandboxBankAccounts.$inferSelect;
/** A credit that arrived. `amount` is the numeric column's decimal string. */
export type SandboxBankCreditRow = typeof sandboxBankCredits.$inferSelect;
/** A payment out. `amount` is the numeric column's decimal string. */
export type SandboxBankPaymentRow = typeof sandboxBankPayments.$inferSelect;

/** The sandbox bank's books (accounts, credits, payments): the only ORM access it has. */
export function createSandboxBankBook(db: Database) {
  return {
    async findAccountByHolder(holderReference: string, currency: string): Promise<SandboxBankAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxBankAccounts)
        .where(and(eq(sandboxBankAccounts.holderReference, holderReference), eq(sandboxBankAccounts.currency, currency)));
      return row;
    },
    async findAccountById(id: string): Promise<SandboxBankAccountRow | undefined> {
      const [row] = await db.select().from(sandboxBankAccounts).where(eq(sandboxBankAccounts.id, id));
      return row;
    },
    async findAccountByIban(iban: string): Promise<SandboxBankAccountRow | undefined> {
      const [row] = await db.select().from(sandboxBankAccounts).where(eq(sandboxBankAccounts.iban, iban));
      return row;
    },
    async findAccountByUk(sortCode: string, accountNumber: string): Promise<SandboxBankAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxBankAccounts)
        .where(and(eq(sandboxBankAccounts.sortCode, sortCode), eq(sandboxBankAccounts.accountNumber, accountNumber)));
      return row;
    },
    /**
     * Keeps the account unless the holder already has one in the currency, or its number is
     * another holder's: false then, and the caller reads back the holder's (a racing call's) or draws again.
     */
    async insertAccount(row: SandboxBankAccountRow): Promise<boolean> {
      const inserted = await db.insert(sandboxBankAccounts).values(row).onConflictDoNothing().returning({ id: sandboxBankAccounts.id });
      return inserted.length > 0;
    },

    async insertCredit(row: Omit<SandboxBankCreditRow, 'seq'>): Promise<SandboxBankCreditRow> {
      const [inserted] = await db.insert(sandboxBankCredits).values(row).returning();
      return inserted!;
    },
    async findCredit(id: string): Promise<SandboxBankCreditRow | undefined> {
      const [row] = await db.select().from(sandboxBankCredits).where(eq(sandboxBankCredits.id, id));
      return row;
    },
    /** Marks a credit RETURNED once (a conditional update): undefined when it was returned already or does not exist. */
    async returnCredit(id: string, returnedAt: Date): Promise<SandboxBankCreditRow | undefined> {
      const [row] = await db
        .update(sandboxBankCredits)
        .set({ status: 'RETURNED', returnedAt })
        .where(and(eq(sandboxBankCredits.id, id), isNull(sandboxBankCredits.returnedAt)))
        .returning();
      return row;
    },
    /** Credits received at or after `since`, oldest first (the poll behind the webhooks). */
    async listCredits(since: Date, limit: number): Promise<SandboxBankCreditRow[]> {
      return db
        .select()
        .from(sandboxBankCredits)
        .where(gte(sandboxBankCredits.receivedAt, since))
        .orderBy(asc(sandboxBankCredits.receivedAt), asc(sandboxBankCredits.seq))
        .limit(limit);
    },
    /** The latest credits, newest first (the /sandbox/bank page). */
    async recentCredits(limit: number): Promise<SandboxBankCreditRow[]> {
      return db.select().from(sandboxBankCredits).orderBy(desc(sandboxBankCredits.receivedAt), desc(sandboxBankCredits.seq)).limit(limit);
    },

    /**
     * Records the payment unless its idempotency key already holds one, then answers what the key
     * holds: the new row, or the first one (ON CONFLICT DO NOTHING, so concurrent sends of one key
     * leave exactly one row and all read it back).
     */
    async recordPaymentOnce(row: Omit<SandboxBankPaymentRow, 'seq'>): Promise<SandboxBankPaymentRow> {
      const [inserted] = await db
        .insert(sandboxBankPayments)
        .values(row)
        .onConflictDoNothing({ target: sandboxBankPayments.idempotencyKey })
        .returning();
      if (inserted) return inserted;
      const [stored] = await db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.idempotencyKey, row.idempotencyKey));
      if (!stored) throw new Error('sandbox bank: the payment vanished right after it was recorded');
      return stored;
    },
    async findPaymentById(id: string): Promise<SandboxBankPaymentRow | undefined> {
      const [row] = await db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.id, id));
      return row;
    },
    async findPaymentByKey(idempotencyKey: string): Promise<SandboxBankPaymentRow | undefined> {
      const [row] = await db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.idempotencyKey, idempotencyKey));
      return row;
    },
    /** The latest payments, newest first (the /sandbox/bank page). */
    async recentPayments(limit: number): Promise<SandboxBankPaymentRow[]> {
      return db.select().from(sandboxBankPayments).orderBy(desc(sandboxBankPayments.createdAt), desc(sandboxBankPayments.seq)).limit(limit);
    },
  };
}

export type SandboxBankBook = ReturnType<typeof createSandboxBankBook>;
