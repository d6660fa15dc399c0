import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { eddCases, riskCountries, riskRatings } from '../../db/schema/index.ts';

export type RiskRatingRow = typeof riskRatings.$inferSelect;
export type EddCaseRow = typeof eddCases.$inferSelect;
export type NewEddCaseRow = typeof eddCases.$inferInsert;
export type RiskCountryRow = typeof riskCountries.$inferSelect;
/** A level of the country risk list (the table's check holds it to these). */
export type RiskLevel = 'medium' | 'high' | 'extreme';

/** The statuses of a case still in progress: at most one per person (edd_cases_one_open). */
export const OPEN_CASE_STATUSES = ['Initial', 'RFI', 'Pending'] as const;

/** Risk ratings, EDD cases and the country risk list: the only ORM access of the edd module. */
export function createEddRepository(db: Database) {
  return {
    async findRating(userId: string): Promise<RiskRatingRow | undefined> {
      return (await db.select().from(riskRatings).where(eq(riskRatings.userId, userId)))[0];
    },

    /** The person's rating, locked until the caller's transaction ends (a recomputation and an override never interleave). */
    async lockRating(userId: string): Promise<RiskRatingRow | undefined> {
      return (await db.select().from(riskRatings).where(eq(riskRatings.userId, userId)).for('update'))[0];
    },

    async upsertRating(row: typeof riskRatings.$inferInsert): Promise<RiskRatingRow> {
      const { userId: _userId, ...values } = row;
      const [saved] = await db.insert(riskRatings).values(row).onConflictDoUpdate({ target: riskRatings.userId, set: values }).returning();
      return saved!;
    },

    /** The levels of these countries on the risk list (those not listed are left out). */
    async countryLevels(countries: readonly string[]): Promise<Map<string, RiskLevel>> {
      if (countries.length === 0) return new Map();
      const rows = await db
        .select()
        .from(riskCountries)
        .where(inArray(riskCountries.country, [...countries]));
      return new Map(rows.map((row) => [row.country, row.level as RiskLevel]));
    },

    async listCountries(): Promise<RiskCountryRow[]> {
      return db.select().from(riskCountries).orderBy(asc(riskCountries.country));
    },

    async findCountry(country: string): Promise<RiskCountryRow | undefined> {
      return (await db.select().from(riskCountries).where(eq(riskCountries.country, country)).for('update'))[0];
    },

    async upsertCountry(row: RiskCountryRow): Promise<void> {
      const { country: _country, ...values } = row;
      await db.insert(riskCountries).values(row).onConflictDoUpdate({ target: riskCountries.country, set: values });
    },

    async deleteCountry(country: string): Promise<void> {
      await db.delete(riskCountries).where(eq(riskCountries.country, country));
    },

    /** The person's newest case, whatever its status. */
    async latestCase(userId: string): Promise<EddCaseRow | undefined> {
      const [row] = await db
        .select()
        .from(eddCases)
        .where(eq(eddCases.userId, userId))
        .orderBy(desc(eddCases.createdAt), desc(eddCases.id))
        .limit(1);
      return row;
    },

    /** The person's newest passed case. */
    async latestPassed(userId: string): Promise<EddCaseRow | undefined> {
      const [row] = await db
        .select()
        .from(eddCases)
        .where(and(eq(eddCases.userId, userId), eq(eddCases.status, 'Pass')))
        .orderBy(desc(eddCases.decidedAt))
        .limit(1);
      return row;
    },

    async findCase(id: string): Promise<EddCaseRow | undefined> {
      return (await db.select().from(eddCases).where(eq(eddCases.id, id)))[0];
    },

    /** A case, locked until the caller's transaction ends. */
    async lockCase(id: string): Promise<EddCaseRow | undefined> {
      return (await db.select().from(eddCases).where(eq(eddCases.id, id)).for('update'))[0];
    },

    /** The person's open case (Initial, RFI, Pending), locked until the caller's transaction ends. */
    async lockOpenCase(userId: string): Promise<EddCaseRow | undefined> {
      const [row] = await db
        .select()
        .from(eddCases)
        .where(and(eq(eddCases.userId, userId), inArray(eddCases.status, [...OPEN_CASE_STATUSES])))
        .for('update');
      return row;
    },

    /** A new case; undefined (nothing written) when the person has an open one already. */
    async insertCase(row: NewEddCaseRow): Promise<EddCaseRow | undefined> {
      const [inserted] = await db.insert(eddCases).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async updateCase(id: string, values: Partial<NewEddCaseRow>): Promise<EddCaseRow> {
      const [row] = await db.update(eddCases).set(values).where(eq(eddCases.id, id)).returning();
      return row!;
    },

    /** Cases of a status, the longest waiting first (submitted, else asked). */
    async listCases(status: EddCaseRow['status'], offset: number, limit: number): Promise<{ total: number; rows: EddCaseRow[] }> {
      const where = eq(eddCases.status, status);
      const rows = await db
        .select()
        .from(eddCases)
        .where(where)
        .orderBy(sql`coalesce(${eddCases.submittedAt}, ${eddCases.createdAt})`, asc(eddCases.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ total: count() }).from(eddCases).where(where);
      return { total: Number(total?.total ?? 0), rows };
    },
  };
}

export type EddRepository = ReturnType<typeof createEddRepository>;
