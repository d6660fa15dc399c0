import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';
import { keysFor } from './jwks.ts';
import { type Jwk, SIGNING_ALGORITHMS } from './jws.ts';
import { discoveryUrlOf, readMetadata } from './oidc-discovery.ts';
import type { TokenAuthMethod } from './oidc.ts';

/**
 * The OpenID Connect provider's boot check, all read-only: its discovery document (OpenID Connect
 * Discovery §4, its issuer exactly OAUTH_ISSUER_URL, the code flow and S256), a key set with a key we
 * can check its ID tokens with, and our client's credentials, proven by a token request for a code
 * that does not exist: a provider authenticates the client first (RFC 6749 §3.2.1), so invalid_grant
 * means the id and secret were accepted and invalid_client that they were not (§5.2).
 */
export interface OidcBootCheckSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  tokenAuthMethod?: TokenAuthMethod | undefined;
  /** PUBLIC_URL: the redirect address the request names (its callback page). */
  publicUrl?: string | undefined;
}

const json = async (response: Response): Promise<Record<string, unknown> | undefined> => {
  const body: unknown = await response.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
};

export function oidcBootCheck(settings: OidcBootCheckSettings): BootCheck {
  const discoveryUrl = discoveryUrlOf(settings.issuer);
  return {
    vendor: 'OpenID Connect provider',
    target: `OAUTH_ISSUER_URL (${settings.issuer})`,
    async run(context) {
      const get = async (url: string, what: string) => {
        try {
          const response = await context.fetch(url, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(context.timeoutMs),
          });
          const body = await json(response);
          if (!response.ok || !body)
            throw new BootCheckFailure(`the identity provider answered HTTP ${response.status} for its ${what} at ${url}`);
          return body;
        } catch (error) {
          if (error instanceof BootCheckFailure) throw error;
          throw new BootCheckFailure(`the identity provider's ${what} could not be reached at ${url}: ${messageOf(error)}`);
        }
      };
      let metadata;
      try {
        metadata = readMetadata(await get(discoveryUrl, 'discovery document'), settings.issuer);
      } catch (error) {
        if (error instanceof BootCheckFailure) throw error;
        throw new BootCheckFailure(`${messageOf(error)}: check OAUTH_ISSUER_URL`);
      }
      const keySet = await get(metadata.jwksUri, 'key set');
      const keys = Array.isArray(keySet.keys) ? (keySet.keys as Jwk[]) : [];
      const usable = SIGNING_ALGORITHMS.filter((alg) => metadata.signingAlgorithms.includes(alg)).some((alg) =>
        keys.some((key) => keysFor([key], alg, key.kid).length > 0),
      );
      if (!usable)
        throw new BootCheckFailure(
          `the identity provider publishes no key to check its ID tokens with (it signs with ${metadata.signingAlgorithms.join(', ')}; RS256, ES256 and EdDSA are accepted)`,
        );

      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'causeway-boot-check-not-a-code',
        redirect_uri: `${(settings.publicUrl ?? '').replace(/\/+$/, '')}/en/oauth-callback`,
        code_verifier: 'causeway-boot-check-verifier-0000000000000000',
      });
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
      const basic =
        settings.tokenAuthMethod ??
        (metadata.tokenAuthMethods.includes('client_secret_basic') ? 'client_secret_basic' : 'client_secret_post');
      if (basic === 'client_secret_basic')
        headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString('base64')}`;
      else {
        form.set('client_id', settings.clientId);
        form.set('client_secret', settings.clientSecret);
      }
      let answer: Record<string, unknown> | undefined;
      let status: number;
      try {
        const response = await context.fetch(metadata.tokenEndpoint, {
          method: 'POST',
          headers,
          body: form.toString(),
          signal: AbortSignal.timeout(context.timeoutMs),
        });
        status = response.status;
        answer = await json(response);
      } catch (error) {
        throw new BootCheckFailure(
          `the identity provider's token endpoint could not be reached at ${metadata.tokenEndpoint}: ${messageOf(error)}`,
        );
      }
      const error = typeof answer?.error === 'string' ? answer.error : undefined;
      if (error === 'invalid_client' || error === 'unauthorized_client' || status === 401)
        throw new BootCheckFailure(
          `the identity provider refused our client (${error ?? `HTTP ${status}`}): check OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET`,
        );
      if (error === 'invalid_grant') return `discovery, key set and OAUTH_CLIENT_ID/OAUTH_CLIENT_SECRET accepted (${metadata.issuer})`;
      return `discovery and key set read (${metadata.issuer}); the client's credentials could not be proven (the token endpoint answered ${error ?? `HTTP ${status}`})`;
    },
  };
}
