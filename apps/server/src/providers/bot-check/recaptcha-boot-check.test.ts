import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { recaptchaBootCheck } from './recaptcha-boot-check.ts';

const SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';
const check = () => recaptchaBootCheck({ secret: SECRET });

describe("reCAPTCHA's boot check", () => {
  it('a made-up token refused alone (invalid-input-response) means the secret was taken', async () => {
    const vendor = fakeVendor(() => ({ status: 200, json: { success: false, 'error-codes': ['invalid-input-response'] } }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toMatchObject({ vendor: 'reCAPTCHA', ok: true });
    const [request] = vendor.seen;
    expect(`${request?.method} ${request?.url.href}`).toBe('POST https://www.google.com/recaptcha/api/siteverify');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ secret: SECRET, response: 'causeway-boot-check' });
  });

  it('invalid-input-secret: names RECAPTCHA_SECRET, never shows it', async () => {
    const result = await runCheck(
      check(),
      fakeVendor(() => ({ status: 200, json: { success: false, 'error-codes': ['invalid-input-secret'] } })).fetch,
    );
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^reCAPTCHA refused RECAPTCHA_SECRET/);
    expect(leaks(result.message, [SECRET])).toEqual([]);
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^reCAPTCHA did not answer within .* at https:\/\/www\.google\.com\/recaptcha\/api\/siteverify/);
    expect(vendor.state.aborted).toBe(1);
  });
});
