import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { clearJunctionBootCheck } from './clear-junction-boot-check.ts';
import { clearJunctionSignature } from './clear-junction-signature.ts';

const API_KEY = '730ee406-817e-11e7-bb31-be2e44b06b34';
const API_PASSWORD = 'clear-junction-api-password-1';
const WALLET = '348e11ab-dbfb-4ae8-99e7-349b00868f6f';
const SANDBOX = 'https://sandbox.clearjunction.com';
const check = () => clearJunctionBootCheck({ apiKey: API_KEY, apiPassword: API_PASSWORD, walletUuid: WALLET, baseUrl: SANDBOX });

describe("Clear Junction's boot check", () => {
  it("reads the wallet's balances with a signed GET", async () => {
    const vendor = fakeVendor(() => ({ status: 200, text: `{"walletUuid":"${WALLET}","amounts":[{"currency":"EUR","amount":210.55}]}` }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toMatchObject({ vendor: 'Clear Junction', ok: true });
    const [request] = vendor.seen;
    expect(`${request?.method} ${request?.url.href}`).toBe(`GET ${SANDBOX}/v7/bank/wallets/${WALLET}?returnPaymentMethods=false`);
    expect(request?.headers.get('x-api-key')).toBe(API_KEY);
    const date = request?.headers.get('date') ?? '';
    expect(request?.headers.get('authorization')).toBe(clearJunctionSignature({ apiKey: API_KEY, apiPassword: API_PASSWORD }, date, ''));
  });

  it('401: names both variables and the clock; the password never shows', async () => {
    const result = await runCheck(
      check(),
      fakeVendor(() => ({ status: 401, json: { errors: [{ code: '401', message: 'Unauthorized' }] } })).fetch,
    );
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(
      /^Clear Junction refused the signature of CLEAR_JUNCTION_API_KEY \/ CLEAR_JUNCTION_API_PASSWORD \(HTTP 401\)/,
    );
    expect(result.message).toContain('clock');
    expect(leaks(result.message, [API_KEY, API_PASSWORD])).toEqual([]);
  });

  it("403 (the sandbox load balancer's page): names the allow list", async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 403, text: '<html>403 Forbidden</html>' })).fetch);
    expect(result.message).toContain('allow list');
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(
      /^Clear Junction did not answer within .* at CLEAR_JUNCTION_API_URL \(https:\/\/sandbox\.clearjunction\.com\)/,
    );
    expect(vendor.state.aborted).toBe(1);
  });
});
