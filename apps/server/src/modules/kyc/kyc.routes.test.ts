import { API_BASE, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycProfiles, mailingListMembers, sandboxKycApplicants, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../demo/demo-accounts.ts';
import { call, createIdentityTestApp, type IdentityTestApp, passwordLogin, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual, profileOf, submitSandboxVerification } from '../../../test/kyc-helpers.ts';
import { KYC_VENDOR_CALL_LIMITS } from './kyc.routes.ts';

let t: IdentityTestApp;
let demoToken: string;
beforeAll(async () => {
  t = await createIdentityTestApp();
  demoToken = (await passwordLogin(t.app, { email: 'demo@causeway.test', password: DEMO_PASSWORD })).body.data.token.token;
});
afterAll(() => t.app.close());

const get = (path: string, token: string, ip?: string) => call(t.app, 'GET', path, { headers: tokenHeaders(token), ...(ip ? { ip } : {}) });
const post = (path: string, token: string, body?: object) =>
  call(t.app, 'POST', path, { headers: tokenHeaders(token), ...(body ? { body } : {}) });

describe('query-overview-info', () => {
  it('answers a new individual: Initial, vendor step first, then the address', async () => {
    const { token } = await newIndividual(t, 'overview.new@example.test');
    const { body } = await get(PATHS.overview, token);
    expect(body.data).toEqual({
      email: 'overview.new@example.test',
      userType: 'Individual',
      accountStatus: 'Active',
      accountStatusReasonCode: null,
      entityTag: 'LI',
      requireDynamicQuestionnaire: false,
      ukFlag: false,
      kybInfo: null,
      kycInfo: {
        kycStatus: 'Initial',
        kycFlowVersion: 'V1',
        entitySwitch: false,
        routeEntity: null,
        residentCountry: null,
        entitySwitchDeadline: null,
        hitClickedLaterCache: false,
        overDeadLine: false,
        currentKycStep: 'IDV_AND_LIVENESS_CHECK',
        nextKycStep: 'POA',
        remediationStatus: null,
        kycLevel: 0,
        sharedKyc: null,
      },
    });
    expect((await get(PATHS.overviewForThirdParty, token)).body.data).toEqual(body.data);
  });

  it('answers the seeded demo individual verified, and the demo business KYB Pass', async () => {
    expect((await get(PATHS.overview, demoToken)).body.data.kycInfo).toMatchObject({
      kycStatus: 'Pass',
      currentKycStep: null,
      nextKycStep: null,
      residentCountry: 'DE',
    });
    const business = (await passwordLogin(t.app, { email: 'business@causeway.test', password: DEMO_PASSWORD, loginMode: 'business' })).body
      .data.token.token;
    const overview = await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(business, 'business') });
    expect(overview.body.data).toMatchObject({
      userType: 'Corporate',
      kycInfo: null,
      kybInfo: { kybBasicStatus: 'Pass', verificationStatus: 'Pass', kybStandardStatus: null },
    });
  });

  it('shows the entity switch deadline and whether it passed', async () => {
    const { token, userId } = await newIndividual(t, 'overview.switch@example.test');
    await get(PATHS.overview, token);
    const deadline = new Date(t.clock.now().getTime() + 60_000);
    await t.db
      .update(kycProfiles)
      .set({ entitySwitch: true, routeEntity: 'PL', entitySwitchDeadline: deadline, hitClickedLater: true })
      .where(eq(kycProfiles.userId, userId));
    expect((await get(PATHS.overview, token)).body.data.kycInfo).toMatchObject({
      entitySwitch: true,
      routeEntity: 'PL',
      entitySwitchDeadline: deadline.toISOString(),
      hitClickedLaterCache: true,
      overDeadLine: false,
    });
    t.clock.advance(60_000);
    expect((await get(PATHS.overview, token)).body.data.kycInfo.overDeadLine).toBe(true);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', PATHS.overview)).statusCode).toBe(401);
  });
});

