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
import { createSessionService } from './session.service.ts';
import { createSignInLock } from './sign-in-lock.ts';
import { createTwoFactorService } from './two-factor.service.ts';

/** Wires the identity services once; other modules take `guard` to protect their routes. */
export function createIdentityModule(app: FastifyInstance, deps: { db: Database; clock: Clock; mail: MailProvider; rateLimiter: RateLimiter; serverSecret: Buffer }) {
  const { clock, serverSecret } = deps;
  const repository = createIdentityRepository(deps.db);
  const sessions = createSessionService(repository, clock);
  const emailCodes = createEmailCodeService({ repository, mail: deps.mail, rateLimiter: deps.rateLimiter, clock, codeKey: deriveKey(serverSecret, 'email-code') });
  const authenticator = createAuthenticatorService({ repository, clock, encryptionKey: deriveKey(serverSecret, 'totp-secret') });
  const lock = createSignInLock(repository, clock);
  const login = createLoginService({ repository, sessions, emailCodes, authenticator, lock, clock, processTokenKey: deriveKey(serverSecret, 'process-token') });
  const passwords = createPasswordService({ repository, emailCodes, authenticator, sessions, lock, clock });
  const twoFactor = createTwoFactorService({
    authenticator,
    emailCodes,
    sessions,
    recordAgreement: (agreement) => repository.recordAgreement(agreement),
    clock,
    otpProofKey: deriveKey(serverSecret, 'otp-proof'),
  });
  const guard = createAuthGuard(app, sessions);
  const oauthTickets = createOauthTickets(deriveKey(serverSecret, 'oauth-ticket'));
  return { repository, sessions, emailCodes, authenticator, login, passwords, twoFactor, oauthTickets, guard };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
