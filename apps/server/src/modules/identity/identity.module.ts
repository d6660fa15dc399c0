import { ErrorCode, type LoginMode, type LoginResult, type TokenVo } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import type { AccessRulesOf } from './access-rules.ts';
import { createAuthGuard } from './auth-guard.ts';
import { createAuthenticatorService } from './authenticator.service.ts';
import { createEmailCodeService, type EmailCodeService } from './email-code.service.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { createLoginService, type EmailCodeInput } from './login.service.ts';
import { createPeople, type People, principalOf } from './people.ts';
import type { Principal } from './principal.ts';
import { createPasswordService } from './password.service.ts';
import { createOauthTickets } from './process-token.ts';
import { requesterOf, type Requester } from './requester.ts';
import { createSessionService, type SignedIn } from './session.service.ts';
import { createSignInLock } from './sign-in-lock.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import { createUnlockService } from './unlock.service.ts';

/** Wires the identity services once; other modules take `guard` to protect their routes. */
export function createIdentityModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    mail: MailProvider;
    rateLimiter: RateLimiter;
    serverSecret: Buffer;
    publicUrl?: string | undefined;
    /** Maintenance per mode and the UK rules, from the module registered after this one (docs/rules/uk-and-countries.md). */
    accessRules?: AccessRulesOf;
  },
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
    accessRules: deps.accessRules,
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
  const guard = createAuthGuard(app, sessions, deps.accessRules);
  const oauthTickets = createOauthTickets(deriveKey(serverSecret, 'oauth-ticket'));
  const face: IdentityFace = {
    people: createPeople(repository),
    requesterOf,
    refreshSession: (signedIn) => sessions.refresh(signedIn),
    emailCodes,
    signIn: {
      async accountForEmailCode(input) {
        const { user, created } = await login.accountForEmailCode(input);
        return { user: principalOf(user), created };
      },
      async complete(user, mode, stayLoggedIn, options) {
        // Read again: the sign-in's answer says whether the account has a password, which a Principal does not carry.
        const row = await repository.findUserById(user.id);
        if (!row) throw new AppError(ErrorCode.SessionRequired, 'The account is gone');
        return login.completeSignIn(row, mode, stayLoggedIn, options);
      },
    },
    signedInOf: (request) => guard.optionalSession(request),
    authenticatorStatus: (userId) => authenticator.status(userId),
    verifyAuthenticatorCode: (user, code, requester) => twoFactor.verifyAuthenticatorCode(user, code, requester),
  };
  return {
    face,
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
    /** The sign-in lock (five wrong codes or passwords): every way in checks it, the identity provider's too. */
    lock,
    /** The client address, language and origin of a request, for counted credential checks. */
    requesterOf,
  };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;

/**
 * What other modules may use of identity (its face, modules/identity/index.ts): services over plain
 * data. No repository and no row: a person is a Principal, a signed-in request a SignedIn.
 */
export interface IdentityFace {
  people: People;
  /** The client address, language and origin of a request, for counted credential checks. */
  requesterOf: (request: FastifyRequest) => Requester;
  /** Rotates a signed-in request's session: the entity switch hands out a new token. */
  refreshSession: (signedIn: SignedIn) => Promise<TokenVo>;
  /** The email codes of a sign-in that starts elsewhere (the merchant's entry). */
  emailCodes: Pick<EmailCodeService, 'send' | 'ensureSent'>;
  /** A sign-in that starts elsewhere (the merchant's entry) ends as ours does. */
  signIn: {
    /** Consumes the email code and answers the account it proves, created when the email is new. */
    accountForEmailCode(input: EmailCodeInput): Promise<{ user: Principal; created: boolean }>;
    /**
     * Blocked and terminated accounts get no token; a closed mode or the UK rules refuse (`ip`: the request's
     * address, which the UK rules read); a bound authenticator asks for its code.
     */
    complete(
      user: Principal,
      mode: LoginMode,
      stayLoggedIn: boolean,
      options?: { isNewUser?: boolean; ip?: string | undefined },
    ): Promise<LoginResult>;
  };
  /** The session a request carries, if it carries a live one (never throws): for a call a session or a ticket may make. */
  signedInOf(request: FastifyRequest): Promise<SignedIn | null>;
  /** Whether the person has an authenticator bound: sensitive actions then ask for its code. */
  authenticatorStatus(userId: string): Promise<'NONE' | 'PENDING' | 'BINDED'>;
  /** Checks an authenticator code, counted against the person's lock. */
  verifyAuthenticatorCode(user: Principal, code: string, requester: Requester): Promise<boolean>;
}
