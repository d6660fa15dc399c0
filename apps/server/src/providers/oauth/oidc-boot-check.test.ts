import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck } from '../boot-check.test-support.ts';
import googleDiscovery from './fixtures/google-discovery.json' with { type: 'json' };
import googleJwks from './fixtures/google-jwks.json' with { type: 'json' };
import { oidcBootCheck } from './oidc-boot-check.ts';

const SETTINGS = {
  issuer: 'https://accounts.google.com',
  clientId: '1234987819200.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-boot-check-secret',
  publicUrl: 'https://pay.example.test',
};

/** Google as recorded, its token endpoint answering `token` to the boot check's request. */
const google = (token: { status: number; json?: unknown }, overrides: { discovery?: unknown; jwks?: unknown } = {}) =>
  fakeVendor(({ url }) => {
    if (url.href === 'https://accounts.google.com/.well-known/openid-configuration')
      return { status: 200, json: overrides.discovery ?? googleDiscovery };
    if (url.href === googleDiscovery.jwks_uri) return { status: 200, json: overrides.jwks ?? googleJwks };
    if (url.href === googleDiscovery.token_endpoint) return token;
    return { status: 404, json: {} };
  });

describe('the OpenID Connect boot check', () => {
  it("proves the client's credentials by a token request for no code: invalid_grant means they were accepted", async () => {
    const vendor = google({ status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } });
    const result = await runCheck(oidcBootCheck(SETTINGS), vendor.fetch);
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining('OAUTH_CLIENT_ID/OAUTH_CLIENT_SECRET accepted') });
    const tokenRequest = vendor.seen.find((request) => request.url.href === googleDiscovery.token_endpoint);
    expect(tokenRequest?.method).toBe('POST');
    expect(new URLSearchParams(tokenRequest?.body).get('grant_type')).toBe('authorization_code');
    expect(tokenRequest?.headers.get('authorization')).toMatch(/^Basic /);
  });

  it('stops the boot when the provider refuses the client, never showing the secret', async () => {
    const result = await runCheck(
      oidcBootCheck(SETTINGS),
      google({ status: 401, json: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } }).fetch,
    );
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/refused our client \(invalid_client\): check OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET/);
    expect(leaks(result.message, [SETTINGS.clientSecret])).toEqual([]);
  });

  it('stops the boot on a discovery document of another issuer, and on a key set it cannot use', async () => {
    const otherIssuer = await runCheck(
      oidcBootCheck(SETTINGS),
      google({ status: 400, json: { error: 'invalid_grant' } }, { discovery: { ...googleDiscovery, issuer: 'https://evil.example.test' } })
        .fetch,
    );
    expect(otherIssuer).toMatchObject({ ok: false, message: expect.stringMatching(/names the issuer .*check OAUTH_ISSUER_URL/) });
    const noKeys = await runCheck(
      oidcBootCheck(SETTINGS),
      google({ status: 400, json: { error: 'invalid_grant' } }, { jwks: { keys: [] } }).fetch,
    );
    expect(noKeys).toMatchObject({ ok: false, message: expect.stringContaining('publishes no key') });
  });

  it('passes, saying so, when the answer proves nothing about the credentials', async () => {
    const result = await runCheck(oidcBootCheck(SETTINGS), google({ status: 400, json: { error: 'invalid_request' } }).fetch);
    expect(result).toMatchObject({
      ok: true,
      message: expect.stringContaining('could not be proven (the token endpoint answered invalid_request)'),
    });
  });
});