describe('the other KYC calls', () => {
  it('join-uk-email-list puts the account on the UK launch list once, and needs a session', async () => {
    const { token, userId } = await newIndividual(t, 'uk.resident@example.test');
    expect((await post(PATHS.joinUkEmailList, token)).body.data).toEqual({ joined: true, alreadyJoined: false });
    expect((await post(PATHS.joinUkEmailList, token)).body.data).toEqual({ joined: true, alreadyJoined: true });
    const members = await t.db.select().from(mailingListMembers).where(eq(mailingListMembers.userId, userId));
    expect(members).toEqual([expect.objectContaining({ list: 'UK_LAUNCH', email: 'uk.resident@example.test' })]);
    expect((await call(t.app, 'POST', PATHS.joinUkEmailList)).statusCode).toBe(401);
  });

  it('get-kyc-basic-info, kyc-sync-task-check and upd-kyc-status follow the verification', async () => {
    const { token, userId } = await newIndividual(t, 'basic.info@example.test');
    expect((await get(PATHS.kycSyncTaskCheck, token)).body.data).toEqual({ synced: false, kycStatus: 'Initial' });
    await submitSandboxVerification(t, token, { firstName: 'Mia', lastName: 'Berg', nationality: 'SE', residenceCountry: 'SE' });
    await t.app.jobs.drain();
    expect((await get(PATHS.kycSyncTaskCheck, token)).body.data).toEqual({ synced: true, kycStatus: 'Pending' });
    expect((await get(PATHS.kycBasicInfo, token)).body.data).toEqual({
      firstName: 'Mia',
      lastName: 'Berg',
      dob: '1990-04-01',
      nationality: 'SE',
      residentCountry: 'SE',
      address: null,
      kycStatus: 'Pending',
      kycLevel: 0,
    });
    // The vendor decided; its webhook has not come yet: upd-kyc-status reads the decision at once.
    await t.db
      .update(sandboxKycApplicants)
      .set({ reviewStatus: 'completed', reviewAnswer: 'GREEN' })
      .where(eq(sandboxKycApplicants.externalUserId, userId));
    expect((await post(PATHS.updateKycStatus, token)).body.data.kycInfo.kycStatus).toBe('Pass');
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pass', kycLevel: 1 });
  });

  it('pre-check says whether verification may start, and why not', async () => {
    const { token } = await newIndividual(t, 'pre.check@example.test');
    expect((await get(PATHS.kycPreCheck, token)).body.data).toEqual({ canStart: true, reason: null, kycStatus: 'Initial' });
    expect((await get(PATHS.kycPreCheck, token, '198.51.100.20')).body.data).toMatchObject({
      canStart: false,
      reason: 'REGION_NOT_SUPPORTED',
    });
    expect((await get(PATHS.kycPreCheck, demoToken)).body.data).toMatchObject({ canStart: false, reason: 'ALREADY_VERIFIED' });
  });

  it('get-access-token follows the same rule as pre-check: refused once verified, under review or blocked', async () => {
    // The seeded demo individual passed: no token, so no resubmission can turn Pass into Pending.
    const verified = await get(PATHS.kycAccessToken, demoToken);
    expect(verified.statusCode).toBe(409);
    expect(verified.body.code).toBe('KYC0000001');
    const { token, userId } = await newIndividual(t, 'access.token@example.test');
    expect((await get(PATHS.kycAccessToken, token)).statusCode).toBe(200);
    await t.db.update(kycProfiles).set({ kycStatus: 'Pending' }).where(eq(kycProfiles.userId, userId));
    expect((await get(PATHS.kycAccessToken, token)).body.code).toBe('KYC0000001');
    expect((await get(PATHS.kycPreCheck, token)).body.data).toMatchObject({ canStart: false, reason: 'UNDER_REVIEW' });
    // Resubmitting: the person may (and must) go through the vendor's step again.
    await t.db.update(kycProfiles).set({ kycStatus: 'Resubmitting' }).where(eq(kycProfiles.userId, userId));
    const again = await get(PATHS.kycAccessToken, token);
    expect(again.statusCode).toBe(200);
    expect(again.body.data.token).toEqual(expect.any(String));
    await t.db.update(users).set({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }).where(eq(users.id, userId));
    expect((await get(PATHS.kycAccessToken, token)).body.code).toBe('KYC0000001');
  });

  it('check-address and update-address keep the residential address, validated', async () => {
    const { token } = await newIndividual(t, 'address@example.test');
    expect((await get(PATHS.kycCheckAddress, token)).body.data).toEqual({ required: true, address: null });
    const address = { addressLine: 'ul. Marszałkowska 1/2', city: 'Warszawa', postalCode: '00-624', country: 'PL' };
    expect((await post(PATHS.kycUpdateAddress, token, address)).body.data).toEqual({ required: false, address });
    expect((await get(PATHS.kycCheckAddress, token)).body.data).toEqual({ required: false, address });
    const bad = await post(PATHS.kycUpdateAddress, token, { ...address, city: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toContain('city');
    expect((await get(PATHS.kycCheckAddress, token)).body.data.address).toEqual(address);
  });

  it('refuses update-address on a blocked account with KYC0000001 (not the sign-in-again code), and keeps the address', async () => {
    const { token, userId } = await newIndividual(t, 'address.blocked@example.test');
    await t.db.update(users).set({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }).where(eq(users.id, userId));
    const refused = await post(PATHS.kycUpdateAddress, token, {
      addressLine: 'Main St 1',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe('KYC0000001');
    expect((await get(PATHS.kycCheckAddress, token)).body.data.address).toBeNull();
  });

  it('kyc/limit/query answers every tier with the used and available amounts as decimal strings', async () => {
    const { token } = await newIndividual(t, 'limits@example.test');
    const fresh = (await get(PATHS.kycLimits, token)).body.data;
    expect(fresh.kycLevel).toBe(0);
    expect(fresh.userKycLimitVos).toContainEqual({
      kycLevel: 0,
      period: 'DAILY',
      currency: 'EUR',
      limitAmount: '0.00',
      usedAmount: '0.00',
      availableAmount: '0.00',
      current: true,
    });
    const demo = (await get(PATHS.kycLimits, demoToken)).body.data;
    expect(demo.kycLevel).toBe(1);
    expect(demo.userKycLimitVos).toContainEqual({
      kycLevel: 1,
      period: 'MONTHLY',
      currency: 'EUR',
      limitAmount: '50000.00',
      usedAmount: '0.00',
      availableAmount: '50000.00',
      current: true,
    });
  });

  it('close-remediation closes a Pop remediation', async () => {
    const { token, userId } = await newIndividual(t, 'remediation@example.test');
    expect((await get(PATHS.overview, token)).body.data.kycInfo.remediationStatus).toBeNull();
    await t.db.update(kycProfiles).set({ kycStatus: 'Pass', remediationStatus: 'Pop' }).where(eq(kycProfiles.userId, userId));
    expect((await get(PATHS.overview, token)).body.data.kycInfo.remediationStatus).toBe('Pop');
    expect((await post(PATHS.closeRemediation, token)).body.data).toBeNull();
    expect((await get(PATHS.overview, token)).body.data.kycInfo.remediationStatus).toBe('Closed');
  });
});

describe('per-person limits on the calls that reach the vendor (issue 13)', () => {
  /** Sends `count` calls at once; answers how many passed and how many were refused with REQ0000429 and a Retry-After. */
  async function burst(method: 'GET' | 'POST', path: string, token: string, count: number) {
    const answers = await Promise.all(
      Array.from({ length: count }, () => t.app.inject({ method, url: `${API_BASE}${path}`, headers: tokenHeaders(token) })),
    );
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused.every((answer) => answer.json().code === 'REQ0000429' && Number(answer.headers['retry-after']) >= 1)).toBe(true);
    return { passed: answers.filter((answer) => answer.statusCode === 200).length, refused: refused.length };
  }

  it('get-access-token: 10 in 10 minutes per person, counted atomically (15 at once: 10 pass, 5 refused); another person is not held back', async () => {
    const { perWindow, windowMs } = KYC_VENDOR_CALL_LIMITS.accessToken;
    const { token } = await newIndividual(t, 'limit.token@example.test');
    // The first call creates the vendor's applicant; the burst then only asks for tokens.
    expect((await get(PATHS.kycAccessToken, token)).statusCode).toBe(200);
    expect(await burst('GET', PATHS.kycAccessToken, token, perWindow + 4)).toEqual({ passed: perWindow - 1, refused: 5 });
    const other = await newIndividual(t, 'limit.token.other@example.test');
    expect((await get(PATHS.kycAccessToken, other.token)).statusCode).toBe(200);
    t.clock.advance(windowMs);
    expect((await get(PATHS.kycAccessToken, token)).statusCode).toBe(200);
  });

  it('upd-kyc-status: 30 a minute per person (the page polls 12), counted atomically (40 at once: 30 pass, 10 refused)', async () => {
    const { perWindow, windowMs } = KYC_VENDOR_CALL_LIMITS.refreshStatus;
    const { token } = await newIndividual(t, 'limit.status@example.test');
    expect((await get(PATHS.kycAccessToken, token)).statusCode).toBe(200);
    expect(await burst('POST', PATHS.updateKycStatus, token, perWindow + 10)).toEqual({ passed: perWindow, refused: 10 });
    t.clock.advance(windowMs);
    expect((await post(PATHS.updateKycStatus, token)).statusCode).toBe(200);
  });
});

describe('a vendor outage', () => {
  it('answers GAT9000001 (the web app shows services-unavailable), not 999999', async () => {
    const down = await createIdentityTestApp({
      SUMSUB_APP_TOKEN: 'sbx:app',
      SUMSUB_SECRET_KEY: 'secret',
      SUMSUB_WEBHOOK_SECRET: 'hook',
      SUMSUB_BASE_URL: 'http://127.0.0.1:9',
    });
    try {
      const { token } = await newIndividual(down, 'vendor.down@example.test');
      const { statusCode, body } = await call(down.app, 'GET', PATHS.kycAccessToken, { headers: tokenHeaders(token) });
      expect(statusCode).toBe(503);
      expect(body.code).toBe('GAT9000001');
    } finally {
      await down.app.close();
    }
  });
});
