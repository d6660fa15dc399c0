import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.ts';
import googleDiscovery from './fixtures/google-discovery.json' with { type: 'json' };
import googleIdTokenClaims from './fixtures/google-id-token-claims.json' with { type: 'json' };
import googleJwks from './fixtures/google-jwks.json' with { type: 'json' };
import googleTokenAnswer from './fixtures/google-token-answer.json' with { type: 'json' };
import googleTokenError from './fixtures/google-token-error.json' with { type: 'json' };
import { signTestToken, testSigningKey } from './fixtures/token-kit.ts';
import { OauthProviderError, OauthRefusedError } from './oauth-provider.ts';
import { DISCOVERY_CACHE_MS } from './oidc-discovery.ts';
import { createOidcProvider, type TokenAuthMethod } from './oidc.ts';

// Google's answers as recorded (fixtures/google-*.json: its discovery document, key set, token answer and
// error, and the ID token claims of its documentation), served by a fake fetch that answers with those recordings.
// The key set's second key (kid d7b9…) is replaced by one this test holds, so the test can sign the ID token
// Google would have.

const CLIENT_ID = googleIdTokenClaims.aud;
const CLIENT_SECRET = 'GOCSPX-recorded/shape+secret';
const REDIRECT = 'https://pay.example.test/en/oauth-callback';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const signing = testSigningKey('RS256', 'd7b939771a7800c413f90051012d975981916d71');

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

function fakeGoogle(options: { tokenStatus?: number; tokenBody?: unknown; discovery?: Record<string, unknown>; jwks?: unknown } = {}) {
  const calls: Recorded[] = [];
  let idTokenClaims: Record<string, unknown> = {};
  const jwks = options.jwks ?? {
    keys: googleJwks.keys.map((key) => (key.kid === signing.kid ? { ...key, n: signing.jwk.n, e: signing.jwk.e } : key)),
  };
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: String(init?.body ?? '') });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url === 'https://accounts.google.com/.well-known/openid-configuration') return json(200, options.discovery ?? googleDiscovery);
    if (url === googleDiscovery.jwks_uri) return json(200, jwks);
    if (url === googleDiscovery.token_endpoint) {
      if (options.tokenStatus) return json(options.tokenStatus, options.tokenBody ?? googleTokenError);
      return json(200, { ...googleTokenAnswer, id_token: signTestToken(signing, idTokenClaims) });
    }
    return json(404, {});
  };
  return {
    calls,
    fetchImpl,
    signs: (claims: Record<string, unknown>) => {
      idTokenClaims = claims;
    },
  };
}

const clock = createManualClock(new Date(googleIdTokenClaims.iat * 1000 + 2_000));

function google(fake: ReturnType<typeof fakeGoogle>, tokenAuthMethod?: TokenAuthMethod) {
  return createOidcProvider({
    issuer: 'https://accounts.google.com',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    scope: 'openid email profile',
    displayName: 'Google',
    clock,
    fetchImpl: fake.fetchImpl,
    tokenAuthMethod,
  });
}

const exchange = {
  code: '4/P7q7W91a-oMsCeLvIaQm6bTrgtp7',
  codeVerifier: VERIFIER,
  redirectUri: REDIRECT,
  nonce: googleIdTokenClaims.nonce,
};

