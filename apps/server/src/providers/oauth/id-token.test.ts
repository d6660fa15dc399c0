import { describe, expect, it } from 'vitest';
import { signTestToken, type TestSigningKey, testSigningKey } from './fixtures/token-kit.ts';
import { CLOCK_SKEW_SECONDS, type IdTokenExpectations, MAX_TOKEN_AGE_SECONDS, verifyIdToken } from './id-token.ts';
import { keysFor } from './jwks.ts';
import { parseCompactJws } from './jws.ts';
import { OauthRefusedError } from './oauth-provider.ts';

const ISSUER = 'https://id.example.test';
const CLIENT = 'causeway-client';
const NOW = new Date('2026-11-21T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

const rsa = testSigningKey('RS256', 'rsa-1');
const ec = testSigningKey('ES256', 'ec-1');
const ed = testSigningKey('EdDSA', 'ed-1');
const KEYS = [rsa, ec, ed];

const claims = (overrides: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  sub: 'person-42',
  aud: CLIENT,
  iat: nowSeconds - 5,
  exp: nowSeconds + 300,
  nonce: 'the-nonce',
  email: 'person@example.test',
  email_verified: true,
  name: 'Person Example',
  ...overrides,
});

function expectations(overrides: Partial<IdTokenExpectations> = {}): IdTokenExpectations {
  return {
    issuer: ISSUER,
    clientId: CLIENT,
    nonce: 'the-nonce',
    now: NOW,
    algorithms: ['RS256', 'ES256', 'EdDSA'],
    keysFor: async (alg, kid) =>
      keysFor(
        KEYS.map((key) => key.jwk),
        alg,
        kid,
      ),
    ...overrides,
  };
}

const verified = (token: string, overrides: Partial<IdTokenExpectations> = {}) => verifyIdToken(token, expectations(overrides));
const refusedWith = async (token: string, reason: RegExp, overrides: Partial<IdTokenExpectations> = {}) => {
  const failure = await verified(token, overrides).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(OauthRefusedError);
  expect((failure as Error).message).toMatch(reason);
};

