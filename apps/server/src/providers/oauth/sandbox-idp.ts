// The sandbox identity provider: an OpenID Connect provider of our own, for OAUTH_PROVIDER=sandbox
// (docs/sandbox.md "Sign-in with an identity provider"). It behaves as the specs ask of a real one:
// - authorization endpoint: RFC 6749 §4.1.1, §4.1.2 and §4.1.2.1 (an unknown client or redirect address is
//   shown, never redirected to; other errors go back to the client) (https://www.rfc-editor.org/rfc/rfc6749)
// - codes: single use, 60 s, bound to the client, the redirect_uri and the PKCE challenge (RFC 6749 §4.1.3,
//   §10.5; RFC 7636 §4.6) (https://www.rfc-editor.org/rfc/rfc7636); PKCE with S256 is required of every client
// - token endpoint: client_secret_basic or client_secret_post (§2.3.1), errors per §5.2, no-store answers (§5.1)
// - ID tokens: OpenID Connect Core §2, signed EdDSA (Ed25519, RFC 8037) with a key derived from the server secret
// - discovery and JWKS: OpenID Connect Discovery §3, §4; the issuer in RFC 9207's `iss` on every answer to the client.
import { createHash, createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isOauthCallbackPath } from '@causeway/contracts';
import type { Clock } from '../../platform/clock.ts';
import { constantTimeEqual, decrypt, deriveKey, encrypt, hmacHex } from '../../platform/crypto.ts';

/** The one client registered at the sandbox provider: this server. */
export const SANDBOX_OAUTH_CLIENT_ID = 'causeway-sandbox';
/** Where the sandbox provider lives on this server. */
export const SANDBOX_OAUTH_PATH = '/sandbox/oauth';
/** How long a code may wait for its exchange (RFC 6749 §4.1.2 recommends at most 10 minutes; real providers use about a minute). */
export const SANDBOX_OAUTH_CODE_TTL_MS = 60_000;
export const SANDBOX_ID_TOKEN_TTL_SECONDS = 10 * 60;
const SANDBOX_SCOPES = ['openid', 'email', 'profile'];

/** The sandbox client's secret: derived from the server secret, so every process of an install agrees and nobody else knows it. */
export const sandboxOauthClientSecret = (serverSecret: Buffer): string =>
  deriveKey(serverSecret, 'sandbox-oauth-client').toString('base64url');

/** Who the person said they are on the sandbox's sign-in page. */
export interface SandboxPerson {
  email: string;
  emailVerified: boolean;
  name?: string | undefined;
}

/** An authorization request that passed every check: what the consent page shows and posts back. */
export interface SandboxAuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string;
}

/** What an authorization request leads to: the page, an error shown (never sent to an unchecked address), or an error sent back. */
export type AuthorizeCheck =
  { kind: 'valid'; request: SandboxAuthorizeRequest } | { kind: 'show'; message: string } | { kind: 'redirect'; location: string };

/** A token endpoint answer (RFC 6749 §5.1, §5.2). */
export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

interface CodeClaims {
  id: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  scope: string;
  person: SandboxPerson;
  issuedAt: number;
  expiresAt: number;
}

export interface SandboxIdpDeps {
  serverSecret: Buffer;
  clock: Clock;
  /** PUBLIC_URL without its trailing slash, or '': then the provider's issuer is the address it was reached at. */
  publicUrl: string;
  /** Records a code as exchanged; false when it already was. */
  spendCode: (codeId: string, expiresAt: Date) => Promise<boolean>;
}

/** Ed25519's PKCS #8 prefix (RFC 8410 §7): the private key is these bytes and the 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
/** RFC 6749 Appendix B: form-urlencoded, with + for a space. */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

