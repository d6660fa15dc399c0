import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { chainalysisBootCheck } from './chainalysis-boot-check.ts';

const API_KEY = 'chainalysis-key-5b1e0c7a9d3f';
const check = () => chainalysisBootCheck({ apiKey: API_KEY });

describe("Chainalysis's boot check", () => {
  it('screens the documented example address with the key; any verdict proves it', async () => {
    const vendor = fakeVendor(() => ({ status: 200, json: { identifications: [{ category: 'sanctions', name: 'SANCTIONS: OFAC SDN' }] } }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toEqual({
      vendor: 'Chainalysis',
      ok: true,
      message: 'Chainalysis: CHAINALYSIS_API_KEY accepted (one address screened)',
    });
    const [request] = vendor.seen;
    expect(`${request?.method} ${request?.url.href}`).toBe(
      'GET https://public.chainalysis.com/api/v1/address/0x1da5821544e25c636c1417ba96ade4cf6d2f9b5a',
    );
    expect(request?.headers.get('x-api-key')).toBe(API_KEY);
  });

  it('401: names the key, never shows it', async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 401, json: { message: 'Invalid API key' } })).fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Chainalysis refused CHAINALYSIS_API_KEY \(HTTP 401\)/);
    expect(leaks(result.message, [API_KEY])).toEqual([]);
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^Chainalysis did not answer within .* at CHAINALYSIS_API_URL \(https:\/\/public\.chainalysis\.com\)/);
    expect(vendor.state.aborted).toBe(1);
  });
});
