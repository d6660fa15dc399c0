import { createHmac, randomUUID } from 'node:crypto';
import { API_BASE, canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobs,
  kycProfiles,
  kycShareOutcomes,
  merchantTransactions,
  merchantUserLinks,
  sandboxKycApplicants,
} from '../../db/schema/index.ts';
import { hmacHex } from '../../platform/crypto.ts';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual, profileOf, submitSandboxVerification } from '../../../test/kyc-helpers.ts';
import { getQuote } from '../../../test/order-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { startFakeSumsub } from '../../../test/fake-sumsub.ts';
import { createSumsubKyc } from '../../providers/kyc/sumsub.ts';
import { DEMO_MERCHANT } from '../merchant/demo-merchant.ts';
import { comparableName, isSamePerson, JOB_REUSE_SHARED_KYC, SHARE_COMPARISON_PREFIX } from './shared-kyc.ts';

/**
 * A merchant's shared KYC for an account verified already (docs/rules/merchant-linking.md): the shared person is
 * compared with the account's own through a separate vendor applicant whose review comes by webhook; a mismatch
 * marks the merchant's open transactions for that account ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC (signed in, not linked; the link is undone), a match changes nothing,
 * and the account's own verification is never written.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({ SANDBOX_KYC_DELAY_MS: '2000' });
});
afterAll(() => t.app.close());

const ANN = { firstName: 'Ann', lastName: 'Example', dob: '1990-04-01', nationality: 'DE', residenceCountry: 'DE' };

async function shareTokenFor(person: typeof ANN, on: IdentityTestApp = t): Promise<string> {
  const response = await on.app.inject({ method: 'POST', url: '/sandbox/kyc/share-token', payload: person });
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string }).token;
}

/** An individual verified on its own with the sandbox vendor (its page, then Pass after the delay). */
async function verifiedPerson(email: string, person: typeof ANN = ANN) {
  const { token, userId } = await newIndividual(t, email);
  expect((await submitSandboxVerification(t, token, person)).statusCode).toBeLessThan(400);
  await t.app.jobs.drain();
  t.clock.advance(2000);
  await t.app.jobs.drain();
  const profile = await profileOf(t.db, userId);
  expect(profile).toMatchObject({ kycStatus: 'Pass', firstName: person.firstName, lastName: person.lastName, dob: person.dob });
  return { userId, profile: profile! };
}

/** The demo merchant's signed entry with a share token, then confirm → code → signed in; answers the session's headers. */
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
  // A customer linked already gets the code at once; otherwise the merchant's email is confirmed first.
  let processToken = first.body.data.processToken as string;
  if (first.body.data.state === 'WAIT_CONFIRM')
    processToken = (await call(on.app, 'POST', PATHS.merchantSendVerifyCode, { body: { processToken }, ip: nextIp() })).body.data
      .processToken;
  else expect(first.body.data.state).toBe('ONLY_WAIT_EMAIL_VERIFY_CODE');
  const code = await readLatestCode(on.app, email);
  const signedIn = await call(on.app, 'POST', PATHS.merchantLoginWithVerifyCode, {
    body: { processToken, code, termsAccepted: true },
    ip: nextIp(),
  });
  expect(signedIn.body.data.login.status).toBe('SUCCESS');
  return tokenHeaders(signedIn.body.data.login.token.token as string);
}

/** The demo merchant's server creates a transaction for its customer; answers its tranId and orderToken. */
async function transactionFor(merchantUserId: string, on: IdentityTestApp = t) {
  const params = {
    apiKey: DEMO_MERCHANT.apiKey,
    timestamp: String(on.clock.now().getTime()),
    tranId: `share-${randomUUID()}`,
    tranType: 'buy',
    fiatCurrency: 'EUR',
    fiatAmount: '50',
    cryptoCurrency: 'BTC',
    network: 'BTC',
    merchantUserId,
  };
  const body = { ...params, signature: hmacHex(Buffer.from(DEMO_MERCHANT.secret), canonicalEntryQuery(params)) };
  const created = await call(on.app, 'POST', PATHS.merchantTransactionCreate, { body });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  return { tranId: params.tranId, orderToken: created.body.data.orderToken as string };
}

