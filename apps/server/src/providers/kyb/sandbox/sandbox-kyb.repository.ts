import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sandboxKybApplicants } from '../../../db/schema/index.ts';

export type SandboxCompanyRow = typeof sandboxKybApplicants.$inferSelect;
type Insert = typeof sandboxKybApplicants.$inferInsert;

/** The sandbox KYB reviewer's side of the data: what Sumsub would keep about a company applicant. */
export function createSandboxKybRepository(db: Database) {
  return {
    async findById(id: string): Promise<SandboxCompanyRow | undefined> {
      const [row] = await db.select().from(sandboxKybApplicants).where(eq(sandboxKybApplicants.id, id));
      return row;
    },

    async findByExternalId(externalId: string): Promise<SandboxCompanyRow | undefined> {
      const [row] = await db.select().from(sandboxKybApplicants).where(eq(sandboxKybApplicants.externalId, externalId));
      return row;
    },

    /** Inserts a first submission (submissions 1); undefined when the externalId has one already. */
    async insertNew(values: Insert): Promise<SandboxCompanyRow | undefined> {
      const [row] = await db
        .insert(sandboxKybApplicants)
        .values({ ...values, submissions: 1 })
        .onConflictDoNothing({ target: sandboxKybApplicants.externalId })
        .returning();
      return row;
    },

    /** Replaces the externalId's submission and counts it, in one statement (two submits at once count twice). */
    async resubmit(externalId: string, values: Partial<Insert>): Promise<SandboxCompanyRow> {
      const [row] = await db
        .update(sandboxKybApplicants)
        .set({ ...values, submissions: sql`${sandboxKybApplicants.submissions} + 1` })
        .where(eq(sandboxKybApplicants.externalId, externalId))
        .returning();
      if (!row) throw new Error('sandbox company applicant vanished during resubmission');
      return row;
    },

    /** Marks EDD submitted once more (eddSubmissions counts it); undefined for an unknown applicant. */
    async submitEdd(id: string, values: Partial<Insert>): Promise<SandboxCompanyRow | undefined> {
      const [row] = await db
        .update(sandboxKybApplicants)
        .set({ ...values, eddSubmissions: sql`${sandboxKybApplicants.eddSubmissions} + 1` })
        .where(eq(sandboxKybApplicants.id, id))
        .returning();
      return row;
    },

    /**
     * Writes the company's decision, only while `submissions` is still the latest and undecided: a
     * resubmission that came in meanwhile gets its own decision, and a job that runs twice decides once.
     */
    async decideCompany(id: string, submissions: number, values: Partial<Insert>): Promise<SandboxCompanyRow | undefined> {
      const [row] = await db
        .update(sandboxKybApplicants)
        .set(values)
        .where(
          and(
            eq(sandboxKybApplicants.id, id),
            eq(sandboxKybApplicants.submissions, submissions),
            eq(sandboxKybApplicants.reviewStatus, 'pending'),
          ),
        )
        .returning();
      return row;
    },

    /** An operator's decision: taken whatever the review's status (as Sumsub's approve and reject are). */
    async decideByOperator(id: string, values: Partial<Insert>): Promise<SandboxCompanyRow | undefined> {
      const [row] = await db.update(sandboxKybApplicants).set(values).where(eq(sandboxKybApplicants.id, id)).returning();
      return row;
    },

    /** The same for the EDD answers: only the latest EDD submission, once. */
    async decideEdd(id: string, eddSubmissions: number, values: Partial<Insert>): Promise<SandboxCompanyRow | undefined> {
      const [row] = await db
        .update(sandboxKybApplicants)
        .set(values)
        .where(
          and(
            eq(sandboxKybApplicants.id, id),
            eq(sandboxKybApplicants.eddSubmissions, eddSubmissions),
            eq(sandboxKybApplicants.eddStatus, 'pending'),
          ),
        )
        .returning();
      return row;
    },

    /** Runs `work` in one transaction: a change and the jobs it queues (the outbox) commit together. */
    transaction<T>(work: () => Promise<T>): Promise<T> {
      return db.transaction(() => work());
    },
  };
}

export type SandboxKybRepository = ReturnType<typeof createSandboxKybRepository>;