export function createSandboxIdp(deps: SandboxIdpDeps) {
  const clientSecret = sandboxOauthClientSecret(deps.serverSecret);
  const codeKey = deriveKey(deps.serverSecret, 'sandbox-oauth-code');
  const subjectKey = deriveKey(deps.serverSecret, 'sandbox-oauth-subject');
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, deriveKey(deps.serverSecret, 'sandbox-oauth-signing')]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicJwk = createPublicKey(privateKey).export({ format: 'jwk' });
  // RFC 7638: the key's thumbprint, its required members in lexical order.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: publicJwk.crv, kty: publicJwk.kty, x: publicJwk.x }))
    .digest('base64url');

  // An origin as URL writes it (no default port), so the issuer and the registered addresses compare as the client's do.
  const issuerFor = (requestOrigin: string) => `${deps.publicUrl || new URL(requestOrigin).origin}${SANDBOX_OAUTH_PATH}`;
  /** Registered redirect addresses: this server's oauth-callback page, at PUBLIC_URL (or, without it, the address the provider was reached at). */
  function isRegisteredRedirect(value: string, requestOrigin: string): boolean {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    const origin = new URL(deps.publicUrl || requestOrigin).origin;
    return url.origin === origin && url.hash === '' && url.search === '' && isOauthCallbackPath(url.pathname);
  }

  function back(redirectUri: string, fields: Record<string, string | undefined>): string {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) url.searchParams.set(name, value);
    return url.toString();
  }

  function mintIdToken(claims: CodeClaims, issuer: string, now: Date): string {
    const seconds = Math.floor(now.getTime() / 1000);
    const header = base64urlJson({ alg: 'EdDSA', typ: 'JWT', kid });
    const payload = base64urlJson({
      iss: issuer,
      sub: `sbx-${hmacHex(subjectKey, claims.person.email.trim().toLowerCase()).slice(0, 32)}`,
      aud: claims.clientId,
      iat: seconds,
      exp: seconds + SANDBOX_ID_TOKEN_TTL_SECONDS,
      auth_time: Math.floor(claims.issuedAt / 1000),
      ...(claims.nonce !== null ? { nonce: claims.nonce } : {}),
      email: claims.person.email,
      email_verified: claims.person.emailVerified,
      ...(claims.person.name ? { name: claims.person.name } : {}),
    });
    const signature = sign(null, Buffer.from(`${header}.${payload}`, 'ascii'), privateKey as KeyObject).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  const tokenError = (status: number, error: string, description: string, headers: Record<string, string> = {}): TokenAnswer => ({
    status,
    body: { error, error_description: description },
    headers: { 'cache-control': 'no-store', pragma: 'no-cache', ...headers },
  });

  /** The client a token request authenticates as (RFC 6749 §2.3.1), or its error: exactly one method, the right secret. */
  function authenticateClient(form: Record<string, string>, authorization: string | undefined): { clientId: string } | TokenAnswer {
    const basic = authorization?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
    const viaPost = form.client_id !== undefined || form.client_secret !== undefined;
    if (authorization && viaPost) return tokenError(400, 'invalid_request', 'use one client authentication method, not two');
    let id: string | undefined;
    let secret: string | undefined;
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      try {
        id = colon < 0 ? undefined : formDecode(decoded.slice(0, colon));
        secret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
      } catch {
        id = undefined;
      }
    } else if (!authorization) {
      id = form.client_id;
      secret = form.client_secret;
    }
    const challenge = authorization ? { 'www-authenticate': 'Basic realm="sandbox-oauth"' } : undefined;
    if (id !== SANDBOX_OAUTH_CLIENT_ID || secret === undefined || !constantTimeEqual(secret, clientSecret))
      return tokenError(401, 'invalid_client', 'client authentication failed', challenge);
    return { clientId: id };
  }

  function readCode(code: string): CodeClaims | undefined {
    try {
      return JSON.parse(decrypt(codeKey, code)) as CodeClaims;
    } catch {
      return undefined;
    }
  }

  return {
    clientId: SANDBOX_OAUTH_CLIENT_ID,
    clientSecret,
    issuerFor,

    /** The discovery document (OpenID Connect Discovery §3) of the issuer at `issuer`. */
    discovery(issuer: string): Record<string, unknown> {
      return {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['EdDSA'],
        scopes_supported: SANDBOX_SCOPES,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'email', 'email_verified', 'name'],
        authorization_response_iss_parameter_supported: true,
      };
    },

    /** The signing key, public part (RFC 7517 §5). */
    jwks(): Record<string, unknown> {
      return { keys: [{ ...publicJwk, kid, use: 'sig', alg: 'EdDSA' }] };
    },

    /** Checks an authorization request's parameters (from the query, or the consent form's hidden fields). */
    checkAuthorizeRequest(parameters: Record<string, string | undefined>, requestOrigin: string): AuthorizeCheck {
      const { client_id: clientId, redirect_uri: redirectUri } = parameters;
      if (clientId !== SANDBOX_OAUTH_CLIENT_ID)
        return { kind: 'show', message: `The client ${JSON.stringify(clientId ?? '')} is not registered at the sandbox provider.` };
      if (!redirectUri || !isRegisteredRedirect(redirectUri, requestOrigin))
        return {
          kind: 'show',
          message: "The redirect address is not one registered for this client: this server's /<language>/oauth-callback page.",
        };
      const issuer = issuerFor(requestOrigin);
      const fail = (error: string, description: string) => ({
        kind: 'redirect' as const,
        location: back(redirectUri, { error, error_description: description, state: parameters.state, iss: issuer }),
      });
      if (parameters.response_type !== 'code') return fail('unsupported_response_type', 'only the authorization code flow is offered');
      const scopes = (parameters.scope ?? '').split(' ');
      if (!scopes.includes('openid')) return fail('invalid_scope', 'the openid scope is required');
      if (scopes.some((scope) => !SANDBOX_SCOPES.includes(scope)))
        return fail('invalid_scope', 'only openid, email and profile are offered');
      if (parameters.code_challenge_method !== 'S256' || !CODE_CHALLENGE.test(parameters.code_challenge ?? ''))
        return fail('invalid_request', 'PKCE with code_challenge_method S256 is required');
      if ((parameters.state?.length ?? 0) > 2048 || (parameters.nonce?.length ?? 0) > 255)
        return fail('invalid_request', 'state or nonce is too long');
      return {
        kind: 'valid',
        request: {
          clientId,
          redirectUri,
          scope: parameters.scope ?? 'openid',
          state: parameters.state,
          nonce: parameters.nonce,
          codeChallenge: parameters.code_challenge ?? '',
        },
      };
    },

    /** The person consented: a single-use code, valid 60 s, back to the client (RFC 6749 §4.1.2). */
    approve(request: SandboxAuthorizeRequest, person: SandboxPerson, requestOrigin: string): string {
      const issuedAt = deps.clock.now().getTime();
      const claims: CodeClaims = {
        id: randomBytes(12).toString('base64url'),
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        nonce: request.nonce ?? null,
        scope: request.scope,
        person: { email: person.email, emailVerified: person.emailVerified, ...(person.name ? { name: person.name } : {}) },
        issuedAt,
        expiresAt: issuedAt + SANDBOX_OAUTH_CODE_TTL_MS,
      };
      // Encrypted, not only signed: the code is opaque to whoever sees the address it travels in.
      return back(request.redirectUri, {
        code: encrypt(codeKey, JSON.stringify(claims)),
        state: request.state,
        iss: issuerFor(requestOrigin),
      });
    },

    /** The person cancelled (RFC 6749 §4.1.2.1 access_denied). */
    deny(request: SandboxAuthorizeRequest, requestOrigin: string): string {
      return back(request.redirectUri, {
        error: 'access_denied',
        error_description: 'the person cancelled',
        state: request.state,
        iss: issuerFor(requestOrigin),
      });
    },

    /** The token endpoint (RFC 6749 §4.1.3, §5), for the issuer at `issuer`. */
    async token(form: Record<string, string>, authorization: string | undefined, issuer: string): Promise<TokenAnswer> {
      const client = authenticateClient(form, authorization);
      if ('status' in client) return client;
      if (!form.grant_type) return tokenError(400, 'invalid_request', 'grant_type is missing');
      if (form.grant_type !== 'authorization_code') return tokenError(400, 'unsupported_grant_type', 'only authorization_code is offered');
      if (!form.code) return tokenError(400, 'invalid_request', 'code is missing');
      const now = deps.clock.now();
      const claims = readCode(form.code);
      if (!claims || claims.expiresAt <= now.getTime()) return tokenError(400, 'invalid_grant', 'the code is invalid or expired');
      if (claims.clientId !== client.clientId) return tokenError(400, 'invalid_grant', 'the code was issued to another client');
      // Spent at its first presentation by its client, whatever follows: a code is never tried twice (RFC 6749 §10.5).
      if (!(await deps.spendCode(claims.id, new Date(claims.expiresAt))))
        return tokenError(400, 'invalid_grant', 'the code was already used');
      if (form.redirect_uri !== claims.redirectUri)
        return tokenError(400, 'invalid_grant', 'redirect_uri differs from the authorization request');
      if (!form.code_verifier || !CODE_VERIFIER.test(form.code_verifier))
        return tokenError(400, 'invalid_grant', 'code_verifier is missing or malformed');
      if (!constantTimeEqual(s256(form.code_verifier), claims.codeChallenge))
        return tokenError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      return {
        status: 200,
        body: {
          access_token: randomBytes(32).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 3600,
          scope: claims.scope,
          id_token: mintIdToken(claims, issuer, now),
        },
        headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
      };
    },
  };
}

export type SandboxIdp = ReturnType<typeof createSandboxIdp>;

/**
 * The sandbox provider reached inside this process: a fetch that answers its discovery document, keys
 * and token endpoint from the provider itself. The OpenID Connect adapter runs unchanged over it, and
 * `npm start` makes no call out, nor any to its own port (which it may not know).
 */
export function sandboxIdpFetch(idp: SandboxIdp, issuer: string): typeof fetch {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const at = `${url.origin}${url.pathname}`;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && at === `${issuer}/.well-known/openid-configuration`) return json(200, idp.discovery(issuer));
    if (method === 'GET' && at === `${issuer}/jwks`) return json(200, idp.jwks());
    if (method === 'POST' && at === `${issuer}/token`) {
      const form = Object.fromEntries(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
      const answer = await idp.token(form, new Headers(init?.headers).get('authorization') ?? undefined, issuer);
      return json(answer.status, answer.body, answer.headers);
    }
    return json(404, { error: 'not_found' });
  };
}
