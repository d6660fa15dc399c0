import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../platform/transaction.ts';
import {
  credentialFailures,
  emailCodes,
  sessions,
  signInUnlockTokens,
  spentProcessTokens,
  userAgreements,
  userAuthenticators,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type AuthenticatorRow = typeof userAuthenticators.$inferSelect;

/** Lower-cased and trimmed: the form emails are unique in. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The factors counted apart (credential_failures.factor). */
export type CredentialFactor = 'password' | 'email-code' | 'authenticator';

/** How many failures lock a factor, for how long after the last one, and when failures short of a lock are forgotten. */
export interface FailurePolicy {
  maxFailures: number;
  lockMs: number;
  forgetMs: number;
}

/**
 * Users, sessions, email codes and authenticators: the only ORM access of the identity module.
 * `transaction` runs a function in one database transaction that every repository called inside
 * it joins (the unit of work of platform/transaction.ts: nothing is passed down).
 */
export function createIdentityRepository(db: Database) {
  const activeSessionByTokenHash = preparedQuery(db, (on) =>
    on
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        ),
      )
      .prepare('active_session_by_token_hash'),
  );
  return {
    /** Runs `work` in one transaction (joining the caller's when there is one). */
    async transaction<T>(work: () => Promise<T>): Promise<T> {
      return db.transaction(() => work());
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.emailNormalized, normalizeEmail(email)));
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** The operator's desk: accounts whose id is `text` or whose email contains it (all when empty), newest first. */
    async searchUsers(text: string, offset: number, limit: number): Promise<{ total: number; rows: UserRow[] }> {
      const pattern = `%${normalizeEmail(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = text ? or(eq(users.id, text), sql`${users.emailNormalized} like ${pattern}`) : undefined;
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(sql`${users.createdAt} desc`, users.id)
        .offset(offset)
        .limit(limit);
      return { total: Number(total?.n ?? 0), rows };
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

    /** Several acceptances in one statement: all of them are recorded, or none (versions already accepted are kept as they were). */
    async recordAgreements(rows: (typeof userAgreements.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(userAgreements).values(rows).onConflictDoNothing();
    },

    /** The acceptances of one person among `protocols`, every version. */
    async listAgreements(userId: string, protocols: readonly string[]): Promise<(typeof userAgreements.$inferSelect)[]> {
      if (protocols.length === 0) return [];
      return db
        .select()
        .from(userAgreements)
        .where(and(eq(userAgreements.userId, userId), inArray(userAgreements.protocol, [...protocols])));
    },

    async hasAgreement(userId: string, protocol: string, version: string): Promise<boolean> {
      const rows = await db
        .select({ userId: userAgreements.userId })
        .from(userAgreements)
        .where(and(eq(userAgreements.userId, userId), eq(userAgreements.protocol, protocol), eq(userAgreements.version, version)));
      return rows.length > 0;
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    /**
     * Reserves one attempt at a factor: counts it as a failure before the check, in one conditional
     * upsert. Answers the count including this attempt, or null when the factor is locked (the
     * maximum reached and the last failure younger than the lock). A lock that ran out starts afresh,
     * and so do failures short of a lock whose last one is older than `forgetMs`: a typo today does
     * not add to four from last month.
     */
    async reserveCredentialAttempt(userId: string, factor: CredentialFactor, policy: FailurePolicy, now: Date): Promise<number | null> {
      const lockStart = new Date(now.getTime() - policy.lockMs).toISOString();
      const forgetStart = new Date(now.getTime() - policy.forgetMs).toISOString();
      const expired = sql`${credentialFailures.lastFailureAt} <= ${lockStart}::timestamptz`;
      const forgotten = sql`${credentialFailures.lastFailureAt} <= ${forgetStart}::timestamptz`;
      const rows = await db
        .insert(credentialFailures)
        .values({ userId, factor, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: [credentialFailures.userId, credentialFailures.factor],
          set: {
            failures: sql`case when (${credentialFailures.failures} >= ${policy.maxFailures} and ${expired}) or ${forgotten} then 1 else ${credentialFailures.failures} + 1 end`,
            lastFailureAt: now,
          },
          setWhere: sql`${credentialFailures.failures} < ${policy.maxFailures} or ${expired}`,
        })
        .returning({ failures: credentialFailures.failures });
      return rows[0]?.failures ?? null;
    },

    /** Gives back an attempt whose check neither passed nor failed (an expired code, a missing step). */
    async releaseCredentialAttempt(userId: string, factor: CredentialFactor): Promise<void> {
      await db
        .update(credentialFailures)
        .set({ failures: sql`greatest(${credentialFailures.failures} - 1, 0)` })
        .where(and(eq(credentialFailures.userId, userId), eq(credentialFailures.factor, factor)));
    },

    /** Forgets the failures of these factors (a passed check, a reset, an unlock link). */
    async clearCredentialFailures(userId: string, factors: readonly CredentialFactor[]): Promise<void> {
      await db
        .delete(credentialFailures)
        .where(and(eq(credentialFailures.userId, userId), inArray(credentialFailures.factor, [...factors])));
    },

    /** The factors of this person locked at `now`. */
    async lockedFactors(userId: string, policy: FailurePolicy, now: Date): Promise<CredentialFactor[]> {
      const rows = await db
        .select({ factor: credentialFailures.factor })
        .from(credentialFailures)
        .where(
          and(
            eq(credentialFailures.userId, userId),
            sql`${credentialFailures.failures} >= ${policy.maxFailures}`,
            gt(credentialFailures.lastFailureAt, new Date(now.getTime() - policy.lockMs)),
          ),
        );
      return rows.map((row) => row.factor as CredentialFactor);
    },

    /**
     * Stores a new unlock token and forgets the person's used or expired ones, so each person keeps
     * at most the links of the last hour (3 a person an hour): the table never grows without bound.
     */
    async insertUnlockToken(values: typeof signInUnlockTokens.$inferInsert): Promise<void> {
      const now = values.createdAt ?? new Date();
      await db
        .delete(signInUnlockTokens)
        .where(
          and(
            eq(signInUnlockTokens.userId, values.userId),
            or(isNotNull(signInUnlockTokens.usedAt), lte(signInUnlockTokens.expiresAt, now)),
          ),
        );
      await db.insert(signInUnlockTokens).values(values);
    },

    /** Marks an unlock token used if it is unused and unexpired; answers its person, or undefined (single use). */
    async useUnlockToken(tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(signInUnlockTokens)
        .set({ usedAt: now })
        .where(and(eq(signInUnlockTokens.tokenHash, tokenHash), isNull(signInUnlockTokens.usedAt), gt(signInUnlockTokens.expiresAt, now)))
        .returning({ userId: signInUnlockTokens.userId });
      return row?.userId;
    },

    /** Whether an unlock token could still be used (the page shows its form only then). */
    async isUnlockTokenOpen(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ tokenHash: signInUnlockTokens.tokenHash })
        .from(signInUnlockTokens)
        .where(and(eq(signInUnlockTokens.tokenHash, tokenHash), isNull(signInUnlockTokens.usedAt), gt(signInUnlockTokens.expiresAt, now)));
      return rows.length === 1;
    },

    /** Records a process token as exchanged; false when it already was (a second sign-in with it). Forgets expired ones. */
    async spendProcessToken(nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(spentProcessTokens).where(lt(spentProcessTokens.expiresAt, now));
      const rows = await db
        .insert(spentProcessTokens)
        .values({ nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: spentProcessTokens.nonce });
      return rows.length === 1;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** Every signed-in call reads it: a prepared statement. */
    async findActiveSessionByTokenHash(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await activeSessionByTokenHash({ tokenHash, now: now.toISOString() });
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

    /**
     * Reserves one entry of a code before it is compared: answers the entries including this one,
     * or null when the code is closed or had its maximum (so parallel entries never exceed it).
     */
    async reserveEmailCodeEntry(id: string, maxEntries: number): Promise<number | null> {
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.closedAt), lt(emailCodes.attempts, maxEntries)))
        .returning({ attempts: emailCodes.attempts });
      return row?.attempts ?? null;
    },

    /** Gives back the entry of a right code: only wrong entries burn a code. */
    async releaseEmailCodeEntry(id: string): Promise<void> {
      await db
        .update(emailCodes)
        .set({ attempts: sql`greatest(${emailCodes.attempts} - 1, 0)` })
        .where(eq(emailCodes.id, id));
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
        .onConflictDoUpdate({
          target: userAuthenticators.userId,
          set: { secretEncrypted, status: 'pending', createdAt: now, boundAt: null, lastUsedStep: null },
        });
    },

    async setPendingReplacement(userId: string, secretEncrypted: string): Promise<void> {
      await db.update(userAuthenticators).set({ pendingSecretEncrypted: secretEncrypted }).where(eq(userAuthenticators.userId, userId));
    },

    /**
     * Swaps in the replacement, only if it is still the one whose code was checked (a second
     * start-change in between makes this a no-op) and the current secret's step `oldStep` was not
     * used yet. `newStep` is the new app's accepted step. True when this call swapped.
     */
    async completeReplacement(
      userId: string,
      shown: { currentSecret: string; pendingSecret: string },
      oldStep: number,
      newStep: number,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(userAuthenticators)
        .set({ secretEncrypted: shown.pendingSecret, pendingSecretEncrypted: null, lastUsedStep: newStep, boundAt: now })
        .where(
          and(
            eq(userAuthenticators.userId, userId),
            eq(userAuthenticators.status, 'bound'),
            eq(userAuthenticators.secretEncrypted, shown.currentSecret),
            eq(userAuthenticators.pendingSecretEncrypted, shown.pendingSecret),
            sql`(${userAuthenticators.lastUsedStep} is null or ${userAuthenticators.lastUsedStep} < ${oldStep})`,
          ),
        )
        .returning({ userId: userAuthenticators.userId });
      return rows.length === 1;
    },

    /**
     * Records an accepted authenticator step if it is newer than the last one; false when the step
     * was already used (a replay), so a code is accepted once even under concurrent requests.
     */
    async acceptAuthenticatorStep(
      userId: string,
      step: number,
      values: Partial<typeof userAuthenticators.$inferInsert> = {},
      /** The secret the step was matched against: the row must still hold it (compare-and-set). */
      secretEncrypted?: string,
    ): Promise<boolean> {
      const rows = await db
        .update(userAuthenticators)
        .set({ lastUsedStep: step, ...values })
        .where(
          and(
            eq(userAuthenticators.userId, userId),
            secretEncrypted === undefined ? undefined : eq(userAuthenticators.secretEncrypted, secretEncrypted),
            sql`(${userAuthenticators.lastUsedStep} is null or ${userAuthenticators.lastUsedStep} < ${step})`,
          ),
        )
        .returning({ userId: userAuthenticators.userId });
      return rows.length === 1;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
