import { defineModule } from '../../platform/server-module.ts';
import { registerAgreementRoutes } from './agreements.routes.ts';
import { registerAuthenticatorRoutes } from './authenticator.routes.ts';
import { registerClientLogRoutes } from './client-log.routes.ts';
import { createIdentityModule, type IdentityFace } from './identity.module.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import { registerOauthSignInRoutes } from './oauth-sign-in.routes.ts';
import { registerPasswordRoutes } from './password.routes.ts';
import { registerSignInSupportRoutes } from './sign-in-support.routes.ts';
import { registerTraceLogRoutes } from './trace-log.routes.ts';
import { registerUnlockRoutes } from './unlock.routes.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    identity: IdentityFace;
  }
}

/** Sign-up and sign-in, sessions, the second factors, the client log and the trace log; it provides the session guards. */
export const identityModule = defineModule(
  'identity',
  ({ app, db, clock, rateLimiter, serverSecret, config, providers, queue, jobs, callers, onReady, publicUrl, faces }) => {
    // Maintenance per mode and the UK rules: the availability module's, registered after this one.
    const availability = faces.later('availability');
    const identity = createIdentityModule(app, {
      db,
      clock,
      mail: providers.mail.provider,
      rateLimiter,
      serverSecret,
      publicUrl: config.PUBLIC_URL,
      accessRules: () => availability().accessRules,
    });
    callers.provideGuards(identity.callerGuards);
    const botCheck = providers['bot-check'].provider;
    registerIdentityRoutes(app, identity, botCheck);
    registerAuthenticatorRoutes(app, identity);
    registerPasswordRoutes(app, identity, botCheck);
    registerUnlockRoutes(app, { unlock: identity.unlock, rateLimiter, clock });
    registerSignInSupportRoutes(app, { identity, clock, botCheck });
    registerOauthSignInRoutes(app, { identity, provider: providers.oauth.provider, db, rateLimiter, clock, serverSecret, publicUrl });
    const clientLog = registerClientLogRoutes(app, { db, rateLimiter, guard: identity.guard, queue, worker: jobs, clock });
    onReady(() => clientLog.scheduleHousekeeping());
    const agreements = registerAgreementRoutes(app, { db, repository: identity.repository, rateLimiter, queue, worker: jobs, clock });
    onReady(() => agreements.scheduleHousekeeping());
    const traceLog = registerTraceLogRoutes(app, { db, rateLimiter, guard: identity.guard, queue, worker: jobs, clock });
    onReady(() => traceLog.scheduleHousekeeping());
    return identity.face;
  },
);
