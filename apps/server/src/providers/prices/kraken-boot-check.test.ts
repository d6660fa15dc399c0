import { describe, expect, it } from 'vitest';
import { fakeVendor, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { krakenBootCheck } from './kraken-boot-check.ts';

describe("Kraken's boot check (public: reachability only)", () => {
  it('reads the server time; says there is no key to check', async () => {
    const vendor = fakeVendor(() => ({
      status: 200,
      json: { error: [], result: { unixtime: 1763726400, rfc1123: 'Fri, 21 Nov 25 12:00:00 +0000' } },
    }));
    const result = await runCheck(krakenBootCheck({}), vendor.fetch);
    expect(result).toEqual({ vendor: 'Kraken', ok: true, message: 'Kraken: public ticker reachable (no key to check)' });
    expect(`${vendor.seen[0]?.method} ${vendor.seen[0]?.url.href}`).toBe('GET https://api.kraken.com/0/public/Time');
  });

  it("Kraken's own error in its envelope fails, quoted", async () => {
    const result = await runCheck(
      krakenBootCheck({}),
      fakeVendor(() => ({ status: 200, json: { error: ['EService:Unavailable'] } })).fetch,
    );
    expect(result).toMatchObject({ ok: false, message: 'Kraken answered an error: EService:Unavailable' });
  });

  it('a proxy answering something else names KRAKEN_API_URL', async () => {
    const result = await runCheck(
      krakenBootCheck({ baseUrl: 'https://prices.internal' }),
      fakeVendor(() => ({ status: 401, text: 'no' })).fetch,
    );
    expect(result.message).toContain('HTTP 401');
    expect(result.message).toContain('KRAKEN_API_URL');
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(krakenBootCheck({}), vendor.fetch, 50);
    expect(result.message).toMatch(/^Kraken did not answer within .* at KRAKEN_API_URL \(https:\/\/api\.kraken\.com\)/);
    expect(vendor.state.aborted).toBe(1);
  });
});
