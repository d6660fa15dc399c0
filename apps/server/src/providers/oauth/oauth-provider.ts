import type { VendorOf } from '../provider-kinds.ts';

/**
 * Signing in with an outside identity provider: OpenID Connect's authorization code flow with PKCE
 * (docs/decisions/013-oauth-sign-in.md). The identity module makes the state, the nonce and the PKCE
 * pair; the provider turns them into the provider's sign-in address, and a code that came back into a
 * verified identity.
 */
export interface OauthProvider {
  /** OAUTH_PROVIDER: `sandbox` (our own provider under /sandbox/oauth), `oidc`, or `none` (no button). */
  readonly kind: VendorOf<'oauth'>;
  /** The provider's name on the sign-in pages' button (OAUTH_DISPLAY_NAME). */
  readonly displayName: string;
  /** Where the browser goes to sign in at the provider (the authorization endpoint, with the request's parameters). */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /**
   * Exchanges the code the provider sent back for its ID token and verifies that token: the signature
   * with the provider's published keys, the issuer, the audience (our client), its times and the nonce.
   * Rejects with OauthRefusedError when the code or the token is refused, OauthProviderError when the
   * provider cannot be reached or answers out of the protocol.
   */
  exchangeCode(exchange: CodeExchange): Promise<VerifiedIdentity>;
}

export interface AuthorizationRequest {
  /** Comes back unchanged with the code: our timeout ticket. */
  state: string;
  /** Must come back inside the ID token (OpenID Connect Core §3.1.2.1): binds the token to this sign-in. */
  nonce: string;
  /** BASE64URL(SHA-256(code_verifier)) (RFC 7636 §4.2, method S256). */
  codeChallenge: string;
  /** Our oauth-callback page, where the provider sends the person back. */
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  /** The PKCE verifier whose challenge went with the authorization request. */
  codeVerifier: string;
  /** The same redirect_uri as the authorization request (RFC 6749 §4.1.3). */
  redirectUri: string;
  /** The nonce of the authorization request, which the ID token must carry. */
  nonce: string;
}

/** Who the provider says signed in, once its ID token passed every check. */
export interface VerifiedIdentity {
  /** The provider's issuer identifier (the ID token's `iss`): with `subject`, the link to an account. */
  issuer: string;
  /** The person's identifier at the provider (`sub`): stable, never reassigned. */
  subject: string;
  /** The email the provider shares, or null when it shares none. */
  email: string | null;
  /** Whether the provider says it verified that email (`email_verified`). */
  emailVerified: boolean;
  name?: string;
}

/** The code or the ID token was refused: a wrong, used or expired code, or a token that failed a check. The person's doing, counted. */
export class OauthRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OauthRefusedError';
  }
}

/** The provider could not be reached, answered out of the protocol, or refused our client (a setup to fix): nobody's guess, not counted. */
export class OauthProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OauthProviderError';
  }
}

/** OAUTH_PROVIDER=none: no provider is offered. */
export class OauthOffError extends Error {
  constructor() {
    super('Sign-in with an identity provider is not offered on this install (OAUTH_PROVIDER=none)');
    this.name = 'OauthOffError';
  }
}