const tranInfo = (headers: Record<string, string>, tranId: string, on: IdentityTestApp = t) =>
  call(on.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=${tranId}`, { headers });
const outcomesOf = (userId: string, on: IdentityTestApp = t) =>
  on.db.select().from(kycShareOutcomes).where(eq(kycShareOutcomes.userId, userId));
const reuseJobsFor = async (userId: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.kind, JOB_REUSE_SHARED_KYC))).filter(
    (job) => (job.payload as { userId: string }).userId === userId,
  );

describe('comparing a shared person with the verified account (rules)', () => {
  it('compares names without accents, case, spaces, hyphens or apostrophes, and the date of birth exactly', () => {
    expect(comparableName(" Zoë-Anne O'Brien ")).toBe('zoeanneobrien');
    const own = { firstName: 'José María', lastName: 'García-López', dob: '1985-02-03' };
    expect(isSamePerson(own, { firstName: 'JOSE MARIA', lastName: 'garcia lopez', dob: '1985-02-03' })).toBe(true);
    // A middle name in the other field is still the same name.
    expect(isSamePerson(own, { firstName: 'José', lastName: 'María García-López', dob: '1985-02-03' })).toBe(true);
    expect(isSamePerson(own, { firstName: 'José María', lastName: 'García-López', dob: '1985-02-04' })).toBe(false);
    expect(isSamePerson(own, { firstName: 'Josefa', lastName: 'García-López', dob: '1985-02-03' })).toBe(false);
    expect(isSamePerson({ firstName: '--', lastName: '.', dob: '1985-02-03' }, { firstName: '-', lastName: '..', dob: '1985-02-03' })).toBe(
      false,
    );
  });
});

describe('KYC shared by a merchant for an account verified already (sandbox vendor)', () => {
  it('matched: recorded as such, nothing else changes, and the next entry of the same customer asks the vendor nothing', async () => {
    const email = 'share.match@example.test';
    const { userId, profile } = await verifiedPerson(email);
    const { tranId } = await transactionFor('m-cmp-match');
    const headers = await merchantSignIn('m-cmp-match', email, await shareTokenFor({ ...ANN, firstName: 'ÁNN', lastName: ' example ' }));
    await t.app.jobs.drain();

    const [outcome] = await outcomesOf(userId);
    expect(outcome).toMatchObject({ outcome: 'matched', merchantId: DEMO_MERCHANT.id, merchantUserId: 'm-cmp-match', party: null });
    // The vendor's applicant it was read from is a separate one, never the account's own.
    const [applicant] = await t.db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.id, outcome!.applicantId!));
    expect(applicant?.externalUserId.startsWith(SHARE_COMPARISON_PREFIX)).toBe(true);
    expect(outcome?.applicantId).not.toBe(profile.applicantId);
    // Even once the vendor's recheck passed, the account's verification is its own.
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toEqual(profile);
    expect((await tranInfo(headers, tranId)).body.data.kycLoginFail).toBeNull();

    // Compared and matched already: another entry with another token queues nothing for the vendor.
    await merchantSignIn('m-cmp-match', email, await shareTokenFor(ANN));
    expect(await reuseJobsFor(userId)).toHaveLength(1);
    expect(await outcomesOf(userId)).toHaveLength(1);
  });

  it("mismatch: the merchant's open transactions for that customer say ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC to this account only; its verification stands", async () => {
    const email = 'share.mismatch@example.test';
    const { userId, profile } = await verifiedPerson(email);
    const open = await transactionFor('m-cmp-mismatch');
    const failed = await transactionFor('m-cmp-mismatch');
    await t.db.update(merchantTransactions).set({ status: 'Failed' }).where(eq(merchantTransactions.tranId, failed.tranId));
    const done = await transactionFor('m-cmp-mismatch');
    await t.db.update(merchantTransactions).set({ status: 'Success' }).where(eq(merchantTransactions.tranId, done.tranId));
    const otherCustomer = await transactionFor('m-cmp-someone-else');
    // The person the shared applicant names decides, as soon as a review names them (here its pending one).
    const headers = await merchantSignIn('m-cmp-mismatch', email, await shareTokenFor({ ...ANN, firstName: 'Ben', lastName: 'Other' }));
    await t.app.jobs.drain();

    expect(await outcomesOf(userId)).toMatchObject([
      { outcome: 'mismatch', merchantId: DEMO_MERCHANT.id, merchantUserId: 'm-cmp-mismatch' },
    ]);
    expect(await profileOf(t.db, userId)).toEqual(profile);
    // The merchant's customer is not this person: the link the sign-in made is undone (no skip-login, no webhooks).
    const links = await t.db
      .select()
      .from(merchantUserLinks)
      .where(and(eq(merchantUserLinks.merchantId, DEMO_MERCHANT.id), eq(merchantUserLinks.merchantUserId, 'm-cmp-mismatch')));
    expect(links).toEqual([]);
    for (const { tranId } of [open, failed])
      expect((await tranInfo(headers, tranId)).body.data.kycLoginFail).toEqual({
        kycLoginStatus: 'ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC',
        merchantName: DEMO_MERCHANT.name,
      });
    // A finished transaction, and another customer's, keep nothing of it.
    for (const { tranId } of [done, otherCustomer]) expect((await tranInfo(headers, tranId)).body.data.kycLoginFail).toBeNull();
    // Only this account is told, and only it may not pay the transaction.
    const stranger = await newIndividual(t, 'share.stranger@example.test');
    expect((await tranInfo(tokenHeaders(stranger.token), open.tranId)).body.data.kycLoginFail).toBeNull();
    expect((await getQuote(t, headers, { orderId: randomUUID(), tranId: open.tranId, fiatAmount: '50' })).body.code).toBe('ODR00001012');
    // Claiming the transaction by its orderToken fails from now on: it could not be linked.
    const bound = await call(t.app, 'POST', PATHS.merchantBind, { headers, body: { orderToken: open.orderToken } });
    expect(bound.body.data).toMatchObject({ bindStatus: 'FAILED', failCode: 'SHARE_KYC_NOT_MATCH_USER_KYC' });
    expect((await tranInfo(headers, open.tranId)).body.data.kycLoginFail?.kycLoginStatus).toBe('SHARE_KYC_NOT_MATCH_USER_KYC');

    // The vendor's later review of that applicant (its recheck passes) changes nothing more.
    await t.db
      .update(merchantTransactions)
      .set({ kycLoginFail: null, claimedBy: null })
      .where(eq(merchantTransactions.tranId, open.tranId));
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    expect((await tranInfo(headers, open.tranId)).body.data.kycLoginFail).toBeNull();
  });

  it('a never-verified account still takes the shared KYC as its own: the reuse is unchanged', async () => {
    const email = 'share.fresh@example.test';
    const { userId } = await newIndividual(t, email);
    await merchantSignIn('m-cmp-fresh', email, await shareTokenFor(ANN));
    await t.app.jobs.drain();
    const profile = await profileOf(t.db, userId);
    expect(profile).toMatchObject({ kycStatus: 'Pending', firstName: 'Ann', lastName: 'Example' });
    expect(await outcomesOf(userId)).toMatchObject([
      { outcome: 'reused', merchantUserId: 'm-cmp-fresh', applicantId: profile?.applicantId },
    ]);
    const [applicant] = await t.db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.id, profile!.applicantId!));
    expect(applicant?.externalUserId).toBe(userId);
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pass', kycLevel: 1 });
  });

  it('an account verified without a name and date of birth on record is not compared: the vendor is not asked', async () => {
    const email = 'share.nameless@example.test';
    const { userId } = await newIndividual(t, email);
    await t.db
      .insert(kycProfiles)
      .values({ userId, provider: 'sandbox', levelName: 'basic-kyc-level', kycStatus: 'Pass', kycLevel: 1 })
      .onConflictDoUpdate({ target: kycProfiles.userId, set: { kycStatus: 'Pass', kycLevel: 1 } });
    await merchantSignIn('m-cmp-nameless', email, await shareTokenFor(ANN));
    await t.app.jobs.drain();
    expect(await reuseJobsFor(userId)).toEqual([]);
    expect(await outcomesOf(userId)).toEqual([]);
  });
});

describe('KYC shared by a merchant for an account verified already, with Sumsub', () => {
  const SECRETS = { appToken: 'sbx:compare', secretKey: 'compare-secret', webhookSecret: 'compare-hook' };
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

  it("reuses into a separate applicant, reads the shared person only from its webhook's review, and records a mismatch", async () => {
    const email = 'share.sumsub@example.test';
    const { userId } = await newIndividual(app, email);
    // Verified on its own earlier (what its review recorded).
    const verified = {
      applicantId: 'own-applicant-1',
      kycStatus: 'Pass',
      kycLevel: 1,
      firstName: 'Ann',
      lastName: 'Example',
      dob: '1990-04-01',
    } as const;
    await app.db
      .insert(kycProfiles)
      .values({ userId, provider: 'sumsub', levelName: 'basic-kyc-level', ...verified })
      .onConflictDoUpdate({ target: kycProfiles.userId, set: verified });
    const own = await profileOf(app.db, userId);
    const donorSide = createSumsubKyc({ ...SECRETS, baseUrl: fake.baseUrl, now: () => app.clock.now() });
    const donor = await donorSide.createApplicant({
      externalUserId: `donor-${randomUUID()}`,
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
    const { tranId } = await transactionFor('m-sumsub-cmp', app);

    const headers = await merchantSignIn('m-sumsub-cmp', email, fake.issueShareToken(donor.applicantId), app);
    await app.app.jobs.drain();
    const reuse = fake.requests.filter((request) => request.url.startsWith('/resources/api/reusableIdentity/reuse'));
    expect(reuse).toHaveLength(1);
    expect(reuse[0]?.url).toContain(`userId=${SHARE_COMPARISON_PREFIX}`);
    expect(reuse[0]?.url).not.toContain(`userId=${userId}`);
    const [comparing] = await outcomesOf(userId, app);
    expect(comparing).toMatchObject({ outcome: 'comparing', merchantUserId: 'm-sumsub-cmp' });
    expect((await tranInfo(headers, tranId, app)).body.data.kycLoginFail).toBeNull();

    const raw = JSON.stringify({
      applicantId: comparing!.applicantId,
      inspectionId: comparing!.applicantId,
      correlationId: 'req-compare-pending',
      externalUserId: 'whatever-the-event-says',
      type: 'applicantPending',
      reviewStatus: 'pending',
      createdAtMs: '2026-11-21 12:01:00.000',
    });
    const webhook = await app.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.kycWebhook}`,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-payload-digest': createHmac('sha256', SECRETS.webhookSecret).update(raw).digest('hex'),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      },
    });
    expect(webhook.statusCode).toBe(200);
    await app.app.jobs.drain();
    expect(await outcomesOf(userId, app)).toMatchObject([{ outcome: 'mismatch' }]);
    expect(await profileOf(app.db, userId)).toEqual(own);
    expect((await tranInfo(headers, tranId, app)).body.data.kycLoginFail?.kycLoginStatus).toBe(
      'ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC',
    );
  });
});
