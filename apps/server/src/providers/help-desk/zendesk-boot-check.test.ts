import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { zendeskBootCheck } from './zendesk-boot-check.ts';

const URL_ = 'https://acme.zendesk.com';
const EMAIL = 'agent@acme.test';
const TOKEN = 'wA3rIuPZvJx7cT2hgk5LqM9bD0yNfE4sOaV6KtRz';
const check = () => zendeskBootCheck({ url: URL_, email: EMAIL, apiToken: TOKEN });

describe("Zendesk's boot check", () => {
  it("reads the token's own user, an agent or admin", async () => {
    const vendor = fakeVendor(() => ({ status: 200, json: { user: { id: 35436, email: EMAIL, role: 'admin' } } }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toEqual({ vendor: 'Zendesk', ok: true, message: 'Zendesk: ZENDESK_EMAIL and ZENDESK_API_TOKEN accepted (an admin)' });
    const [request] = vendor.seen;
    expect(`${request?.method} ${request?.url.href}`).toBe(`GET ${URL_}/api/v2/users/me.json`);
    expect(request?.headers.get('authorization')).toBe(`Basic ${Buffer.from(`${EMAIL}/token:${TOKEN}`).toString('base64')}`);
  });

  it('an answer as the anonymous user is a refused token, not a pass', async () => {
    const result = await runCheck(
      check(),
      fakeVendor(() => ({ status: 200, json: { user: { id: null, name: 'Anonymous user', role: 'end-user' } } })).fetch,
    );
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Zendesk answered as the anonymous user/);
  });

  it('401: names the email, the token and the API token setting, never the token', async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 401, json: { error: "Couldn't authenticate you" } })).fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Zendesk refused ZENDESK_EMAIL \/ ZENDESK_API_TOKEN \(HTTP 401\)/);
    expect(leaks(result.message, [TOKEN, `${EMAIL}/token:${TOKEN}`])).toEqual([]);
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^Zendesk did not answer within .* at ZENDESK_URL \(https:\/\/acme\.zendesk\.com\)/);
    expect(vendor.state.aborted).toBe(1);
  });
});
