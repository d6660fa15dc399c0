import { createHmac } from 'node:crypto';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual, profileOf } from '../../../test/kyc-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { DEMO_MERCHANT } from '../merchant/demo-merchant.ts';
import { JOB_IMPORT_SHARED_KYC } from './shared-kyc.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({ SANDBOX_KYC_DELAY_MS: '2000' });
});
afterAll(() => t.app.close());

const MIA = { firstName: 'Mia', lastName: 'Berg', dob: '1990-04-01', nationality: 'SE', residenceCountry: 'SE' };

/** What a merchant that verified its customer does first: ask the (sandbox) vendor for a share token. */
async function shareTokenFor(person: typeof MIA = MIA): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/sandbox/kyc/share-token', payload: person });
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string }).token;
}

/** The demo merchant's signed entry with a share token, then confirm → code → signed in. */
async function merchantSignIn(merchantUserId: string, email: string, kycShareToken: string) {
  const entry: Record<string, string> = {
    apiKey: DEMO_MERCHANT.apiKey,
    timestamp: String(t.clock.now().getTime()),
    merchantUserId,
    email,
    kycShareToken,
  };
  const signature = createHmac('sha256', DEMO_MERCHANT.secret).update(canonicalEntryQuery(entry)).digest('hex');
  const first = await call(t.app, 'POST', PATHS.merchantSharedKycLogin, { body: { entry: { ...entry, signature } }, ip: nextIp() });
  expect(first.body.data.state).toBe('WAIT_CONFIRM');
  const sent = await call(t.app, 'POST', PATHS.merchantSendVerifyCode, {
    body: { processToken: first.body.data.processToken },
    ip: nextIp(),
  });
  const code = await readLatestCode(t.app, email);
  const signedIn = await call(t.app, 'POST', PATHS.merchantLoginWithVerifyCode, {
    body: { processToken: sent.body.data.processToken, code, termsAccepted: true },
    ip: nextIp(),
  });
  expect(signedIn.body.data.login.status).toBe('SUCCESS');
}
const userIdOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)))[0]!.id;
const importJobsFor = async (userId: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.kind, JOB_IMPORT_SHARED_KYC))).filter(
    (job) => (job.payload as { userId: string }).userId === userId,
  );

describe('KYC shared by a merchant (Reusable KYC through the signed entry)', () => {
  it('verifies a new account with what the merchant shared: under review at once, then Pass after the sandbox delay', async () => {
    await merchantSignIn('m-share-new', 'shared.kyc@example.test', await shareTokenFor());
    const userId = await userIdOf('shared.kyc@example.test');
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pending', firstName: 'Mia', lastName: 'Berg', nationality: 'SE' });
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pass', kycLevel: 1 });
  });

  it('rechecks what was shared by the sandbox rules: a shared "Sanction" is blocked with AC100002', async () => {
    await merchantSignIn('m-share-sanction', 'shared.sanction@example.test', await shareTokenFor({ ...MIA, lastName: 'Sanction' }));
    await t.app.jobs.drain();
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, 'shared.sanction@example.test'));
    expect(user).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' });
  });

  it('never touches an account that verified on its own: the demo user stays as it was and nothing is queued', async () => {
    const userId = await userIdOf('demo@causeway.test');
    const before = await profileOf(t.db, userId);
    await merchantSignIn('m-share-demo', 'demo@causeway.test', await shareTokenFor({ ...MIA, lastName: 'Reject' }));
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toEqual(before);
    expect(await importJobsFor(userId)).toEqual([]);
  });

  it('keeps the applicant of a person who already opened the vendor step, and queues nothing', async () => {
    const { token, userId } = await newIndividual(t, 'shared.own@example.test');
    expect((await call(t.app, 'GET', PATHS.kycAccessToken, { headers: tokenHeaders(token) })).statusCode).toBe(200);
    const own = await profileOf(t.db, userId);
    expect(own).toMatchObject({ kycStatus: 'Initial' });
    expect(own?.applicantId).toBeTruthy();
    await merchantSignIn('m-share-own', 'shared.own@example.test', await shareTokenFor());
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Initial', applicantId: own?.applicantId });
    expect(await importJobsFor(userId)).toEqual([]);
  });

  it('signs in anyway with a made-up or spent token, and the account verifies here as anyone else', async () => {
    await merchantSignIn('m-share-bad', 'shared.bad@example.test', 'not-a-share-token');
    const token = await shareTokenFor();
    await merchantSignIn('m-share-first', 'shared.first@example.test', token);
    await t.app.jobs.drain();
    await merchantSignIn('m-share-second', 'shared.second@example.test', token);
    await t.app.jobs.drain();
    for (const email of ['shared.bad@example.test', 'shared.second@example.test']) {
      const userId = await userIdOf(email);
      expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Initial' });
      // Refused by the vendor: done, not retried.
      expect((await importJobsFor(userId)).map((job) => job.doneAt !== null)).toEqual([true]);
    }
    expect(await profileOf(t.db, await userIdOf('shared.first@example.test'))).toMatchObject({ kycStatus: 'Pending' });
  });

  it('keeps share tokens out of the logs', async () => {
    const token = await shareTokenFor();
    await merchantSignIn('m-share-logs', 'shared.logs@example.test', token);
    await t.app.jobs.drain();
    expect(t.logs.join('\n')).not.toContain(token);
  });
});
