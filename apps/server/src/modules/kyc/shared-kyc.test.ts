import { createHmac } from 'node:crypto';
import { API_BASE, canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, kycShareOutcomes, users } from '../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual, profileOf } from '../../../test/kyc-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { DEMO_MERCHANT } from '../merchant/demo-merchant.ts';
import { fixture } from '../../providers/kyc/sumsub.test-support.ts';
import { startFakeSumsub } from '../../../test/fake-sumsub.ts';
import { createSumsubKyc } from '../../providers/kyc/sumsub.ts';
import { JOB_REUSE_SHARED_KYC } from './shared-kyc.ts';

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
async function merchantSignIn(merchantUserId: string, email: string, kycShareToken: string, on: IdentityTestApp = t) {
  const entry: Record<string, string> = {
    apiKey: DEMO_MERCHANT.apiKey,
    timestamp: String(on.clock.now().getTime()),
    merchantUserId,
    email,
    kycShareToken,
  };
  const signature = createHmac('sha256', DEMO_MERCHANT.secret).update(canonicalEntryQuery(entry)).digest('hex');
  const first = await call(on.app, 'POST', PATHS.merchantSharedKycLogin, { body: { entry: { ...entry, signature } }, ip: nextIp() });
  expect(first.body.data.state).toBe('WAIT_CONFIRM');
  const sent = await call(on.app, 'POST', PATHS.merchantSendVerifyCode, {
    body: { processToken: first.body.data.processToken },
    ip: nextIp(),
  });
  const code = await readLatestCode(on.app, email);
  const signedIn = await call(on.app, 'POST', PATHS.merchantLoginWithVerifyCode, {
    body: { processToken: sent.body.data.processToken, code, termsAccepted: true },
    ip: nextIp(),
  });
  expect(signedIn.body.data.login.status).toBe('SUCCESS');
  return signedIn.body.data.login.token.token as string;
}
const userIdOf = async (email: string, on: IdentityTestApp = t) =>
  (await on.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)))[0]!.id;
const reuseJobsFor = async (userId: string, on: IdentityTestApp = t) =>
  (await on.db.select().from(jobs).where(eq(jobs.kind, JOB_REUSE_SHARED_KYC))).filter(
    (job) => (job.payload as { userId: string }).userId === userId,
  );
/** The app's log lines (pino JSON) about shared KYC for one person. */
const sharedKycLogs = (on: IdentityTestApp, userId: string) =>
  on.logs
    .flatMap((line) => line.split('\n'))
    .filter((line) => line.includes('shared KYC') && line.includes(userId))
    .map((line) => JSON.parse(line) as { level: number; msg: string; party?: string; reason?: string; outcome?: string });

