import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { signSumsubRequest } from './sumsub.ts';
import { sumsubBootCheck } from './sumsub-boot-check.ts';

const APP_TOKEN = 'sbx:uY0CgwELmgUAEyl4hNWxLngb.0WSeQeiYny4WEqmAALEAiK2qTC96fBad';
const SECRET_KEY = 'Hej2ch71kG2kTd1iIUDZFNsO5C1lh5Gq';
const WEBHOOK_SECRET = 'sumsub-webhook-secret-of-test';
const check = (kycLevelName = 'basic-kyc-level', kybLevelName?: string) =>
  sumsubBootCheck({
    appToken: APP_TOKEN,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    levels: [
      { name: kycLevelName, variable: 'KYC_LEVEL_NAME' },
      ...(kybLevelName ? [{ name: kybLevelName, variable: 'KYB_LEVEL_NAME' }] : []),
    ],
  });
const LEVELS = {
  items: [
    { id: '63e0a1', name: 'basic-kyc-level' },
    { id: '63e0a2', name: 'basic-kyb-level' },
  ],
  totalItems: 2,
};

describe("Sumsub's boot check", () => {
  it('reads the levels with a signed GET, and finds KYC_LEVEL_NAME among them', async () => {
    const vendor = fakeVendor(() => ({ status: 200, json: LEVELS }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toEqual({
      vendor: 'Sumsub',
      ok: true,
      message: 'Sumsub: SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY accepted; level(s) basic-kyc-level exist',
    });
    const [request] = vendor.seen;
    expect(`${request?.method} ${request?.url.href}`).toBe('GET https://api.sumsub.com/resources/applicants/-/levels');
    expect(request?.headers.get('x-app-token')).toBe(APP_TOKEN);
    const ts = request?.headers.get('x-app-access-ts') ?? '';
    expect(request?.headers.get('x-app-access-sig')).toBe(
      signSumsubRequest({ secretKey: SECRET_KEY, ts, method: 'GET', pathWithQuery: '/resources/applicants/-/levels' }),
    );
  });

  it('checks the KYB level too when businesses verify with Sumsub', async () => {
    const result = await runCheck(check('basic-kyc-level', 'kyb-typo'), fakeVendor(() => ({ status: 200, json: LEVELS })).fetch);
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toContain('"kyb-typo" (KYB_LEVEL_NAME)');
    expect((await runCheck(check('basic-kyc-level', 'basic-kyb-level'), fakeVendor(() => ({ status: 200, json: LEVELS })).fetch)).ok).toBe(
      true,
    );
  });

  it('a level name the account lacks stops the boot, listing the ones it has', async () => {
    const result = await runCheck(check('kyc-level-typo'), fakeVendor(() => ({ status: 200, json: LEVELS })).fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      'Sumsub accepted the app token, but has no level "kyc-level-typo" (KYC_LEVEL_NAME): set it to one of "basic-kyc-level", "basic-kyb-level"',
    );
  });

  it("401: names the token pair and the clock, with Sumsub's own words, never a secret", async () => {
    const vendor = fakeVendor(() => ({
      status: 401,
      json: {
        description: 'Request signature mismatch',
        code: 401,
        correlationId: 'req-a1b2',
        errorCode: 4003,
        errorName: 'app-token-signature',
      },
    }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Sumsub refused SUMSUB_APP_TOKEN \/ SUMSUB_SECRET_KEY \(HTTP 401\)/);
    expect(result.message).toContain('clock');
    expect(result.message).toContain('Request signature mismatch');
    const signature = vendor.seen[0]?.headers.get('x-app-access-sig') ?? '';
    expect(leaks(result.message, [APP_TOKEN, SECRET_KEY, WEBHOOK_SECRET, signature])).toEqual([]);
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^Sumsub did not answer within .* at SUMSUB_BASE_URL \(https:\/\/api\.sumsub\.com\)/);
    expect(vendor.state.aborted).toBe(1);
  });
});
