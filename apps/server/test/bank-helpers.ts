import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { kycProfiles } from '../src/db/schema/index.ts';
import type { IncomingCredit } from '../src/providers/bank/bank.ts';
import type { IdentityTestApp } from './identity-helpers.ts';
import { verifiedBuyer } from './order-helpers.ts';

/** A verified person with the name their review passed with (what payers and payees are matched against). */
export async function verifiedPerson(t: IdentityTestApp, email: string, firstName = 'Ann', lastName = 'Example') {
  const person = await verifiedBuyer(t, email);
  await t.db.update(kycProfiles).set({ firstName, lastName }).where(eq(kycProfiles.userId, person.userId));
  return person;
}

/** A credit as the bank would report it: to the collection account unless `accountId` names a named one. */
export const bankCredit = (over: Partial<IncomingCredit> & { amount: string }): IncomingCredit => ({
  creditId: `cr_${randomUUID()}`,
  accountId: null,
  currency: 'EUR',
  reference: '',
  payerName: 'Ann Example',
  payerAccount: 'DE89370400440532013000',
  status: 'RECEIVED',
  receivedAt: new Date(),
  ...over,
});
