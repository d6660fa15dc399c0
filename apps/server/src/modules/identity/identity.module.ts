import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import { createAuthGuard } from './auth-guard.ts';
import { createAuthenticatorService } from './authenticator.service.ts';
import { createEmailCodeService } from './email-code.service.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { createLoginService } from './login.service.ts';
import { createPasswordService } from './password.service.ts';
import { createOauthTickets } from './process-token.ts';
import { requesterOf } from './requester.ts';
import { createSessionService } from './session.service.ts';
import { createSignInLock } from './sign-in-lock.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import { createUnlockService } from './unlock.service.ts';

/** Wires the identity services once; other modules take `guard` to protect their routes. */
export function createIdentityModule(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; mail: MailProvider; rateLimiter: RateLimiter; serverSecret: Buffer; publicUrl?: string | undefined },
) {
  const { clock, serverSecret } = deps;
  const repository = createIdentityRepository(deps.db);
  const sessions = createSessionService(repository, clock);
  const emailCodes = createEmailCodeService({
    repository,
    mail: deps.mail,
    rateLimiter: deps.rateLimiter,
    clock,
    codeKey: deriveKey(serverSecret, 'email-code'),
  });
  const authenticator = createAuthenticatorService({ repository, clock, encryptionKey: deriveKey(serverSecret, 'totp-secret') });
  const unlock = createUnlockService({ repository, mail: deps.mail, rateLimiter: deps.rateLimiter, clock, publicUrl: deps.publicUrl });
  const lock = createSignInLock({
    repository,
    rateLimiter: deps.rateLimiter,
    clock,
    onFirstFactorLocked: (user, requester) => unlock.mailLink(user, requester),
  });
  const login = createLoginService({
    repository,
    sessions,
    emailCodes,
    authenticator,
    lock,
    clock,
    processTokenKey: deriveKey(serverSecret, 'process-token'),
  });
  const passwords = createPasswordService({ repository, emailCodes, authenticator, sessions, lock, clock });
  const twoFactor = createTwoFactorService({
    repository,
    authenticator,
    emailCodes,
    sessions,
    lock,
    recordAgreement: (agreement) => repository.recordAgreement(agreement),
    clock,
    otpProofKey: deriveKey(serverSecret, 'otp-proof'),
  });
  const guard = createAuthGuard(app, sessions);
  const oauthTickets = createOauthTickets(deriveKey(serverSecret, 'oauth-ticket'));
  return {
    repository,
    sessions,
    emailCodes,
    authenticator,
    login,
    passwords,
    twoFactor,
    oauthTickets,
    guard,
    /** The guards of the session caller kinds, for platform/calls.ts to put in front of their routes. */
    callerGuards: { individual: guard.requireSession, business: guard.requireBusinessSession },
    unlock,
    /** The client address, language and origin of a request, for counted credential checks. */
    requesterOf,
  };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
