import { CALLS, currentProtocolMap, ok, requiredAgreements } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { requireHuman } from '../bot-check/index.ts';
import { randomBytes } from 'node:crypto';
import { PROCESS_TOKEN_TTL_MS } from './process-token.ts';
import { suspendedUntil } from './session.service.ts';
import type { IdentityModule } from './identity.module.ts';
import { normalizeEmail } from './identity.repository.ts';
import { registerCall } from '../../platform/calls.ts';
import { authContextOf } from './auth-guard.ts';

/**
 * The sign-in page's helper calls of docs/rules/calls.md: agreement versions by entity and the by-email
 * account check (the client's diagnostic log: client-log.routes.ts; the IP checks, get-check-ip-result and
 * in-register: the availability module's, which owns the country rules).
 */
export function registerSignInSupportRoutes(
  app: FastifyInstance,
  deps: { identity: IdentityModule; clock: Clock; botCheck: BotCheckProvider },
): void {
  registerCall(app, CALLS.accountCheckByEmail, async (request) => ok(await deps.identity.login.accountCheck(request.body.email)), {
    // The same answer as account-check, so the same bot check: else it would be the way around it.
    preHandler: requireHuman(deps.botCheck, 'account_check'),
  });

  registerCall(app, CALLS.verifyLoginEmail, async (request) => {
    const { user } = authContextOf(request);
    return ok({ match: normalizeEmail(request.body.email) === user.emailNormalized, email: user.email });
  });

  registerCall(app, CALLS.accountStatusCheck, async (request) => {
    const { user } = authContextOf(request);
    return ok({
      email: user.email,
      userType: user.userType as 'Individual' | 'Corporate',
      accountStatus: user.accountStatus as 'Initial' | 'Active' | 'Blocked' | 'Terminated',
      accountStatusReasonCode: user.accountStatusReasonCode,
      entityTag: user.entityTag as 'PL' | 'LI',
      sensitiveActionsSuspendedUntil: suspendedUntil(user, deps.clock.now())?.toISOString() ?? null,
    });
  });

  registerCall(app, CALLS.verificationVerifyCode, async (request) =>
    ok(await deps.identity.twoFactor.verifyEmailCode(authContextOf(request).user, request.body, deps.identity.requesterOf(request))),
  );

  registerCall(app, CALLS.statementQuery, async (request) => {
    const entity = request.query.entity ?? request.headers.entity ?? 'LI';
    return ok({ protocolMap: currentProtocolMap(requiredAgreements(entity, request.query.isRoma === 'true')) });
  });

  registerCall(app, CALLS.oauthTimeoutTicket, async () => {
    const ticket = deps.identity.oauthTickets.sign({
      nonce: randomBytes(16).toString('base64url'),
      expiresAt: deps.clock.now().getTime() + PROCESS_TOKEN_TTL_MS,
    });
    return ok({ ticket, expireSeconds: PROCESS_TOKEN_TTL_MS / 1000 });
  });
}
