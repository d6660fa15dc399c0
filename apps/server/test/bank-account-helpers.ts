import { type AddBankAccountRequest, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { kycProfiles } from '../src/db/schema/index.ts';
import { call, type IdentityTestApp } from './identity-helpers.ts';
import { verifiedBuyer } from './order-helpers.ts';

/** One valid account of each kind, in Ada Lovelace's name (docs/rules/bank-accounts.md). */
export const SEPA_ACCOUNT = {
  kind: 'SEPA',
  accountName: 'Ada Lovelace',
  iban: 'DE89 3704 0044 0532 0130 00',
  bankName: 'Commerzbank',
} as const satisfies AddBankAccountRequest;
export const UK_ACCOUNT = { kind: 'UK', accountName: 'LOVELACE ADA', sortCode: '60-16-13', accountNumberUk: '31926819' } as const;
export const SWIFT_ACCOUNT = {
  kind: 'SWIFT',
  accountName: 'Ada Lovelace',
  accountNumber: '000123456789',
  identifierCode: 'CHASUS33',
  bankName: 'JPMorgan Chase',
  payeeAddress: '12 Example Street',
  payeeCity: 'New York',
  payeePostalCode: '10001',
  payeeCountry: 'US',
} as const satisfies AddBankAccountRequest;
/** The n-th of as many distinct valid US accounts as a test needs. */
export const achAccount = (n: number) =>
  ({ kind: 'ACH', accountName: 'Ada Lovelace', abaRoutingNumber: '011000015', accountNumber: `${100000 + n}` }) as const;

/** A signed-up person whose KYC passed with the name `first last`: ready to save their own accounts. */
export async function verifiedPayee(t: IdentityTestApp, email: string, firstName = 'Ada', lastName = 'Lovelace') {
  const person = await verifiedBuyer(t, email);
  await t.db.update(kycProfiles).set({ firstName, lastName }).where(eq(kycProfiles.userId, person.userId));
  return person;
}

export const addBankAccount = (t: IdentityTestApp, headers: Record<string, string>, body: object) =>
  call(t.app, 'POST', PATHS.addBankAccount, { headers, body });
export const listBankAccounts = (t: IdentityTestApp, headers: Record<string, string>) =>
  call(t.app, 'POST', PATHS.listBankAccount, { headers, body: {} });
export const deleteBankAccount = (t: IdentityTestApp, headers: Record<string, string>, bankAccountId: string) =>
  call(t.app, 'POST', PATHS.deleteBankAccount, { headers, body: { bankAccountId } });