describe('KYC shared by a merchant (Reusable KYC through the signed entry)', () => {
  it("verifies a new account anew from what the merchant shared: the vendor's webhooks put it under review, then Pass after the sandbox delay", async () => {
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

  it('never writes an account that verified on its own: the demo user stays as it was, and the shared person is only compared', async () => {
    const userId = await userIdOf('demo@causeway.test');
    const before = await profileOf(t.db, userId);
    await merchantSignIn('m-share-demo', 'demo@causeway.test', await shareTokenFor({ ...MIA, lastName: 'Reject' }));
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toEqual(before);
    // shared-kyc-comparison.test.ts has the comparison itself.
    expect(await t.db.select().from(kycShareOutcomes).where(eq(kycShareOutcomes.userId, userId))).toMatchObject([
      { outcome: 'mismatch', merchantUserId: 'm-share-demo' },
    ]);
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
    expect(await reuseJobsFor(userId)).toEqual([]);
  });

  it('signs in anyway with a made-up or spent token, and the account verifies here as anyone else', async () => {
    const badToken = await merchantSignIn('m-share-bad', 'shared.bad@example.test', 'not-a-share-token');
    const token = await shareTokenFor();
    await merchantSignIn('m-share-first', 'shared.first@example.test', token);
    await t.app.jobs.drain();
    await merchantSignIn('m-share-second', 'shared.second@example.test', token);
    await t.app.jobs.drain();
    for (const email of ['shared.bad@example.test', 'shared.second@example.test']) {
      const userId = await userIdOf(email);
      expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Initial' });
      // Refused by the vendor: done, not retried, and logged as the merchant's token at fault.
      expect((await reuseJobsFor(userId)).map((job) => job.doneAt !== null)).toEqual([true]);
      expect(sharedKycLogs(t, userId)).toMatchObject([{ level: 40, party: 'merchant', reason: 'token-invalid', outcome: 'refused' }]);
      // Kept for the person's page and the merchant's console: whose side, why, and which merchant; never the token.
      expect(await t.db.select().from(kycShareOutcomes).where(eq(kycShareOutcomes.userId, userId))).toMatchObject([
        { outcome: 'refused', party: 'merchant', reason: 'token-invalid', merchantId: DEMO_MERCHANT.id, applicantId: null },
      ]);
    }
    // The person's page says so, naming the merchant (account-status).
    const overview = await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(badToken) });
    expect(overview.body.data.kycInfo).toMatchObject({
      kycStatus: 'Initial',
      sharedKyc: { outcome: 'refused', merchantName: 'Sandbox Demo Shop' },
    });
    const first = await userIdOf('shared.first@example.test');
    expect(await profileOf(t.db, first)).toMatchObject({ kycStatus: 'Pending' });
    const [reused] = await t.db.select().from(kycShareOutcomes).where(eq(kycShareOutcomes.userId, first));
    expect(reused).toMatchObject({ outcome: 'reused', party: null, merchantId: DEMO_MERCHANT.id });
    expect(reused?.applicantId).toBe((await profileOf(t.db, first))?.applicantId);
    expect(JSON.stringify(reused)).not.toContain(token);
  });

  it('keeps share tokens out of the logs', async () => {
    const token = await shareTokenFor();
    await merchantSignIn('m-share-logs', 'shared.logs@example.test', token);
    await t.app.jobs.drain();
    expect(t.logs.join('\n')).not.toContain(token);
  });
});

