import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createManualClock } from '../../platform/clock.ts';
import { OauthRefusedError, SANDBOX_OAUTH_CLIENT_ID, sandboxOauthClientSecret } from '../../providers/oauth/index.ts';
import { createOidcProvider } from '../../providers/oauth/oidc.ts';
import { SANDBOX_OAUTH_CODE_TTL_MS } from '../../providers/oauth/sandbox-idp.ts';

// The OpenID Connect adapter against the sandbox identity provider, over real HTTP: the whole app
// listens on an ephemeral port, and both the adapter and "the browser" (fetch, redirects by hand) talk to it.

const SECRET_KEY = 'a-sandbox-oauth-test-secret-of-40-characters';
const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
let base: string;
let issuer: string;
let redirectUri: string;

beforeAll(async () => {
  t = await createTestApp({ SECRET_KEY }, undefined, { clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  issuer = `${base}/sandbox/oauth`;
  redirectUri = `${base}/en/oauth-callback`;
});
afterAll(() => t.app.close());

const adapter = (clientSecret = sandboxOauthClientSecret(Buffer.from(SECRET_KEY, 'utf8')), method?: 'client_secret_post') =>
  createOidcProvider({
    issuer,
    clientId: SANDBOX_OAUTH_CLIENT_ID,
    clientSecret,
    scope: 'openid email profile',
    displayName: 'Binance',
    clock,
    tokenAuthMethod: method,
  });

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The person's browser: the authorization address, the consent form posted, the redirect's query read. */
async function consent(url: string, form: Record<string, string>): Promise<URLSearchParams> {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  const html = await page.text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
    ]),
  );
  const answer = await fetch(`${base}/sandbox/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, ...form }).toString(),
  });
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
  return location.searchParams;
}

async function signInAt(provider = adapter(), person: Record<string, string> = { email: 'ada@example.test', email_verified: 'true' }) {
  const { verifier, challenge } = pkce();
  const url = await provider.authorizationUrl({ state: 'ticket-1', nonce: 'nonce-1', codeChallenge: challenge, redirectUri });
  const back = await consent(url, { decision: 'allow', ...person });
  return { code: back.get('code') ?? '', back, verifier };
}

describe('the OpenID Connect adapter against the sandbox identity provider, over HTTP', () => {
  it('serves a discovery document whose issuer is the address it was reached at, and an Ed25519 key set', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['EdDSA'],
    });
    const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' })]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs in: the consent, a code with the state and the issuer back, its exchange and a verified identity', async () => {
    const { code, back, verifier } = await signInAt(adapter(), { email: 'Ada@Example.test', email_verified: 'true', name: 'Ada' });
    expect(back.get('state')).toBe('ticket-1');
    expect(back.get('iss')).toBe(issuer);
    const identity = await adapter().exchangeCode({ code, codeVerifier: verifier, redirectUri, nonce: 'nonce-1' });
    expect(identity).toEqual({
      issuer,
      subject: expect.stringMatching(/^sbx-[0-9a-f]{32}$/),
      email: 'Ada@Example.test',
      emailVerified: true,
      name: 'Ada',
    });
    // The same person (any case of the address) is the same subject next time.
    const again = await signInAt(adapter(), { email: 'ada@example.test', email_verified: 'true' });
    const second = await adapter().exchangeCode({ code: again.code, codeVerifier: again.verifier, redirectUri, nonce: 'nonce-1' });
    expect(second.subject).toBe(identity.subject);
  });

  it('says whether the email is verified as the person chose, and works with client_secret_post too', async () => {
    const post = adapter(undefined, 'client_secret_post');
    const { code, verifier } = await signInAt(post, { email: 'unverified@example.test' });
    await expect(post.exchangeCode({ code, codeVerifier: verifier, redirectUri, nonce: 'nonce-1' })).resolves.toMatchObject({
      email: 'unverified@example.test',
      emailVerified: false,
    });
  });

  it('takes each code once, with its own PKCE verifier, redirect_uri and nonce, within 60 s', async () => {
    const first = await signInAt();
    await expect(
      adapter().exchangeCode({ code: first.code, codeVerifier: pkce().verifier, redirectUri, nonce: 'nonce-1' }),
    ).rejects.toBeInstanceOf(OauthRefusedError);
    // Refused once, the code is spent: even its right verifier no longer works.
    await expect(adapter().exchangeCode({ code: first.code, codeVerifier: first.verifier, redirectUri, nonce: 'nonce-1' })).rejects.toThrow(
      /invalid_grant/,
    );

    const used = await signInAt();
    await adapter().exchangeCode({ code: used.code, codeVerifier: used.verifier, redirectUri, nonce: 'nonce-1' });
    await expect(adapter().exchangeCode({ code: used.code, codeVerifier: used.verifier, redirectUri, nonce: 'nonce-1' })).rejects.toThrow(
      /invalid_grant/,
    );

    const elsewhere = await signInAt();
    await expect(
      adapter().exchangeCode({
        code: elsewhere.code,
        codeVerifier: elsewhere.verifier,
        redirectUri: `${base}/zh/oauth-callback`,
        nonce: 'nonce-1',
      }),
    ).rejects.toThrow(/invalid_grant/);

    const otherNonce = await signInAt();
    await expect(
      adapter().exchangeCode({ code: otherNonce.code, codeVerifier: otherNonce.verifier, redirectUri, nonce: 'nonce-2' }),
    ).rejects.toThrow(/nonce/);

    const late = await signInAt();
    clock.advance(SANDBOX_OAUTH_CODE_TTL_MS);
    await expect(adapter().exchangeCode({ code: late.code, codeVerifier: late.verifier, redirectUri, nonce: 'nonce-1' })).rejects.toThrow(
      /invalid_grant/,
    );
  });

  it('answers the token endpoint errors of RFC 6749 §5.2, never caching them', async () => {
    const token = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body).toString(),
      });
    const basic = (secret: string) => ({
      authorization: `Basic ${Buffer.from(`${SANDBOX_OAUTH_CLIENT_ID}:${secret}`).toString('base64')}`,
    });
    const secret = sandboxOauthClientSecret(Buffer.from(SECRET_KEY, 'utf8'));

    const wrongSecret = await token({ grant_type: 'authorization_code', code: 'x' }, basic('wrong'));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(wrongSecret.headers.get('cache-control')).toBe('no-store');
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });

    const twoMethods = await token(
      { grant_type: 'authorization_code', code: 'x', client_id: SANDBOX_OAUTH_CLIENT_ID, client_secret: secret },
      basic(secret),
    );
    expect(await twoMethods.json()).toMatchObject({ error: 'invalid_request' });
    const refreshGrant = await token({ grant_type: 'refresh_token', refresh_token: 'x' }, basic(secret));
    expect(await refreshGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const forged = await token(
      { grant_type: 'authorization_code', code: 'forged.code.value', redirect_uri: redirectUri, code_verifier: pkce().verifier },
      basic(secret),
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('sends a cancel back as access_denied with the state', async () => {
    const url = await adapter().authorizationUrl({ state: 'ticket-9', nonce: 'n', codeChallenge: pkce().challenge, redirectUri });
    const back = await consent(url, { decision: 'cancel' });
    expect(Object.fromEntries(back)).toMatchObject({ error: 'access_denied', state: 'ticket-9', iss: issuer });
    expect(back.has('code')).toBe(false);
  });

  it('shows, never redirects, a request of an unknown client or to an address not registered', async () => {
    const { challenge } = pkce();
    const query = (overrides: Record<string, string>) =>
      `${issuer}/authorize?${new URLSearchParams({ response_type: 'code', client_id: SANDBOX_OAUTH_CLIENT_ID, redirect_uri: redirectUri, scope: 'openid', state: 's', code_challenge: challenge, code_challenge_method: 'S256', ...overrides })}`;
    const unregistered: Array<Record<string, string>> = [
      { client_id: 'someone-else' },
      { redirect_uri: 'https://evil.example.test/en/oauth-callback' },
      { redirect_uri: `${base}/en/dashboard` },
    ];
    for (const overrides of unregistered) {
      const answer = await fetch(query(overrides), { redirect: 'manual' });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('This sign-in request was refused');
    }
    // Errors about the request itself go back to the (registered) client.
    const withoutPkce = await fetch(query({ code_challenge_method: 'plain' }), { redirect: 'manual' });
    expect(withoutPkce.status).toBe(303);
    expect(Object.fromEntries(new URL(withoutPkce.headers.get('location') ?? '').searchParams)).toMatchObject({
      error: 'invalid_request',
      state: 's',
    });
    const noOpenid = await fetch(query({ scope: 'email' }), { redirect: 'manual' });
    expect(new URL(noOpenid.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_scope');
  });

  it('asks again for an email that is not one, without a code', async () => {
    const url = await adapter().authorizationUrl({ state: 's', nonce: 'n', codeChallenge: pkce().challenge, redirectUri });
    const html = await (await fetch(url)).text();
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
      ]),
    );
    const answer = await fetch(`${base}/sandbox/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hidden, decision: 'allow', email: 'not-an-email' }).toString(),
    });
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('value="not-an-email"');
  });
});
