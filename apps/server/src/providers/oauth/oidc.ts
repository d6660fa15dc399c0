// A generic OpenID Connect relying party, authorization code flow with PKCE:
// - OpenID Connect Core 1.0 §3.1 (https://openid.net/specs/openid-connect-core-1_0.html#CodeFlowAuth)
// - OpenID Connect Discovery 1.0 (https://openid.net/specs/openid-connect-discovery-1_0.html)
// - RFC 6749 §4.1 (the code grant), §2.3.1 (client_secret_basic / client_secret_post), §5.2 (error answers)
//   (https://www.rfc-editor.org/rfc/rfc6749)
// - RFC 7636 (PKCE, S256) (https://www.rfc-editor.org/rfc/rfc7636)
import type { Clock } from '../../platform/clock.ts';
import { verifyIdToken } from './id-token.ts';
import { createJwks } from './jwks.ts';
import { createDiscovery, type OidcMetadata } from './oidc-discovery.ts';
import { OIDC_CALL_TIMEOUT_MS, readJsonObject } from './oidc-http.ts';
import {
  type AuthorizationRequest,
  type CodeExchange,
  type OauthProvider,
  OauthProviderError,
  OauthRefusedError,
} from './oauth-provider.ts';

export type TokenAuthMethod = 'client_secret_basic' | 'client_secret_post';

export interface OidcOptions {
  /** OAUTH_ISSUER_URL: the issuer exactly as its ID tokens name it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated, with openid. */
  scope: string;
  displayName: string;
  /** Unset: client_secret_basic, unless the provider lists only client_secret_post. */
  tokenAuthMethod?: TokenAuthMethod | undefined;
  clock: Clock;
  fetchImpl?: typeof fetch;
  /** The sandbox vendor: this adapter over our own provider. */
  kind?: 'oidc' | 'sandbox';
  /** The sandbox's provider is reached inside this process, its addresses only names: plain http accepted. */
  anyHttp?: boolean;
}

/**
 * The error codes of RFC 6749 §5.2 that say the person's code was refused. The others (invalid_client,
 * unauthorized_client, unsupported_grant_type, invalid_scope, invalid_request) say our setup or request
 * is wrong: nothing the person can retry their way out of.
 */
const CODE_REFUSALS = new Set(['invalid_grant']);

export function createOidcProvider(options: OidcOptions): OauthProvider {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const now = () => options.clock.now();
  const discovery = createDiscovery({ issuer: options.issuer, fetchImpl, now, anyHttp: options.anyHttp });
  const jwks = createJwks({ fetchImpl, now });

  function authMethodFor(metadata: OidcMetadata): TokenAuthMethod {
    if (options.tokenAuthMethod) return options.tokenAuthMethod;
    const offered = metadata.tokenAuthMethods;
    return offered.includes('client_secret_basic') || !offered.includes('client_secret_post')
      ? 'client_secret_basic'
      : 'client_secret_post';
  }

  /** RFC 6749 §2.3.1: the id and secret form-urlencoded, then joined by a colon, in HTTP Basic. */
  const basicCredentials = () =>
    `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString('base64')}`;

  async function requestTokens(metadata: OidcMetadata, exchange: CodeExchange): Promise<Record<string, unknown>> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
    });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (authMethodFor(metadata) === 'client_secret_basic') headers.authorization = basicCredentials();
    else {
      form.set('client_id', options.clientId);
      form.set('client_secret', options.clientSecret);
    }
    let response: Response;
    try {
      response = await fetchImpl(metadata.tokenEndpoint, {
        method: 'POST',
        headers,
        body: form.toString(),
        signal: AbortSignal.timeout(OIDC_CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new OauthProviderError(`the identity provider's token endpoint (${metadata.tokenEndpoint}) did not answer`, { cause: error });
    }
    if (response.ok) return readJsonObject(response, 'token endpoint');
    // RFC 6749 §5.2: 400 (or 401 for a refused client) with {error, error_description}.
    const answer = await readJsonObject(response, 'token endpoint').catch(() => ({}) as Record<string, unknown>);
    const code = typeof answer.error === 'string' ? answer.error : `HTTP ${response.status}`;
    if (CODE_REFUSALS.has(code)) throw new OauthRefusedError(`the identity provider refused the code (${code})`);
    throw new OauthProviderError(
      `the identity provider's token endpoint refused our request (${code}): check OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET and the redirect address registered there`,
    );
  }

  return {
    kind: options.kind ?? 'oidc',
    displayName: options.displayName,

    async authorizationUrl(request: AuthorizationRequest): Promise<string> {
      const metadata = await discovery.metadata();
      const url = new URL(metadata.authorizationEndpoint);
      const parameters = {
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        scope: options.scope,
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      };
      // The endpoint may carry its own query (Core §3.1.2.1 allows it): ours is added to it.
      for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
      return url.toString();
    },

    async exchangeCode(exchange: CodeExchange) {
      const metadata = await discovery.metadata();
      const tokens = await requestTokens(metadata, exchange);
      if (typeof tokens.id_token !== 'string')
        throw new OauthProviderError('the identity provider answered no id_token: is openid among OAUTH_SCOPE?');
      if (typeof tokens.token_type !== 'string' || tokens.token_type.toLowerCase() !== 'bearer')
        throw new OauthProviderError(`the identity provider answered a token of type ${JSON.stringify(tokens.token_type)}, not Bearer`);
      return verifyIdToken(tokens.id_token, {
        issuer: metadata.issuer,
        clientId: options.clientId,
        nonce: exchange.nonce,
        now: now(),
        algorithms: metadata.signingAlgorithms,
        keysFor: (alg, kid) => jwks.keysFor(metadata.jwksUri, alg, kid),
      });
    },
  };
}
