// OpenID Connect Discovery 1.0 (https://openid.net/specs/openid-connect-discovery-1_0.html):
// §4 the document is the issuer, less a trailing slash, plus /.well-known/openid-configuration;
// §3 its fields; §4.3 its issuer must be exactly the issuer it was fetched for.
import { getJsonObject, isAcceptableEndpoint } from './oidc-http.ts';
import { OauthProviderError } from './oauth-provider.ts';

/** What this client needs of a provider's metadata. */
export interface OidcMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  /** token_endpoint_auth_methods_supported; absent means client_secret_basic (Discovery §3). */
  tokenAuthMethods: readonly string[];
  /** id_token_signing_alg_values_supported. */
  signingAlgorithms: readonly string[];
}

/** How long a fetched document is used before it is fetched again. A failure is never kept: the next sign-in tries again. */
export const DISCOVERY_CACHE_MS = 60 * 60 * 1000;

export const discoveryUrlOf = (issuer: string): string => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

const stringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/** Reads and checks a discovery document fetched for `issuer`; OauthProviderError names what is wrong. */
export function readMetadata(document: Record<string, unknown>, issuer: string, anyHttp = false): OidcMetadata {
  const fail = (what: string) => new OauthProviderError(`the identity provider's discovery document ${what}`);
  if (document.issuer !== issuer) throw fail(`names the issuer ${JSON.stringify(document.issuer)}, not ${issuer} (OAUTH_ISSUER_URL)`);
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const)
    if (!isAcceptableEndpoint(document[field], issuer, anyHttp)) throw fail(`has no https ${field}`);
  const responseTypes = stringList(document.response_types_supported);
  if (responseTypes && !responseTypes.includes('code')) throw fail('does not offer the authorization code flow');
  // Absent, PKCE may still be supported (many providers do not list it); listed without S256, it is not.
  const pkceMethods = stringList(document.code_challenge_methods_supported);
  if (pkceMethods && !pkceMethods.includes('S256')) throw fail('does not offer PKCE with S256');
  return {
    issuer,
    authorizationEndpoint: document.authorization_endpoint as string,
    tokenEndpoint: document.token_endpoint as string,
    jwksUri: document.jwks_uri as string,
    tokenAuthMethods: stringList(document.token_endpoint_auth_methods_supported) ?? ['client_secret_basic'],
    signingAlgorithms: stringList(document.id_token_signing_alg_values_supported) ?? ['RS256'],
  };
}

/** The provider's metadata, fetched on first use and kept DISCOVERY_CACHE_MS; concurrent first uses share one fetch. */
export function createDiscovery(options: { issuer: string; fetchImpl: typeof fetch; now: () => Date; anyHttp?: boolean }) {
  let cached: { metadata: OidcMetadata; fetchedAt: number } | undefined;
  let pending: Promise<OidcMetadata> | undefined;
  return {
    async metadata(): Promise<OidcMetadata> {
      const now = options.now().getTime();
      if (cached && now - cached.fetchedAt < DISCOVERY_CACHE_MS) return cached.metadata;
      pending ??= getJsonObject(options.fetchImpl, discoveryUrlOf(options.issuer), 'discovery document')
        .then((document) => {
          const metadata = readMetadata(document, options.issuer, options.anyHttp);
          cached = { metadata, fetchedAt: options.now().getTime() };
          return metadata;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}
