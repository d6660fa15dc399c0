import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sandboxKycApplicants } from '../../../db/schema/index.ts';

export type SandboxApplicantRow = typeof sandboxKycApplicants.$inferSelect;

/** The sandbox vendor's side of the data: what Sumsub would keep about an applicant. */
export function createSandboxKycRepository(db: Database) {
  return {
    async findById(id: string): Promise<SandboxApplicantRow | undefined> {
      const [row] = await db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.id, id));
      return row;
    },

    async findByExternalUserId(externalUserId: string): Promise<SandboxApplicantRow | undefined> {
      const [row] = await db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.externalUserId, externalUserId));
      return row;
    },

    async findByShareTokenId(shareTokenId: string): Promise<SandboxApplicantRow | undefined> {
      const [row] = await db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.shareTokenId, shareTokenId));
      return row;
    },

    /** Inserts unless the externalUserId has one already; answers the applicant either way. */
    async insertOrGet(values: typeof sandboxKycApplicants.$inferInsert): Promise<SandboxApplicantRow> {
      await db.insert(sandboxKycApplicants).values(values).onConflictDoNothing({ target: sandboxKycApplicants.externalUserId });
      const row = await this.findByExternalUserId(values.externalUserId);
      if (!row) throw new Error('sandbox applicant vanished during insert');
      return row;
    },

    async update(id: string, values: Partial<typeof sandboxKycApplicants.$inferInsert>): Promise<void> {
      await db.update(sandboxKycApplicants).set(values).where(eq(sandboxKycApplicants.id, id));
    },

    /**
     * The automatic decision of one submission, only while that submission is the latest and still pending (an
     * operator's decision, or a newer submission, came first otherwise): answers whether it was written.
     */
    async decidePending(id: string, submissionId: string, values: Partial<typeof sandboxKycApplicants.$inferInsert>): Promise<boolean> {
      const written = await db
        .update(sandboxKycApplicants)
        .set(values)
        .where(
          and(
            eq(sandboxKycApplicants.id, id),
            eq(sandboxKycApplicants.reviewStatus, 'pending'),
            sql`${sandboxKycApplicants.info}->>'submissionId' = ${submissionId}`,
          ),
        )
        .returning({ id: sandboxKycApplicants.id });
      return written.length > 0;
    },

    /** Runs `work` in one transaction: a change and the jobs it queues (the outbox) commit together. */
    transaction<T>(work: () => Promise<T>): Promise<T> {
      return db.transaction(() => work());
    },
  };
}

export type SandboxKycRepository = ReturnType<typeof createSandboxKycRepository>;
