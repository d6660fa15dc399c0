import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { ipinfoBootCheck } from './ipinfo-boot-check.ts';

const TOKEN = '1f2e3d4c5b6a79';
const check = () => ipinfoBootCheck({ token: TOKEN });

describe("ipinfo.io's boot check", () => {
  it("reads the token's own /me", async () => {
    const vendor = fakeVendor(() => ({
      status: 200,
      json: { token: TOKEN, requests: { day: 0, month: 69, limit: 50000, remaining: 49931 } },
    }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toEqual({ vendor: 'ipinfo.io', ok: true, message: 'ipinfo.io: IPINFO_TOKEN accepted' });
    expect(vendor.seen[0]?.url.href).toBe(`https://ipinfo.io/me?token=${TOKEN}`);
  });

  it('a used-up quota stops the boot: every country would read as unknown', async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 200, json: { requests: { limit: 50000, remaining: 0 } } })).fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('quota is used up');
  });

  it('403: names the token, never shows it', async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 403, json: { error: { title: 'Wrong token' } } })).fetch);
    expect(result.message).toMatch(/^ipinfo\.io refused IPINFO_TOKEN \(HTTP 403\)/);
    expect(leaks(result.message, [TOKEN])).toEqual([]);
  });

  it('no answer: stops at the deadline, and the URL with the token is not in the message', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^ipinfo\.io did not answer within .* at https:\/\/ipinfo\.io/);
    expect(leaks(result.message, [TOKEN])).toEqual([]);
    expect(vendor.state.aborted).toBe(1);
  });
});
