import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { kybApplications, kybCompanies, kybIndividuals, kybPeople, kybProfiles, kybWebhookEvents, users } from '../../db/schema/index.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';

export type KybApplicationRow = typeof kybApplications.$inferSelect;
export type KybIndividualRow = typeof kybIndividuals.$inferSelect;
export type KybPersonRow = typeof kybPeople.$inferSelect;
export type KybCompanyRow = typeof kybCompanies.$inferSelect;
export type KybStatusRow = typeof kybProfiles.$inferSelect;
export type KybStatusChange = Partial<Omit<KybStatusRow, 'userId'>>;

/** The business verification's rows: the form, its people and companies, the statuses, the vendor's events. The module's only ORM access. */
export function createKybRepository(db: Database, queue: JobQueueRepository) {
  return {
    /** The business's form, made empty the first time (with its statuses row). */
    async applicationOf(userId: string, now: Date): Promise<KybApplicationRow> {
      const find = async () => (await db.select().from(kybApplications).where(eq(kybApplications.userId, userId)))[0];
      const found = await find();
      if (found) return found;
      await db.insert(kybApplications).values({ userId, createdAt: now, updatedAt: now }).onConflictDoNothing();
      await db.insert(kybProfiles).values({ userId, updatedAt: now }).onConflictDoNothing();
      return (await find())!;
    },
    async findApplicationByApplicant(applicantId: string): Promise<KybApplicationRow | undefined> {
      return (await db.select().from(kybApplications).where(eq(kybApplications.applicantId, applicantId)))[0];
    },
    /** The row under the business's lock (FOR UPDATE): a submit, a review and an edit never interleave. */
    /**
     * Companies submitted whose review the vendor has not decided (pending, or held for a person), oldest
     * submission first, or one business's: the desk's Verifications screen (desk-reviews.ts). With the account's email.
     */
    async waitingReviews(filter: { limit: number } | { userId: string }) {
      const query = db
        .select({ application: kybApplications, email: users.email })
        .from(kybApplications)
        .innerJoin(users, eq(users.id, kybApplications.userId))
        .where(
          and(
            inArray(kybApplications.companyReview, ['pending', 'onHold']),
            isNotNull(kybApplications.applicantId),
            'userId' in filter ? eq(kybApplications.userId, filter.userId) : undefined,
          ),
        )
        .orderBy(asc(kybApplications.submittedAt), asc(kybApplications.userId));
      return 'limit' in filter ? query.limit(filter.limit) : query;
    },

    async lockApplication(userId: string): Promise<KybApplicationRow | undefined> {
      return (await db.select().from(kybApplications).where(eq(kybApplications.userId, userId)).for('update'))[0];
    },
    async updateApplication(userId: string, change: Partial<Omit<KybApplicationRow, 'userId'>>): Promise<void> {
      await db.update(kybApplications).set(change).where(eq(kybApplications.userId, userId));
    },

    async statusOf(userId: string): Promise<KybStatusRow | undefined> {
      return (await db.select().from(kybProfiles).where(eq(kybProfiles.userId, userId)))[0];
    },
    async updateStatus(userId: string, change: KybStatusChange): Promise<void> {
      await db.update(kybProfiles).set(change).where(eq(kybProfiles.userId, userId));
    },

    async individualsOf(userId: string): Promise<KybIndividualRow[]> {
      return db.select().from(kybIndividuals).where(eq(kybIndividuals.businessUserId, userId)).orderBy(asc(kybIndividuals.createdAt));
    },
    async insertIndividual(row: typeof kybIndividuals.$inferInsert): Promise<void> {
      await db.insert(kybIndividuals).values(row);
    },
    async updateIndividual(id: string, change: Partial<Omit<KybIndividualRow, 'id' | 'businessUserId'>>): Promise<void> {
      await db.update(kybIndividuals).set(change).where(eq(kybIndividuals.id, id));
    },
    async deleteIndividual(id: string): Promise<void> {
      await db.delete(kybIndividuals).where(eq(kybIndividuals.id, id));
    },

    async peopleOf(userId: string): Promise<KybPersonRow[]> {
      return db.select().from(kybPeople).where(eq(kybPeople.businessUserId, userId)).orderBy(asc(kybPeople.createdAt));
    },
    async findPerson(id: string): Promise<KybPersonRow | undefined> {
      return (await db.select().from(kybPeople).where(eq(kybPeople.id, id)))[0];
    },
    async findPersonByApplicant(applicantId: string): Promise<KybPersonRow | undefined> {
      return (await db.select().from(kybPeople).where(eq(kybPeople.kycApplicantId, applicantId)))[0];
    },
    /** The human with this identity in the business, made the first time they are declared. */
    async personFor(userId: string, identityKey: string, newId: string, now: Date): Promise<KybPersonRow> {
      await db.insert(kybPeople).values({ id: newId, businessUserId: userId, identityKey, createdAt: now }).onConflictDoNothing();
      return (
        await db
          .select()
          .from(kybPeople)
          .where(and(eq(kybPeople.businessUserId, userId), eq(kybPeople.identityKey, identityKey)))
      )[0]!;
    },
    async updatePerson(id: string, change: Partial<Omit<KybPersonRow, 'id' | 'businessUserId'>>): Promise<void> {
      await db.update(kybPeople).set(change).where(eq(kybPeople.id, id));
    },
    /** People no role points at any more (a deleted or renamed individual): removed unless they started verifying. */
    async removeUnusedPeople(userId: string): Promise<void> {
      const used = db.select({ id: kybIndividuals.personId }).from(kybIndividuals).where(eq(kybIndividuals.businessUserId, userId));
      const unused = await db
        .select({ id: kybPeople.id })
        .from(kybPeople)
        .where(and(eq(kybPeople.businessUserId, userId), eq(kybPeople.kycStatus, 'Initial')));
      const inUse = new Set((await used).map((row) => row.id));
      const ids = unused.map((row) => row.id).filter((id) => !inUse.has(id));
      if (ids.length) await db.delete(kybPeople).where(inArray(kybPeople.id, ids));
    },
    async peopleWithApplicants(userId: string): Promise<KybPersonRow[]> {
      return db
        .select()
        .from(kybPeople)
        .where(and(eq(kybPeople.businessUserId, userId), isNotNull(kybPeople.kycApplicantId)));
    },

    async companiesOf(userId: string): Promise<KybCompanyRow[]> {
      return db.select().from(kybCompanies).where(eq(kybCompanies.businessUserId, userId)).orderBy(asc(kybCompanies.createdAt));
    },
    async insertCompany(row: typeof kybCompanies.$inferInsert): Promise<void> {
      await db.insert(kybCompanies).values(row);
    },
    async updateCompany(id: string, change: Partial<Omit<KybCompanyRow, 'id' | 'businessUserId'>>): Promise<void> {
      await db.update(kybCompanies).set(change).where(eq(kybCompanies.id, id));
    },
    async deleteCompany(id: string): Promise<void> {
      await db.delete(kybCompanies).where(eq(kybCompanies.id, id));
    },

    /** Stores a verified webhook event and queues its processing in one transaction: false for one stored already. */
    async recordWebhookEvent(event: typeof kybWebhookEvents.$inferInsert, jobKind: string): Promise<boolean> {
      return db.transaction(async () => {
        const inserted = await db
          .insert(kybWebhookEvents)
          .values(event)
          .onConflictDoNothing()
          .returning({ key: kybWebhookEvents.eventKey });
        if (!inserted.length) return false;
        await queue.enqueue({
          kind: jobKind,
          payload: { applicantId: event.applicantId, eventKey: event.eventKey },
          runAt: event.receivedAt,
          dedupeKey: `kyb-event:${event.eventKey}`,
        });
        return true;
      });
    },
    async markEventProcessed(eventKey: string, at: Date): Promise<void> {
      await db.update(kybWebhookEvents).set({ processedAt: at }).where(eq(kybWebhookEvents.eventKey, eventKey));
    },
  };
}

export type KybRepository = ReturnType<typeof createKybRepository>;
