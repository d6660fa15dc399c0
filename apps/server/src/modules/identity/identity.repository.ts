import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailCodes, sessions, userAgreements, userAuthenticators, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type AuthenticatorRow = typeof userAuthenticators.$inferSelect;

/** Lower-cased and trimmed: the form emails are unique in. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Users, sessions, email codes and authenticators: the only ORM access of the identity module. */
export function createIdentityRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.emailNormalized, normalizeEmail(email)));
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Inserts a user; on a concurrent sign-up of the same email, returns the row that won. */
    async insertUser(values: typeof users.$inferInsert): Promise<{ user: UserRow; created: boolean }> {
      const [inserted] = await db.insert(users).values(values).onConflictDoNothing({ target: users.emailNormalized }).returning();
      if (inserted) return { user: inserted, created: true };
      const [existing] = await db.select().from(users).where(eq(users.emailNormalized, values.emailNormalized));
      if (!existing) throw new Error('user vanished during insert');
      return { user: existing, created: false };
    },

    /** Evidence that the person accepted an agreement version; accepting the same version again changes nothing. */
    async recordAgreement(values: typeof userAgreements.$inferInsert): Promise<void> {
      await db.insert(userAgreements).values(values).onConflictDoNothing();
    },

    async hasAgreement(userId: string, protocol: string, version: string): Promise<boolean> {
      const rows = await db.select({ userId: userAgreements.userId }).from(userAgreements).where(and(eq(userAgreements.userId, userId), eq(userAgreements.protocol, protocol), eq(userAgreements.version, version)));
      return rows.length > 0;
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    /** Counts a failed password and returns the new count, atomically. */
    async incrementFailedLogins(id: string): Promise<number> {
      const [row] = await db
        .update(users)
        .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
        .where(eq(users.id, id))
        .returning({ count: users.failedLoginCount });
      return row?.count ?? 0;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    async findActiveSessionByTokenHash(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },

    /** Revokes one session if still active; true when this call revoked it (rotation happens once). */
    async revokeSession(id: string, reason: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    async revokeOtherSessions(userId: string, keepSessionId: string | undefined, reason: string, now: Date): Promise<void> {
      const active = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(keepSessionId ? and(active, sql`${sessions.id} <> ${keepSessionId}`) : active);
    },

    async insertEmailCode(values: typeof emailCodes.$inferInsert): Promise<void> {
      await db.insert(emailCodes).values(values);
    },

    /** The newest open code of this email and purpose. */
    async findOpenEmailCode(email: string, purpose: string): Promise<EmailCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.emailNormalized, normalizeEmail(email)), eq(emailCodes.purpose, purpose), isNull(emailCodes.closedAt)))
        .orderBy(sql`${emailCodes.createdAt} desc`)
        .limit(1);
      return row;
    },

    async findLatestEmailCode(email: string, purpose: string): Promise<EmailCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.emailNormalized, normalizeEmail(email)), eq(emailCodes.purpose, purpose)))
        .orderBy(sql`${emailCodes.createdAt} desc`)
        .limit(1);
      return row;
    },

    async closeOpenEmailCodes(email: string, purpose: string, reason: string, now: Date): Promise<void> {
      await db
        .update(emailCodes)
        .set({ closedAt: now, closedReason: reason })
        .where(and(eq(emailCodes.emailNormalized, normalizeEmail(email)), eq(emailCodes.purpose, purpose), isNull(emailCodes.closedAt)));
    },

    /** Counts a wrong entry; returns the new attempt count (atomic). */
    async incrementEmailCodeAttempts(id: string): Promise<number> {
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(eq(emailCodes.id, id))
        .returning({ attempts: emailCodes.attempts });
      return row?.attempts ?? 0;
    },

    /** Closes a code if still open; true when this call closed it (a code is used once). */
    async closeEmailCode(id: string, reason: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailCodes)
        .set({ closedAt: now, closedReason: reason })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.closedAt)))
        .returning({ id: emailCodes.id });
      return rows.length === 1;
    },

    async findAuthenticator(userId: string): Promise<AuthenticatorRow | undefined> {
      const [row] = await db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, userId));
      return row;
    },

    async upsertPendingAuthenticator(userId: string, secretEncrypted: string, now: Date): Promise<void> {
      await db
        .insert(userAuthenticators)
        .values({ userId, secretEncrypted, status: 'pending', createdAt: now })
        .onConflictDoUpdate({ target: userAuthenticators.userId, set: { secretEncrypted, status: 'pending', createdAt: now, boundAt: null, lastUsedStep: null } });
    },

    async setPendingReplacement(userId: string, secretEncrypted: string): Promise<void> {
      await db.update(userAuthenticators).set({ pendingSecretEncrypted: secretEncrypted }).where(eq(userAuthenticators.userId, userId));
    },

    /** The pending replacement becomes the bound secret; `step` is the new app's accepted step. */
    async completeReplacement(userId: string, step: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(userAuthenticators)
        .set({ secretEncrypted: sql`${userAuthenticators.pendingSecretEncrypted}`, pendingSecretEncrypted: null, lastUsedStep: step, boundAt: now })
        .where(and(eq(userAuthenticators.userId, userId), sql`${userAuthenticators.pendingSecretEncrypted} is not null`))
        .returning({ userId: userAuthenticators.userId });
      return rows.length === 1;
    },

    /**
     * Records an accepted authenticator step if it is newer than the last one; false when the step
     * was already used (a replay), so a code is accepted once even under concurrent requests.
     */
    async acceptAuthenticatorStep(userId: string, step: number, values: Partial<typeof userAuthenticators.$inferInsert> = {}): Promise<boolean> {
      const rows = await db
        .update(userAuthenticators)
        .set({ lastUsedStep: step, ...values })
        .where(
          and(
            eq(userAuthenticators.userId, userId),
            sql`(${userAuthenticators.lastUsedStep} is null or ${userAuthenticators.lastUsedStep} < ${step})`,
          ),
        )
        .returning({ userId: userAuthenticators.userId });
      return rows.length === 1;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
