import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { kycProfiles, users } from '../src/db/schema/index.ts';
import { call, type IdentityTestApp, signUp, tokenHeaders } from './identity-helpers.ts';
import { fakeFile, multipartBody } from './multipart.ts';

export interface SandboxPerson {
  firstName?: string;
  lastName: string;
  dob?: string;
  nationality?: string;
  residenceCountry?: string;
}

/** Opens the sandbox vendor's page through get-access-token and submits the form with a PNG document. */
export async function submitSandboxVerification(
  t: IdentityTestApp,
  token: string,
  person: SandboxPerson,
  document = { name: 'passport.png', bytes: fakeFile('png') },
) {
  const access = await call(t.app, 'GET', PATHS.kycAccessToken, { headers: tokenHeaders(token) });
  if (access.statusCode !== 200) throw new Error(`get-access-token answered ${JSON.stringify(access.body)}`);
  const fields = {
    token: access.body.data.token as string,
    returnUrl: '/en/account-status',
    firstName: person.firstName ?? 'Ann',
    lastName: person.lastName,
    dob: person.dob ?? '1990-04-01',
    nationality: person.nationality ?? 'DE',
    residenceCountry: person.residenceCountry ?? 'DE',
  };
  const { payload, headers } = multipartBody(fields, [
    { field: 'document', name: document.name, type: 'application/octet-stream', bytes: document.bytes },
  ]);
  return t.app.inject({ method: 'POST', url: '/sandbox/kyc/verify', payload, headers });
}

/** A new individual who signed up with a code; answers the token and the user's id. */
export async function newIndividual(t: IdentityTestApp, email: string) {
  const token = await signUp(t.app, email);
  const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
  return { token, userId: user!.id };
}

export async function profileOf(db: Database, userId: string) {
  const [profile] = await db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId));
  return profile;
}

export async function accountOf(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user!;
}
