import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries, mailingListMembers, serviceModes, users } from '../../db/schema/index.ts';

export type ServiceModeRow = typeof serviceModes.$inferSelect;

/** Whether a country's residents and nationals may hold an account (the countries table's flags). */
export interface CountryAcceptance {
  code: string;
  residenceAccepted: boolean;
  nationalityAccepted: boolean;
}

/**
 * The availability module's only ORM access: the service-mode switches (its own table), the countries'
 * acceptance flags (reference data, read here), and the UK launch list (`mailing_list_members`).
 */
export function createAvailabilityRepository(db: Database) {
  return {
    async serviceModes(): Promise<ServiceModeRow[]> {
      return db.select().from(serviceModes);
    },

    /** Sets the given switches of one mode (the others as they were, or off for a mode never switched), with who and when. */
    async setServiceMode(
      mode: string,
      change: { maintenance?: boolean | undefined; ukOpen?: boolean | undefined },
      by: string,
      now: Date,
    ): Promise<ServiceModeRow> {
      const set = {
        ...(change.maintenance === undefined ? {} : { maintenance: change.maintenance }),
        ...(change.ukOpen === undefined ? {} : { ukOpen: change.ukOpen }),
        updatedAt: now,
        updatedBy: by,
      };
      const [row] = await db
        .insert(serviceModes)
        .values({ mode, maintenance: change.maintenance ?? false, ukOpen: change.ukOpen ?? false, updatedAt: now, updatedBy: by })
        .onConflictDoUpdate({ target: serviceModes.mode, set })
        .returning();
      if (!row) throw new Error('service mode upsert returned nothing');
      return row;
    },

    /** The countries whose residents or nationals are not accepted (a handful of rows: the others accept both). */
    async refusedCountries(): Promise<CountryAcceptance[]> {
      return db
        .select({
          code: countries.code,
          residenceAccepted: countries.residenceAccepted,
          nationalityAccepted: countries.nationalityAccepted,
        })
        .from(countries)
        .where(or(eq(countries.residenceAccepted, false), eq(countries.nationalityAccepted, false)));
    },

    /** Puts an account on a list once: answers whether this call added it. */
    async joinMailingList(values: typeof mailingListMembers.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(mailingListMembers)
        .values(values)
        .onConflictDoNothing()
        .returning({ userId: mailingListMembers.userId });
      return inserted.length > 0;
    },

    /**
     * Up to `limit` members of a list not told yet whose accounts are of `userTypes`, each marked told now: a
     * compare-and-set per row, so two workers never tell one person twice.
     */
    async claimUntold(list: string, userTypes: readonly string[], limit: number, now: Date, excluding: readonly string[] = []) {
      const candidates = await db
        .select({ userId: mailingListMembers.userId })
        .from(mailingListMembers)
        .innerJoin(users, eq(users.id, mailingListMembers.userId))
        .where(
          and(
            eq(mailingListMembers.list, list),
            isNull(mailingListMembers.notifiedAt),
            inArray(users.userType, [...userTypes]),
            excluding.length > 0 ? notInArray(mailingListMembers.userId, [...excluding]) : undefined,
          ),
        )
        .orderBy(asc(mailingListMembers.joinedAt))
        .limit(limit);
      if (candidates.length === 0) return [];
      return db
        .update(mailingListMembers)
        .set({ notifiedAt: now })
        .where(
          and(
            eq(mailingListMembers.list, list),
            isNull(mailingListMembers.notifiedAt),
            inArray(
              mailingListMembers.userId,
              candidates.map((row) => row.userId),
            ),
          ),
        )
        .returning({ userId: mailingListMembers.userId, email: mailingListMembers.email, lang: mailingListMembers.lang });
    },

    /** Takes back a member's mark (their email could not be sent): the next run tells them. */
    async unmarkTold(list: string, userId: string): Promise<void> {
      await db
        .update(mailingListMembers)
        .set({ notifiedAt: null })
        .where(and(eq(mailingListMembers.list, list), eq(mailingListMembers.userId, userId)));
    },

    /** How many accounts a list holds (the sandbox and the operator read it). */
    async mailingListSize(list: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailingListMembers)
        .where(eq(mailingListMembers.list, list));
      return row?.count ?? 0;
    },
  };
}

export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