describe('verifyIdToken (OpenID Connect Core §3.1.3.7)', () => {
  it.each([rsa, ec, ed])('accepts a token signed $alg with the published key, and answers who it names', async (key: TestSigningKey) => {
    await expect(verified(signTestToken(key, claims()))).resolves.toEqual({
      issuer: ISSUER,
      subject: 'person-42',
      email: 'person@example.test',
      emailVerified: true,
      name: 'Person Example',
    });
  });

  it('refuses a signature that does not match: a changed payload, or another key with the same kid', async () => {
    const token = signTestToken(rsa, claims());
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify(claims({ sub: 'someone-else' }))).toString('base64url');
    await refusedWith(`${header}.${otherPayload}.${signature}`, /signature does not match/);
    const impostor = { ...testSigningKey('RS256', 'rsa-1') };
    await refusedWith(signTestToken(impostor, claims()), /signature does not match/);
  });

  it('refuses alg none, HMAC, an algorithm the provider does not announce, and a key of the wrong type', async () => {
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.`;
    await refusedWith(unsigned, /compact JWS|not accepted/);
    await refusedWith(signTestToken(rsa, claims(), { alg: 'HS256' }), /HS256.*not accepted/);
    await refusedWith(signTestToken(ed, claims()), /EdDSA, which the provider does not announce/, { algorithms: ['RS256'] });
    // An RSA signature presented as ES256 with the RSA key's kid: no EC key of that kid exists.
    await refusedWith(signTestToken(rsa, claims(), { alg: 'ES256' }), /no key/);
  });

  it('refuses an unknown kid, and a token without kid when several keys could have signed it', async () => {
    await refusedWith(signTestToken(rsa, claims(), { kid: 'rotated-away' }), /no key .*kid rotated-away/);
    const twoRsaKeys = [rsa.jwk, testSigningKey('RS256', 'rsa-2').jwk];
    await refusedWith(signTestToken(rsa, claims(), { kid: undefined }), /no key/, {
      keysFor: async (alg, kid) => keysFor(twoRsaKeys, alg, kid),
    });
    // One key that fits: no kid needed.
    await expect(
      verified(signTestToken(rsa, claims(), { kid: undefined }), { keysFor: async (alg, kid) => keysFor([rsa.jwk], alg, kid) }),
    ).resolves.toMatchObject({ subject: 'person-42' });
  });

  it('refuses another issuer, another audience, and another authorized party', async () => {
    await refusedWith(signTestToken(rsa, claims({ iss: 'https://evil.example.test' })), /another issuer/);
    await refusedWith(signTestToken(rsa, claims({ aud: 'another-client' })), /not meant for this client/);
    await refusedWith(signTestToken(rsa, claims({ aud: [CLIENT, 'another-client'] })), /azp/);
    await refusedWith(signTestToken(rsa, claims({ azp: 'another-client' })), /azp/);
    await expect(verified(signTestToken(rsa, claims({ aud: [CLIENT, 'api'], azp: CLIENT })))).resolves.toMatchObject({
      subject: 'person-42',
    });
  });

  it('takes exp and iat within the clock leeway, and refuses beyond it', async () => {
    await expect(verified(signTestToken(rsa, claims({ exp: nowSeconds - CLOCK_SKEW_SECONDS + 1 })))).resolves.toBeDefined();
    await refusedWith(signTestToken(rsa, claims({ exp: nowSeconds - CLOCK_SKEW_SECONDS })), /expired/);
    await expect(verified(signTestToken(rsa, claims({ iat: nowSeconds + CLOCK_SKEW_SECONDS })))).resolves.toBeDefined();
    await refusedWith(signTestToken(rsa, claims({ iat: nowSeconds + CLOCK_SKEW_SECONDS + 1 })), /issue time/);
    await refusedWith(signTestToken(rsa, claims({ iat: nowSeconds - MAX_TOKEN_AGE_SECONDS - 1 })), /issue time/);
    await refusedWith(signTestToken(rsa, claims({ exp: undefined })), /expired/);
  });

  it('refuses a token of another sign-in (nonce), or one naming nobody', async () => {
    await refusedWith(signTestToken(rsa, claims({ nonce: 'another-nonce' })), /nonce/);
    await refusedWith(signTestToken(rsa, claims({ nonce: undefined })), /nonce/);
    await refusedWith(signTestToken(rsa, claims({ sub: '' })), /sub/);
    await refusedWith(signTestToken(rsa, claims({ sub: 'x'.repeat(256) })), /sub/);
  });

  it('reads email_verified strictly: true or "true" only; no email is null', async () => {
    await expect(verified(signTestToken(rsa, claims({ email_verified: 'true' })))).resolves.toMatchObject({ emailVerified: true });
    await expect(verified(signTestToken(rsa, claims({ email_verified: 1 })))).resolves.toMatchObject({ emailVerified: false });
    await expect(verified(signTestToken(rsa, claims({ email_verified: undefined })))).resolves.toMatchObject({ emailVerified: false });
    await expect(verified(signTestToken(rsa, claims({ email: undefined })))).resolves.toMatchObject({ email: null });
  });

  it('refuses critical header extensions it does not understand (RFC 7515 §4.1.11)', () => {
    expect(() => parseCompactJws(signTestToken(rsa, claims(), { crit: ['exp'] }))).toThrow(/critical/);
  });
});

describe('keysFor (choosing the key of a JWK Set)', () => {
  it('never takes an encryption key, a private key, or a key whose alg differs', () => {
    const enc = { ...rsa.jwk, use: 'enc' };
    const withPrivatePart = { ...testSigningKey('RS256', 'rsa-1').privateKey.export({ format: 'jwk' }), kid: 'rsa-1' };
    const otherAlg = { ...rsa.jwk, alg: 'RS512' };
    expect(keysFor([enc, withPrivatePart, otherAlg], 'RS256', 'rsa-1')).toEqual([]);
    expect(keysFor([enc, rsa.jwk], 'RS256', 'rsa-1')).toHaveLength(1);
  });
});
