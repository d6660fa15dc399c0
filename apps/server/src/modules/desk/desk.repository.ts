import { and, count, desc, eq, gt, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operatorAuditLog, operators, operatorSessions, verificationDecisions } from '../../db/schema/index.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof operatorAuditLog.$inferSelect;
export type VerificationDecisionRow = typeof verificationDecisions.$inferSelect;

/**
 * The desk's tables: operators, their sessions, and the audit log. The audit log is only ever
 * inserted into and read: this repository has no update or delete of it, and the database refuses
 * both (migration 0038's trigger).
 */
export function createDeskRepository(db: Database) {
  return {
    async findOperatorByEmail(email: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.email, email.toLowerCase()));
      return row;
    },

    async findOperatorById(id: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row;
    },

    /** Inserts an operator unless one has the email; answers whether it was inserted. */
    async insertOperator(values: typeof operators.$inferInsert): Promise<boolean> {
      const rows = await db.insert(operators).values(values).onConflictDoNothing().returning({ id: operators.id });
      return rows.length === 1;
    },

    listOperators(): Promise<OperatorRow[]> {
      return db.select().from(operators).orderBy(operators.createdAt, operators.id);
    },

    /** Sets the status; answers whether the operator exists. */
    async setOperatorStatus(id: string, status: 'Active' | 'Disabled'): Promise<boolean> {
      const rows = await db.update(operators).set({ status }).where(eq(operators.id, id)).returning({ id: operators.id });
      return rows.length === 1;
    },

    /** A new password and a fresh enrolment (the next sign-in shows a new authenticator secret): the CLI's reset. */
    async resetCredentials(id: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ passwordHash, totpSecretSealed: null, totpEnrolledAt: null, totpLastStep: null })
        .where(eq(operators.id, id))
        .returning({ id: operators.id });
      return rows.length === 1;
    },

    /** A new secret waiting for its first code, for an operator not enrolled yet (false once enrolled). */
    async setPendingTotp(id: string, sealed: string): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ totpSecretSealed: sealed, totpLastStep: null })
        .where(and(eq(operators.id, id), isNull(operators.totpEnrolledAt)))
        .returning({ id: operators.id });
      return rows.length === 1;
    },

    /**
     * Spends a time step of the secret a code matched (compare-and-set on the secret, and only a step
     * later than the last one accepted), enrolling the secret when `enrolledAt` is given. False for a
     * step already used or a secret replaced meanwhile.
     */
    async acceptTotpStep(id: string, sealed: string, step: number, enrolledAt?: Date): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ totpLastStep: step, ...(enrolledAt ? { totpEnrolledAt: enrolledAt } : {}) })
        .where(
          and(
            eq(operators.id, id),
            eq(operators.totpSecretSealed, sealed),
            or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          ),
        )
        .returning({ id: operators.id });
      return rows.length === 1;
    },

    async insertSession(values: typeof operatorSessions.$inferInsert): Promise<void> {
      await db.insert(operatorSessions).values(values);
    },

    /**
     * The live session of a token hash and its operator: not revoked, not past its end, seen within
     * `idleMs`, its operator Active. Marks it seen now (one statement: a session idle too long is never revived).
     */
    async touchLiveSession(tokenHash: string, now: Date, idleMs: number): Promise<{ operator: OperatorRow; expiresAt: Date } | undefined> {
      const idleSince = new Date(now.getTime() - idleMs);
      const [session] = await db
        .update(operatorSessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, idleSince),
          ),
        )
        .returning({ operatorId: operatorSessions.operatorId, expiresAt: operatorSessions.expiresAt });
      if (!session) return undefined;
      const [operator] = await db
        .select()
        .from(operators)
        .where(and(eq(operators.id, session.operatorId), eq(operators.status, 'Active')));
      return operator ? { operator, expiresAt: session.expiresAt } : undefined;
    },

    async revokeSession(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
    },

    async revokeSessionsOf(operatorId: string, now: Date): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
    },

    /** Sessions that ended before `before` (expired or revoked): the housekeeping's delete. */
    async deleteEndedSessions(before: Date): Promise<number> {
      const gone = await db
        .delete(operatorSessions)
        .where(or(lt(operatorSessions.expiresAt, before), lt(operatorSessions.revokedAt, before)))
        .returning({ tokenHash: operatorSessions.tokenHash });
      return gone.length;
    },

    async insertAudit(values: typeof operatorAuditLog.$inferInsert): Promise<void> {
      await db.insert(operatorAuditLog).values(values);
    },

    /** One page of the audit log, newest first, with each operator's email. */
    async auditPage(filter: { operatorId?: string | undefined; action?: string | undefined; offset: number; limit: number }) {
      const where = and(
        filter.operatorId ? eq(operatorAuditLog.operatorId, filter.operatorId) : undefined,
        filter.action ? eq(operatorAuditLog.action, filter.action) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(operatorAuditLog).where(where);
      const rows = await db
        .select({ entry: operatorAuditLog, operatorEmail: operators.email })
        .from(operatorAuditLog)
        .innerJoin(operators, eq(operators.id, operatorAuditLog.operatorId))
        .where(where)
        .orderBy(desc(operatorAuditLog.at), desc(operatorAuditLog.id))
        .offset(filter.offset)
        .limit(filter.limit);
      return { total: Number(total?.n ?? 0), rows };
    },

    /**
     * Records a decision for its review round, unless one is recorded already: answers whether this one was. A
     * concurrent one for the same round waits on the unique index until the first commits, then finds it.
     */
    async reserveVerificationDecision(values: typeof verificationDecisions.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(verificationDecisions)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: verificationDecisions.id });
      return inserted.length > 0;
    },

    /** The decisions recorded for these applicants' rounds, with the deciding operator's name. */
    async verificationDecisionsOf(subject: string, rounds: ReadonlyArray<{ applicantId: string; round: string }>) {
      if (rounds.length === 0) return [];
      return db
        .select({ decision: verificationDecisions, by: operators.displayName })
        .from(verificationDecisions)
        .innerJoin(operators, eq(operators.id, verificationDecisions.operatorId))
        .where(
          and(
            eq(verificationDecisions.subject, subject),
            or(
              ...rounds.map(({ applicantId, round }) =>
                and(eq(verificationDecisions.applicantId, applicantId), eq(verificationDecisions.round, round)),
              ),
            ),
          ),
        );
    },

    /**
     * The demo operators of a database that once ran as a sandbox, on an install without demo data:
     * their sessions end, those who never acted are deleted, the others (whom the audit log names) are
     * Disabled. One transaction; running it again changes nothing.
     */
    async removeOperators(emails: readonly string[]): Promise<void> {
      const named = inArray(operators.email, [...emails]);
      await db.transaction(async () => {
        const ids = db.select({ id: operators.id }).from(operators).where(named);
        await db.delete(operatorSessions).where(inArray(operatorSessions.operatorId, ids));
        const acted = db
          .select({ one: sql`1` })
          .from(operatorAuditLog)
          .where(eq(operatorAuditLog.operatorId, operators.id));
        await db.delete(operators).where(and(named, notExists(acted)));
        await db.update(operators).set({ status: 'Disabled' }).where(named);
      });
    },
  };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
