import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { klarnaBootCheck } from './klarna-boot-check.ts';

const USERNAME = 'PK12345_f00dfeedbeef';
const PASSWORD = 'klarna-shared-secret-9f3a';
const PLAYGROUND = 'https://api.playground.klarna.com';
const check = () => klarnaBootCheck({ username: USERNAME, password: PASSWORD, baseUrl: PLAYGROUND });
const NOT_FOUND = { error_code: 'NOT_FOUND', error_messages: ['Invalid session id'], correlation_id: 'c0ffee' };

describe("Klarna's boot check", () => {
  it('reads a session no one has: 404 means the credentials were taken', async () => {
    const vendor = fakeVendor(() => ({ status: 404, json: NOT_FOUND }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toEqual({
      vendor: 'Klarna',
      ok: true,
      message: `Klarna: KLARNA_USERNAME and KLARNA_PASSWORD accepted at ${PLAYGROUND}`,
    });
    const [request] = vendor.seen;
    expect(`${request?.method} ${request?.url.href}`).toBe(`GET ${PLAYGROUND}/payments/v1/sessions/00000000-0000-4000-8000-000000000000`);
    expect(request?.headers.get('authorization')).toBe(`Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`);
  });

  it('401: names the credentials, the environment and the region, never the password', async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 401, text: '' })).fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Klarna refused KLARNA_USERNAME \/ KLARNA_PASSWORD \(HTTP 401\)/);
    expect(result.message).toContain('region');
    expect(leaks(result.message, [PASSWORD, `${USERNAME}:${PASSWORD}`])).toEqual([]);
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^Klarna did not answer within .* at KLARNA_API_URL \(https:\/\/api\.playground\.klarna\.com\)/);
    expect(vendor.state.aborted).toBe(1);
  });
});
