import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { VendorOf } from '../provider-kinds.ts';
import { createOidcProvider, type TokenAuthMethod } from './oidc.ts';
import { type OauthProvider, OauthOffError } from './oauth-provider.ts';
import { createSandboxIdp, type SandboxIdp, sandboxIdpFetch } from './sandbox-idp.ts';
import { createSandboxIdpRepository } from './sandbox-idp.repository.ts';

export * from './oauth-provider.ts';
export { SANDBOX_OAUTH_CLIENT_ID, SANDBOX_OAUTH_PATH, type SandboxIdp, sandboxOauthClientSecret } from './sandbox-idp.ts';

/**
 * The sandbox provider's issuer when PUBLIC_URL is unset, as the sandbox vendor names it inside this
 * process: a name only (its calls never leave the process). The browser is sent to the relative address.
 */
export const SANDBOX_LOCAL_ORIGIN = 'http://localhost';

export interface OauthOptions {
  /** OAUTH_PROVIDER. */
  kind: VendorOf<'oauth'>;
  db: Database;
  clock: Clock;
  serverSecret: Buffer;
  /** PUBLIC_URL without its trailing slash, or ''. */
  publicUrl: string;
  displayName: string;
  scope: string;
  /** OAUTH_ISSUER_URL, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET (config.ts refused oidc without them), OAUTH_TOKEN_AUTH_METHOD. */
  oidc: { issuer: string; clientId: string; clientSecret: string; tokenAuthMethod?: TokenAuthMethod | undefined };
  fetchImpl?: typeof fetch;
}

/**
 * The identity provider the registry chose. The sandbox comes back twice: as the provider (the OpenID
 * Connect adapter, over the sandbox provider in this process) and as the provider itself, whose pages
 * the sandbox module serves under /sandbox/oauth.
 */
export function createOauth(options: OauthOptions): { provider: OauthProvider; sandbox: SandboxIdp | null } {
  if (options.kind === 'none') return { provider: oauthOff(options.displayName), sandbox: null };
  if (options.kind === 'oidc') {
    const provider = createOidcProvider({
      ...options.oidc,
      scope: options.scope,
      displayName: options.displayName,
      clock: options.clock,
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    });
    return { provider, sandbox: null };
  }
  const repository = createSandboxIdpRepository(options.db);
  const sandbox = createSandboxIdp({
    serverSecret: options.serverSecret,
    clock: options.clock,
    publicUrl: options.publicUrl,
    spendCode: (codeId, expiresAt) => repository.spendCode(codeId, expiresAt, options.clock.now()),
  });
  const issuer = sandbox.issuerFor(SANDBOX_LOCAL_ORIGIN);
  const adapter = createOidcProvider({
    issuer,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    scope: 'openid email profile',
    displayName: options.displayName,
    clock: options.clock,
    fetchImpl: sandboxIdpFetch(sandbox, issuer),
    kind: 'sandbox',
    anyHttp: true,
  });
  const provider: OauthProvider = {
    ...adapter,
    // Without PUBLIC_URL the sandbox's pages stay relative, on the origin the person uses (as every sandbox page).
    async authorizationUrl(request) {
      const url = new URL(await adapter.authorizationUrl(request));
      return options.publicUrl ? url.toString() : `${url.pathname}${url.search}`;
    },
  };
  return { provider, sandbox };
}

/** OAUTH_PROVIDER=none: the sign-in pages show no provider button; a call that comes anyway is refused. */
function oauthOff(displayName: string): OauthProvider {
  const off = async (): Promise<never> => {
    throw new OauthOffError();
  };
  return { kind: 'none', displayName, authorizationUrl: off, exchangeCode: off };
}
