import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../platform/transaction.ts';
import { eddCases, kybProfiles, kycProfiles, kycShareOutcomes, kycWebhookEvents, merchants, users } from '../../db/schema/index.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';

export type KycProfileRow = typeof kycProfiles.$inferSelect;

/** The outcomes of a shared KYC compared with an account verified already (shared-kyc.ts). */
export const SHARE_COMPARISON_OUTCOMES = ['comparing', 'matched', 'mismatch', 'uncompared'] as const;
export type KybProfileRow = typeof kybProfiles.$inferSelect;

/** KYC and KYB profiles and the vendor's webhook events: the only ORM access of the KYC module. */
export function createKycRepository(db: Database, queue: JobQueueRepository) {
  const standingOf = preparedQuery(db, (on) =>
    on
      .select({
        kycStatus: kycProfiles.kycStatus,
        kycLevel: kycProfiles.kycLevel,
        country: sql<string | null>`coalesce(${kycProfiles.residentCountry}, ${kycProfiles.addressCountry})`,
        // When the person's latest enhanced due diligence passed (the edd module's cases, docs/rules/edd.md): read in
        // the same statement, so the limits tier it opens costs a quote no query of its own.
        eddPassedAt: sql<
          string | null
        >`(select max(${eddCases.decidedAt}) from ${eddCases} where ${eddCases.userId} = ${kycProfiles.userId} and ${eddCases.status} = 'Pass')`,
      })
      .from(kycProfiles)
      .where(eq(kycProfiles.userId, sql.placeholder('userId')))
      .prepare('kyc_standing_of'),
  );
  return {
    /** Where a person's verification stands, read on every quote and order: two columns, a prepared statement. */
    async findStanding(
      userId: string,
    ): Promise<{ kycStatus: string; kycLevel: number; country: string | null; eddPassedAt: Date | null } | undefined> {
      const row = (await standingOf({ userId }))[0];
      return row && { ...row, eddPassedAt: row.eddPassedAt === null ? null : new Date(row.eddPassedAt) };
    },

    async findProfile(userId: string): Promise<KycProfileRow | undefined> {
      const [row] = await db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId));
      return row;
    },

    async findProfileByApplicant(applicantId: string): Promise<KycProfileRow | undefined> {
      const [row] = await db.select().from(kycProfiles).where(eq(kycProfiles.applicantId, applicantId));
      return row;
    },

    /** The user's profile, created (Initial) on first use: a read writes nothing once it exists. */
    async ensureProfile(values: typeof kycProfiles.$inferInsert): Promise<KycProfileRow> {
      const existing = await this.findProfile(values.userId);
      if (existing) return existing;
      // Two first reads may race: the loser's insert does nothing, and both read the one row.
      await db.insert(kycProfiles).values(values).onConflictDoNothing({ target: kycProfiles.userId });
      const row = await this.findProfile(values.userId);
      if (!row) throw new Error('kyc profile vanished during insert');
      return row;
    },

    async updateProfile(userId: string, values: Partial<typeof kycProfiles.$inferInsert>): Promise<void> {
      await db.update(kycProfiles).set(values).where(eq(kycProfiles.userId, userId));
    },

    /** What became of a shared KYC, once per share token (a rerun of the job keeps the first). */
    async recordShareOutcome(values: typeof kycShareOutcomes.$inferInsert): Promise<void> {
      await db.insert(kycShareOutcomes).values(values).onConflictDoNothing();
    },

    /** A comparison's row by the applicant the vendor made for it (kyc_share_outcomes_applicant). */
    async findShareComparison(applicantId: string): Promise<typeof kycShareOutcomes.$inferSelect | undefined> {
      const [row] = await db
        .select()
        .from(kycShareOutcomes)
        .where(and(eq(kycShareOutcomes.applicantId, applicantId), inArray(kycShareOutcomes.outcome, [...SHARE_COMPARISON_OUTCOMES])))
        .limit(1);
      return row;
    },

    /**
     * Whether the merchant's customer (by the merchant's id for it, when its entry gave one) was compared with
     * this account already and found the same person, or is being compared: another vendor check would tell nothing new.
     */
    async hasShareComparison(userId: string, merchantId: string | null, merchantUserId: string | null): Promise<boolean> {
      if (!merchantId) return false;
      const [row] = await db
        .select({ outcome: kycShareOutcomes.outcome })
        .from(kycShareOutcomes)
        .where(
          and(
            eq(kycShareOutcomes.userId, userId),
            eq(kycShareOutcomes.merchantId, merchantId),
            merchantUserId === null ? isNull(kycShareOutcomes.merchantUserId) : eq(kycShareOutcomes.merchantUserId, merchantUserId),
            inArray(kycShareOutcomes.outcome, ['comparing', 'matched']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Closes a comparison still open: answers whether this call did (a replayed webhook finds it closed). */
    async decideShareComparison(
      key: { shareTokenSha256: string; userId: string },
      outcome: 'matched' | 'mismatch' | 'uncompared',
    ): Promise<boolean> {
      const written = await db
        .update(kycShareOutcomes)
        .set({ outcome })
        .where(
          and(
            eq(kycShareOutcomes.shareTokenSha256, key.shareTokenSha256),
            eq(kycShareOutcomes.userId, key.userId),
            eq(kycShareOutcomes.outcome, 'comparing'),
          ),
        )
        .returning({ userId: kycShareOutcomes.userId });
      return written.length > 0;
    },

    /** The person's latest shared-KYC outcome, with the merchant's name, if any merchant shared one. */
    async latestShareOutcome(userId: string): Promise<{ outcome: string; merchantName: string | null } | undefined> {
      const [row] = await db
        .select({ outcome: kycShareOutcomes.outcome, merchantName: merchants.name })
        .from(kycShareOutcomes)
        .leftJoin(merchants, eq(merchants.id, kycShareOutcomes.merchantId))
        .where(eq(kycShareOutcomes.userId, userId))
        .orderBy(sql`${kycShareOutcomes.createdAt} desc`)
        .limit(1);
      return row;
    },

    /**
     * Records the applicant a shared-KYC reuse made, and nothing else (its review comes by webhook),
     * only on a profile that still has no applicant and never verified: a person who began their
     * own verification meanwhile keeps it. Answers whether it was recorded.
     */
    async recordSharedApplicant(userId: string, applicantId: string, at: Date): Promise<boolean> {
      const written = await db
        .update(kycProfiles)
        .set({ applicantId, updatedAt: at })
        .where(and(eq(kycProfiles.userId, userId), isNull(kycProfiles.applicantId), eq(kycProfiles.kycStatus, 'Initial')))
        .returning({ userId: kycProfiles.userId });
      return written.length > 0;
    },

    /**
     * Writes what a vendor review says unless a newer review was applied already: with its time,
     * only over a profile whose reviewedAt is not later; without one (the vendor gave none), only
     * over a profile no timed review reached. One statement, so a request and the webhook job
     * racing cannot interleave. Answers whether it was written.
     */
    async applyReviewValues(userId: string, reviewedAt: Date | null, values: Partial<typeof kycProfiles.$inferInsert>): Promise<boolean> {
      const notNewer = reviewedAt
        ? or(isNull(kycProfiles.reviewedAt), lte(kycProfiles.reviewedAt, reviewedAt))
        : isNull(kycProfiles.reviewedAt);
      const written = await db
        .update(kycProfiles)
        .set({ ...values, reviewedAt })
        .where(and(eq(kycProfiles.userId, userId), notNewer))
        .returning({ userId: kycProfiles.userId });
      return written.length > 0;
    },

    /**
     * Verifications submitted and not decided (Pending with an applicant), oldest change first, or one person's:
     * the desk's Verifications screen (desk-reviews.ts). With the account's email.
     */
    async waitingReviews(filter: { limit: number } | { userId: string }) {
      const query = db
        .select({ profile: kycProfiles, email: users.email })
        .from(kycProfiles)
        .innerJoin(users, eq(users.id, kycProfiles.userId))
        .where(
          and(
            eq(kycProfiles.kycStatus, 'Pending'),
            sql`${kycProfiles.applicantId} is not null`,
            'userId' in filter ? eq(kycProfiles.userId, filter.userId) : undefined,
          ),
        )
        // The vendor's time of the review held (a submission's pending review), not the row's last write: a
        // person's status page polling while Pending rewrites the row, and must not move them to the back.
        .orderBy(sql`coalesce(${kycProfiles.reviewedAt}, ${kycProfiles.updatedAt})`, kycProfiles.userId);
      return 'limit' in filter ? query.limit(filter.limit) : query;
    },

    /** The business's KYB profile, created (Initial) on first use: a read writes nothing once it exists. */
    async ensureKybProfile(userId: string, now: Date): Promise<KybProfileRow> {
      const find = async () => (await db.select().from(kybProfiles).where(eq(kybProfiles.userId, userId)))[0];
      const existing = await find();
      if (existing) return existing;
      await db.insert(kybProfiles).values({ userId, updatedAt: now }).onConflictDoNothing({ target: kybProfiles.userId });
      const row = await find();
      if (!row) throw new Error('kyb profile vanished during insert');
      return row;
    },

    /** Events about the applicant received but not applied yet (kyc-sync-task-check). */
    async countUnprocessedEvents(applicantId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(kycWebhookEvents)
        .where(and(eq(kycWebhookEvents.applicantId, applicantId), isNull(kycWebhookEvents.processedAt)));
      return row?.n ?? 0;
    },

    /**
     * Stores a verified webhook event and queues its processing, in one transaction (the outbox):
     * answers false for an event already stored (a vendor resend), which queues nothing.
     */
    async recordWebhookEvent(event: typeof kycWebhookEvents.$inferInsert, job: { kind: string; runAt: Date }): Promise<boolean> {
      return db.transaction(async () => {
        const inserted = await db
          .insert(kycWebhookEvents)
          .values(event)
          .onConflictDoNothing()
          .returning({ key: kycWebhookEvents.eventKey });
        if (!inserted.length) return false;
        await queue.enqueue({
          kind: job.kind,
          payload: { applicantId: event.applicantId, eventKey: event.eventKey },
          runAt: job.runAt,
          dedupeKey: `kyc-event:${event.eventKey}`,
        });
        return true;
      });
    },

    async markEventProcessed(eventKey: string, at: Date): Promise<void> {
      await db.update(kycWebhookEvents).set({ processedAt: at }).where(eq(kycWebhookEvents.eventKey, eventKey));
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
