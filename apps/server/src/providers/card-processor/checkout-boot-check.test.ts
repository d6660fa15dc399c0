import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { checkoutBootCheck } from './checkout-boot-check.ts';

const SECRET_KEY = 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e';
const PUBLIC_KEY = 'pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=';
const LIVE_SECRET_KEY = 'sk_3vyt6qa2nw5yf7ff7wcofuuv2qj';
const check = (secretKey = SECRET_KEY, baseUrl?: string) => checkoutBootCheck({ secretKey, publicKey: PUBLIC_KEY, baseUrl });

describe("Checkout.com's boot check", () => {
  it("reads the payments of a reference no payment has, with the secret key, at the key's environment", async () => {
    const vendor = fakeVendor(() => ({ status: 200, json: { limit: 1, skip: 0, total_count: 0, data: [] } }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toMatchObject({ vendor: 'Checkout.com', ok: true });
    expect(result.message).toContain('a sandbox key');
    const [request] = vendor.seen;
    expect(request?.method).toBe('GET');
    expect(`${request?.url.origin}${request?.url.pathname}`).toBe('https://api.sandbox.checkout.com/payments');
    expect(request?.url.searchParams.get('reference')).toBe('causeway-boot-check');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`);
    // A live key goes to the live API when no base URL is set.
    const live = fakeVendor(() => ({ status: 200, json: { data: [] } }));
    await runCheck(check(LIVE_SECRET_KEY), live.fetch);
    expect(live.seen[0]?.url.origin).toBe('https://api.checkout.com');
  });

  it('401: names the key and its environment, never the key itself', async () => {
    const vendor = fakeVendor(() => ({ status: 401, text: '' }));
    const result = await runCheck(check(LIVE_SECRET_KEY, 'https://abc123.api.checkout.com'), vendor.fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Checkout\.com refused CHECKOUT_SECRET_KEY \(HTTP 401\): check the key and its environment/);
    expect(result.message).toContain('a live key, sent to https://abc123.api.checkout.com');
    expect(leaks(result.message, [LIVE_SECRET_KEY, PUBLIC_KEY])).toEqual([]);
  });

  it('403: says the key lacks the scope to read payments', async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 403, text: '' })).fetch);
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toContain('(HTTP 403)');
    expect(result.message).toContain('scope');
  });

  it('no answer: stops at the deadline, names where it called, and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(
      /^Checkout\.com did not answer within .* at CHECKOUT_BASE_URL \(https:\/\/api\.sandbox\.checkout\.com\)/,
    );
    expect(vendor.state).toEqual({ requests: 1, aborted: 1 });
  });
});
