import { AGREEMENT_VERSIONS, type Entity, type GeneralData, requiredAgreements } from '@causeway/contracts';
import { inArray } from 'drizzle-orm';
import { hashPassword } from '../modules/identity/password-hasher.ts';
import { newId } from '../platform/crypto.ts';
import type { Database } from '../db/client.ts';
import { appropriatenessAssessments, kybApplications, kybProfiles, kycProfiles, userAgreements, users } from '../db/schema/index.ts';

/** docs/sandbox.md, "Seeded accounts": people and tests sign in with these. */
export const DEMO_PASSWORD = 'Causeway-demo-2026!';
export const DEMO_ACCOUNTS = [
  { email: 'demo@causeway.test', userType: 'Individual' },
  { email: 'business@causeway.test', userType: 'Corporate' },
] as const;

/** The demo business's company (docs/sandbox.md): verified, so its portal trades at once. */
const DEMO_COMPANY = {
  jurisdiction: 'LT',
  companyName: 'Causeway Demo Trading UAB',
  tradeNames: [],
  registrationNumber: '304589123',
  legalEntityType: 'PRIVATE_LIMITED_COMPANY',
  incorporationDate: '2019-05-14',
  website: 'https://causeway.test',
  businessEmail: 'business@causeway.test',
  taxId: 'LT100011471613',
} satisfies GeneralData;

/** docs/sandbox.md: the demo individual starts verified (KYC Pass), the demo business KYB Pass. */
const DEMO_KYC = {
  firstName: 'Demo',
  lastName: 'User',
  dob: '1990-01-01',
  nationality: 'DE',
  residentCountry: 'DE',
  addressLine: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  addressCountry: 'DE',
};

/** Creates the demo accounts that do not exist yet; never touches an existing one. */
export async function seedDemoAccounts(db: Database): Promise<void> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const existing = new Set(
    (await db.select({ email: users.emailNormalized }).from(users).where(inArray(users.emailNormalized, emails))).map((row) => row.email),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email));
  // Each account its own salt; hashed at once on the thread pool, not one after another (first start).
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  for (const [index, account] of missing.entries()) {
    await db
      .insert(users)
      .values({
        id: newId('usr'),
        email: account.email,
        emailNormalized: account.email,
        userType: account.userType,
        accountStatus: 'Active',
        passwordHash: hashes[index]!,
        termsVersion: AGREEMENT_VERSIONS.TERM,
      })
      .onConflictDoNothing();
  }
  await seedDemoVerification(db);
}

/** Verification rows of the demo accounts, created once (an operator's later change stays). */
async function seedDemoVerification(db: Database): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.emailNormalized, entityTag: users.entityTag })
    .from(users)
    .where(
      inArray(
        users.emailNormalized,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const idOf = (email: string) => rows.find((row) => row.email === email)?.id;
  const individual = idOf('demo@causeway.test');
  const business = idOf('business@causeway.test');
  // Both accepted the current terms and their entity's statement at sign-up: no consent dialog on the first visit.
  const agreements = rows.flatMap((row) =>
    requiredAgreements(row.entityTag as Entity, false).map((protocol) => ({
      userId: row.id,
      protocol,
      version: AGREEMENT_VERSIONS[protocol],
      acceptedAt: new Date(),
    })),
  );
  if (agreements.length > 0) await db.insert(userAgreements).values(agreements).onConflictDoNothing();
  if (individual) {
    // docs/sandbox.md: the demo individual passed the appropriateness test already, so demos trade at once (the
    // risk warning is still asked once).
    await db
      .insert(appropriatenessAssessments)
      .values({ userId: individual, stage: 'PASSED', passedAt: new Date() })
      .onConflictDoNothing({ target: appropriatenessAssessments.userId });
    await db
      .insert(kycProfiles)
      .values({ userId: individual, provider: 'sandbox', levelName: 'basic-kyc-level', kycStatus: 'Pass', kycLevel: 1, ...DEMO_KYC })
      .onConflictDoNothing();
  }
  if (business) {
    await db.insert(kybProfiles).values({ userId: business, kybBasicStatus: 'Pass', verificationStatus: 'Pass' }).onConflictDoNothing();
    await db
      .insert(kybApplications)
      .values({
        userId: business,
        generalData: DEMO_COMPANY,
        companyReview: 'passed',
        submittedAt: new Date(),
        allOwnersDeclared: true,
        informationAccurate: true,
      })
      .onConflictDoNothing();
  }
}
