import { inArray } from 'drizzle-orm';
import { hashPassword } from '../../modules/identity/password-hasher.ts';
import { newId } from '../../platform/crypto.ts';
import type { Database } from '../client.ts';
import { users } from '../schema/index.ts';

/** sandbox.md, "Seeded accounts": people and tests sign in with these. */
export const DEMO_PASSWORD = 'Causeway-demo-2026!';
export const DEMO_ACCOUNTS = [
  { email: 'demo@causeway.test', userType: 'Individual' },
  { email: 'business@causeway.test', userType: 'Corporate' },
] as const;

/** Creates the demo accounts that do not exist yet; never touches an existing one. */
export async function seedDemoAccounts(db: Database): Promise<void> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const existing = new Set((await db.select({ email: users.emailNormalized }).from(users).where(inArray(users.emailNormalized, emails))).map((row) => row.email));
  for (const account of DEMO_ACCOUNTS.filter((a) => !existing.has(a.email))) {
    await db
      .insert(users)
      .values({
        id: newId('usr'),
        email: account.email,
        emailNormalized: account.email,
        userType: account.userType,
        accountStatus: 'Active',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        termsVersion: '20241104',
      })
      .onConflictDoNothing();
  }
}
