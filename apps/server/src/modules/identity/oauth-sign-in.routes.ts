import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { OauthProvider } from '../../providers/oauth/index.ts';
import { registerCall } from '../../platform/calls.ts';
import type { IdentityModule } from './identity.module.ts';
import { createOauthIdentitiesRepository } from './oauth-identities.repository.ts';
import { createOauthSignIn } from './oauth-sign-in.service.ts';

/**
 * The calls of sign-in with the identity provider (docs/rules/calls.md "OAuth sign-in"): the button's
 * config, the provider's sign-in address for a ticket, and login-with-binance. The ticket itself is
 * get-timeout-ticket's (sign-in-support.routes.ts).
 */
export function registerOauthSignInRoutes(
  app: FastifyInstance,
  deps: {
    identity: IdentityModule;
    provider: OauthProvider;
    db: Database;
    rateLimiter: RateLimiter;
    clock: Clock;
    serverSecret: Buffer;
    publicUrl: string;
  },
): void {
  const { identity } = deps;
  const oauth = createOauthSignIn({
    provider: deps.provider,
    tickets: identity.oauthTickets,
    pkceKey: deriveKey(deps.serverSecret, 'oauth-pkce'),
    nonceKey: deriveKey(deps.serverSecret, 'oauth-nonce'),
    repository: identity.repository,
    identities: createOauthIdentitiesRepository(deps.db),
    login: identity.login,
    lock: identity.lock,
    rateLimiter: deps.rateLimiter,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    warn: (message) => app.log.warn(message),
  });

  registerCall(app, CALLS.oauthConfig, async () => ok(oauth.config()));

  registerCall(app, CALLS.oauthAuthorizeUrl, async (request) =>
    ok({ url: await oauth.authorizationUrl(request.body, identity.requesterOf(request)) }),
  );

  registerCall(app, CALLS.oauthLoginWithBinance, async (request) => ok(await oauth.signIn(request.body, identity.requesterOf(request))));
}