describe('the OpenID Connect adapter against recorded answers of a real provider (Google)', () => {
  it('builds the authorization address from the discovery document: code flow, S256 challenge, nonce and state', async () => {
    const fake = fakeGoogle();
    const challenge = createHash('sha256').update(VERIFIER).digest('base64url');
    const url = new URL(
      await google(fake).authorizationUrl({ state: 'ticket.abc', nonce: 'n-1', codeChallenge: challenge, redirectUri: REDIRECT }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(googleDiscovery.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'openid email profile',
      state: 'ticket.abc',
      nonce: 'n-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code (client_secret_basic, which Google lists) and verifies the ID token with the key of its kid', async () => {
    const fake = fakeGoogle();
    fake.signs(googleIdTokenClaims);
    await expect(google(fake).exchangeCode(exchange)).resolves.toEqual({
      issuer: 'https://accounts.google.com',
      subject: googleIdTokenClaims.sub,
      email: 'jsmith@example.com',
      emailVerified: true,
      name: 'Jane Smith',
    });
    const tokenCall = fake.calls.find((call) => call.url === googleDiscovery.token_endpoint);
    expect(tokenCall?.method).toBe('POST');
    expect(tokenCall?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    // RFC 6749 §2.3.1: each part form-urlencoded before the Basic encoding (the secret's / and + included).
    const expected = `${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`;
    expect(tokenCall?.headers.get('authorization')).toBe(`Basic ${Buffer.from(expected).toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokenCall?.body))).toEqual({
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
  });

  it('sends the secret in the body with client_secret_post, and only there', async () => {
    const fake = fakeGoogle();
    fake.signs(googleIdTokenClaims);
    await google(fake, 'client_secret_post').exchangeCode(exchange);
    const tokenCall = fake.calls.find((call) => call.url === googleDiscovery.token_endpoint);
    expect(tokenCall?.headers.get('authorization')).toBeNull();
    expect(new URLSearchParams(tokenCall?.body).get('client_secret')).toBe(CLIENT_SECRET);
    expect(new URLSearchParams(tokenCall?.body).get('client_id')).toBe(CLIENT_ID);
  });

  it('chooses client_secret_post by itself only when the provider lists no client_secret_basic', async () => {
    const fake = fakeGoogle({ discovery: { ...googleDiscovery, token_endpoint_auth_methods_supported: ['client_secret_post'] } });
    fake.signs(googleIdTokenClaims);
    await google(fake).exchangeCode(exchange);
    expect(fake.calls.find((call) => call.url === googleDiscovery.token_endpoint)?.headers.get('authorization')).toBeNull();
  });

  it("turns Google's invalid_grant into a refusal of the code, and invalid_client into a setup problem", async () => {
    await expect(google(fakeGoogle({ tokenStatus: 400 })).exchangeCode(exchange)).rejects.toBeInstanceOf(OauthRefusedError);
    const refusedClient = google(
      fakeGoogle({ tokenStatus: 401, tokenBody: { error: 'invalid_client', error_description: 'Unauthorized' } }),
    );
    const failure = await refusedClient.exchangeCode(exchange).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OauthProviderError);
    expect((failure as Error).message).toMatch(/invalid_client.*OAUTH_CLIENT_ID/);
    expect((failure as Error).message).not.toContain(CLIENT_SECRET);
  });

  it('refuses the ID token of another nonce, and one signed by a key Google does not publish', async () => {
    const fake = fakeGoogle();
    fake.signs({ ...googleIdTokenClaims, nonce: 'another' });
    await expect(google(fake).exchangeCode(exchange)).rejects.toThrow(/nonce/);
    const unpublished = fakeGoogle({ jwks: googleJwks });
    unpublished.signs(googleIdTokenClaims);
    await expect(google(unpublished).exchangeCode(exchange)).rejects.toThrow(/signature does not match/);
  });

  it('keeps the discovery document and the key set for an hour: one fetch each for several sign-ins', async () => {
    const fake = fakeGoogle();
    fake.signs(googleIdTokenClaims);
    const provider = google(fake);
    await provider.exchangeCode(exchange);
    await provider.exchangeCode(exchange);
    const count = (url: string) => fake.calls.filter((call) => call.url === url).length;
    expect(count('https://accounts.google.com/.well-known/openid-configuration')).toBe(1);
    expect(count(googleDiscovery.jwks_uri)).toBe(1);
    clock.advance(DISCOVERY_CACHE_MS);
    fake.signs({ ...googleIdTokenClaims, iat: clock.now().getTime() / 1000, exp: clock.now().getTime() / 1000 + 3600 });
    await provider.exchangeCode(exchange);
    expect(count('https://accounts.google.com/.well-known/openid-configuration')).toBe(2);
    clock.set(new Date(googleIdTokenClaims.iat * 1000 + 2_000));
  });

  it('refuses a discovery document of another issuer, or without the code flow or S256', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...googleDiscovery, issuer: 'https://accounts.google.com/' }, /names the issuer/],
      [{ ...googleDiscovery, token_endpoint: 'http://oauth2.googleapis.com/token' }, /no https token_endpoint/],
      [{ ...googleDiscovery, response_types_supported: ['id_token'] }, /authorization code flow/],
      [{ ...googleDiscovery, code_challenge_methods_supported: ['plain'] }, /PKCE with S256/],
    ];
    for (const [discovery, reason] of cases) {
      const failure = await google(fakeGoogle({ discovery }))
        .authorizationUrl({ state: 's', nonce: 'n', codeChallenge: 'c', redirectUri: REDIRECT })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OauthProviderError);
      expect((failure as Error).message).toMatch(reason);
    }
  });

  it('says the provider is unreachable when nothing answers', async () => {
    const down = createOidcProvider({
      issuer: 'https://accounts.google.com',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scope: 'openid email',
      displayName: 'Google',
      clock,
      fetchImpl: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.authorizationUrl({ state: 's', nonce: 'n', codeChallenge: 'c', redirectUri: REDIRECT })).rejects.toThrow(
      /discovery document .* did not answer/,
    );
  });
});