describe('KYC shared by a merchant, with Sumsub: its reuse call, then only its webhook decides', () => {
  const SECRETS = { appToken: 'sbx:shared', secretKey: 'shared-secret', webhookSecret: 'shared-hook' };
  let app: IdentityTestApp;
  let fake: Awaited<ReturnType<typeof startFakeSumsub>>;
  beforeAll(async () => {
    fake = await startFakeSumsub({ appToken: SECRETS.appToken, secretKey: SECRETS.secretKey, now: () => app?.clock.now() ?? new Date() });
    app = await createIdentityTestApp({
      SUMSUB_APP_TOKEN: SECRETS.appToken,
      SUMSUB_SECRET_KEY: SECRETS.secretKey,
      SUMSUB_WEBHOOK_SECRET: SECRETS.webhookSecret,
      SUMSUB_BASE_URL: fake.baseUrl,
    });
  });
  afterAll(async () => {
    await app?.app.close();
    await fake?.close();
  });

  /** A merchant's customer, approved at the merchant (the donor), and the share token it mints for us. */
  async function approvedDonorToken(): Promise<string> {
    const donorSide = createSumsubKyc({ ...SECRETS, baseUrl: fake.baseUrl, now: () => app.clock.now() });
    const donor = await donorSide.createApplicant({
      externalUserId: `donor-${Math.random()}`,
      email: 'd@example.test',
      levelName: 'donor-level',
    });
    fake.applicants.get(donor.applicantId)!.info = {
      firstName: 'Mia',
      lastName: 'Berg',
      dob: '1990-04-01',
      nationality: 'SWE',
      country: 'SWE',
    };
    fake.setReview(donor.applicantId, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    return fake.issueShareToken(donor.applicantId);
  }

  /** Sumsub's applicantReviewed webhook, signed as its dashboard's default (HMAC_SHA256_HEX). */
  const postWebhook = (body: object) => {
    const raw = JSON.stringify(body);
    return app.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.kycWebhook}`,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-payload-digest': createHmac('sha256', SECRETS.webhookSecret).update(raw).digest('hex'),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      },
    });
  };

  it("records only the reused applicant, applies nothing (even once Sumsub decided), and applies Sumsub's review when its webhook comes", async () => {
    const token = await approvedDonorToken();
    await merchantSignIn('m-sumsub-reuse', 'shared.sumsub@example.test', token, app);
    const userId = await userIdOf('shared.sumsub@example.test', app);
    await app.app.jobs.drain();

    const reuse = fake.requests.filter((request) => request.url.startsWith('/resources/api/reusableIdentity/reuse'));
    expect(reuse).toHaveLength(1);
    // Our level and our person, so the applicant is ours and its webhooks can find them.
    expect(reuse[0]?.url).toContain('levelName=basic-kyc-level');
    expect(reuse[0]?.url).toContain(`userId=${userId}`);
    expect(fake.requests.some((request) => request.url.includes('/-/import'))).toBe(false);
    const reused = [...fake.applicants.values()].find((applicant) => applicant.externalUserId === userId)!;
    expect(await profileOf(app.db, userId)).toMatchObject({ kycStatus: 'Initial', kycLevel: 0, applicantId: reused.id, firstName: null });

    // Sumsub's recheck passes; until its webhook says so, nothing of it is read or applied.
    fake.setReview(reused.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    app.clock.advance(60_000);
    await app.app.jobs.drain();
    expect(await profileOf(app.db, userId)).toMatchObject({ kycStatus: 'Initial', kycLevel: 0 });
    expect(fake.requests.some((request) => request.method === 'GET' && request.url.includes(reused.id))).toBe(false);

    const webhook = await postWebhook({
      applicantId: reused.id,
      inspectionId: reused.id,
      correlationId: 'req-shared-reviewed',
      // Found by the applicant id we recorded, whatever external id the event names.
      externalUserId: 'copy-4ba4dfa5-ff31-43d4-b612-111d1111aa9',
      type: 'applicantReviewed',
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
      createdAtMs: '2026-11-21 12:01:00.000',
    });
    expect(webhook.statusCode).toBe(200);
    await app.app.jobs.drain();
    expect(await profileOf(app.db, userId)).toMatchObject({
      kycStatus: 'Pass',
      kycLevel: 1,
      applicantId: reused.id,
      firstName: 'Mia',
      nationality: 'SE',
    });
    expect(sharedKycLogs(app, userId)).toMatchObject([{ level: 30, outcome: 'reused' }]);
    expect(app.logs.join('\n')).not.toContain(token);
  });

  it('logs a refusal of our own account at error level, with what the operator must do, never blames the merchant, and keeps trying the token', async () => {
    const token = await approvedDonorToken();
    const refusals = fixture<Record<string, { status: number; body: unknown }>>('reuse-errors');
    fake.failNext({ ...refusals['10505']!, path: '/reusableIdentity/reuse' });
    await merchantSignIn('m-sumsub-disabled', 'shared.disabled@example.test', token, app);
    const userId = await userIdOf('shared.disabled@example.test', app);
    await app.app.jobs.drain();
    expect(await profileOf(app.db, userId)).toMatchObject({ kycStatus: 'Initial', applicantId: null });
    // Not done: the operator can fix our account, so the same token is tried again (here, once fixed, it works).
    expect((await reuseJobsFor(userId, app)).map((job) => job.doneAt !== null)).toEqual([false]);
    const [logged] = sharedKycLogs(app, userId);
    expect(logged).toMatchObject({ level: 50, party: 'operator', reason: 'reusable-kyc-disabled', outcome: 'refused' });
    expect(logged?.msg).toContain('ask Sumsub support to enable it');
    expect(logged?.msg).not.toContain('merchant');
    // Our account fixed (the fake answers again): the retry reuses the same token.
    app.clock.advance(60 * 60 * 1000);
    await app.app.jobs.drain();
    expect((await profileOf(app.db, userId))?.applicantId).toBeTruthy();
  });

  it("takes a refusal of the person's data (10513) as theirs: logged, not an alarm, and they verify here as anyone else", async () => {
    const token = await approvedDonorToken();
    const refusals = fixture<Record<string, { status: number; body: unknown }>>('reuse-errors');
    fake.failNext({ ...refusals['10513']!, path: '/reusableIdentity/reuse' });
    await merchantSignIn('m-sumsub-doc', 'shared.doc@example.test', token, app);
    const userId = await userIdOf('shared.doc@example.test', app);
    await app.app.jobs.drain();
    expect(await profileOf(app.db, userId)).toMatchObject({ kycStatus: 'Initial', applicantId: null });
    expect(sharedKycLogs(app, userId)).toMatchObject([{ level: 30, party: 'person', reason: 'reusable-kyc-not-compatible-doc-type' }]);
  });
});
