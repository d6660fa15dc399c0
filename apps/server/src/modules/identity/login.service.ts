import { ErrorCode, type AccountCheckResult, AGREEMENT_VERSIONS, type LoginMode, type LoginResult } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import { type AccessRulesOf, NO_ACCESS_RULES } from './access-rules.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { createAgreementService } from './agreements.service.ts';
import type { AuthenticatorService } from './authenticator.service.ts';
import type { EmailCodeService } from './email-code.service.ts';
import { isPrivateRelay, suggestEmail } from './email-hints.ts';
import { type IdentityRepository, normalizeEmail, type UserRow } from './identity.repository.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import { createProcessTokens, PROCESS_TOKEN_TTL_MS } from './process-token.ts';
import type { Requester } from './requester.ts';
import { BUSINESS_MODES, type SessionService } from './session.service.ts';
import type { SignInLock } from './sign-in-lock.ts';

/** The terms version a new account records in users.terms_version (its agreements: user_agreements, agreements.service.ts). */
export const TERMS_VERSION = AGREEMENT_VERSIONS.TERM;

/** What an email-code sign-in proves an account with. */
export interface EmailCodeInput {
  email: string;
  code: string;
  termsAccepted: boolean;
  /** The Roma channel: its terms (TERMROMA) are the ones a new account accepts. */
  isRoma?: boolean;
  /** The mode decides the type of a new account: Corporate in the business modes. */
  loginMode: LoginMode;
  requester: Requester;
}

// A hash to verify against when the email is unknown, so both answers take the same time.
// Made on first use, not at import: it costs one argon2 hash.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-Aa1!'));

export function createLoginService(deps: {
  repository: IdentityRepository;
  sessions: SessionService;
  emailCodes: EmailCodeService;
  authenticator: AuthenticatorService;
  lock: SignInLock;
  clock: Clock;
  processTokenKey: Buffer;
  /** Maintenance per mode and the UK rules (docs/rules/uk-and-countries.md), asked at every way in. */
  accessRules?: AccessRulesOf;
}) {
  const { repository, sessions, emailCodes, authenticator, lock, clock } = deps;
  const accessRules = deps.accessRules ?? NO_ACCESS_RULES;
  const processTokens = createProcessTokens(deps.processTokenKey);
  const agreements = createAgreementService({ repository, clock });

  function result(user: UserRow, fields: Pick<LoginResult, 'status' | 'token' | 'processToken'> & { isNewUser?: boolean }): LoginResult {
    return {
      ...fields,
      isNewUser: fields.isNewUser ?? false,
      email: user.email,
      userType: user.userType as LoginResult['userType'],
      accountStatus: user.accountStatus as LoginResult['accountStatus'],
      accountStatusReasonCode: user.accountStatusReasonCode,
      hasPassword: user.passwordHash !== null,
      entityTag: user.entityTag as LoginResult['entityTag'],
    };
  }

  /**
   * After the first factor: a closed mode answers 10000047; blocked accounts get no token; the UK rules may
   * refuse (10000041); a bound authenticator asks for its code. `ip`: the request's address (the UK rules read it).
   */
  async function finish(
    user: UserRow,
    mode: LoginMode,
    stayLoggedIn: boolean,
    options: { isNewUser?: boolean; secondFactorDone?: boolean; ip?: string | undefined } = {},
  ) {
    const isBusinessMode = BUSINESS_MODES.includes(mode);
    if (isBusinessMode !== (user.userType === 'Corporate')) throw new AppError(ErrorCode.WrongSignInPage);
    const rules = accessRules();
    await rules?.beforeSignIn(mode);
    if (user.accountStatus === 'Blocked') return result(user, { status: 'BLOCKED', token: null, processToken: null });
    if (user.accountStatus === 'Terminated') return result(user, { status: 'TERMINATED', token: null, processToken: null });
    await rules?.atSignIn(user, mode, options.ip);
    if (!options.secondFactorDone && (await authenticator.status(user.id)) === 'BINDED') {
      // Wrong authenticator codes are not forgotten by passing the first factor again.
      await lock.assertAuthenticatorOpen(user);
      const processToken = processTokens.sign({
        userId: user.id,
        mode,
        stayLoggedIn,
        expiresAt: clock.now().getTime() + PROCESS_TOKEN_TTL_MS,
        nonce: newId('ptk'),
      });
      return result(user, { status: 'NEED_GA', token: null, processToken, isNewUser: options.isNewUser });
    }
    const token = await sessions.issue(user, mode, stayLoggedIn);
    return result(user, { status: 'SUCCESS', token, processToken: null, isNewUser: options.isNewUser });
  }

  /**
   * Consumes the email code and answers the account it proves, created when the email is new
   * (which needs the terms accepted). A wrong code counts against an existing account's lock.
   */
  async function accountForEmailCode(input: EmailCodeInput): Promise<{ user: UserRow; created: boolean }> {
    const existing = await repository.findUserByEmail(input.email);
    // Checked before the code, so a forgotten tick does not use the code up.
    if (!existing && !input.termsAccepted) throw new AppError(ErrorCode.TermsNotAccepted);
    const code = { email: input.email, purpose: 'login' as const, code: input.code, ipKey: input.requester.ipKey };
    if (existing) {
      await lock.assertFirstFactorsOpen(existing);
      await lock.check(existing, 'email-code', input.requester, async () => {
        await emailCodes.verify(code);
        return true;
      });
      return { user: existing, created: false };
    }
    // A new address has no account to count against: the code's own burn and the per-IP limit bound it.
    await emailCodes.verify(code);
    return createAccount(input);
  }

  /**
   * The account of an email just proven (by its code, or by the identity provider's verified email),
   * its terms accepted by the caller: created, or the one that appeared meanwhile.
   */
  async function createAccount(input: { email: string; loginMode: LoginMode; isRoma?: boolean | undefined }) {
    const now = clock.now();
    const created = await repository.insertUser({
      id: newId('usr'),
      email: input.email.trim(),
      emailNormalized: normalizeEmail(input.email),
      userType: BUSINESS_MODES.includes(input.loginMode) ? 'Corporate' : 'Individual',
      accountStatus: 'Active',
      termsVersion: TERMS_VERSION,
      createdAt: now,
    });
    // The terms box covers the channel's terms and the new account's entity statement (docs/rules/agreements.md).
    if (created.created) await agreements.recordSignUp(created.user, input.isRoma ?? false, now);
    return created;
  }

  return {
    async accountCheck(email: string): Promise<AccountCheckResult> {
      const user = await repository.findUserByEmail(email);
      return {
        exists: Boolean(user),
        hasPassword: Boolean(user?.passwordHash),
        userType: (user?.userType as AccountCheckResult['userType']) ?? null,
        accountStatus: (user?.accountStatus as AccountCheckResult['accountStatus']) ?? null,
        suggestedEmail: user ? null : suggestEmail(email),
        privateRelay: isPrivateRelay(email),
        targetEntityTag: (user?.targetEntityTag as AccountCheckResult['targetEntityTag']) ?? null,
      };
    },

    /** Sign-in or sign-up with an email code. A new account needs the terms accepted. */
    async loginWithCode(input: EmailCodeInput & { stayLoggedIn: boolean }) {
      // A closed mode is said before the code is used up.
      await accessRules()?.beforeSignIn(input.loginMode);
      const { user, created } = await accountForEmailCode(input);
      return finish(user, input.loginMode, input.stayLoggedIn, { isNewUser: created, ip: input.requester.ip });
    },

    accountForEmailCode,
    createAccount,
    completeSignIn: finish,

    async loginWithPassword(input: { email: string; password: string; loginMode: LoginMode; stayLoggedIn: boolean }, requester: Requester) {
      // A closed mode is said before the password is checked (and counted).
      await accessRules()?.beforeSignIn(input.loginMode);
      const user = await repository.findUserByEmail(input.email);
      const passwordHash = user?.passwordHash;
      if (!user || !passwordHash) {
        // Counted per IP like any password check, and as slow as one, so unknown addresses answer the same.
        await lock.limitIp('password', requester.ipKey);
        await verifyPassword(await getDummyHash(), input.password);
        throw new AppError(ErrorCode.InvalidCredentials, 'Invalid credentials');
      }
      await lock.assertFirstFactorsOpen(user);
      if (!(await lock.check(user, 'password', requester, () => verifyPassword(passwordHash, input.password))))
        throw new AppError(ErrorCode.InvalidCredentials, 'Invalid credentials');
      return finish(user, input.loginMode, input.stayLoggedIn, { ip: requester.ip });
    },

    /** Second step when an authenticator is bound. */
    async verifyGaCode(input: { processToken: string; verifyCode: string }, requester: Requester) {
      const claims = processTokens.verify(input.processToken, clock.now());
      const user = claims?.nonce ? await repository.findUserById(claims.userId) : undefined;
      if (!claims || !user) throw new AppError(ErrorCode.SignInStepExpired);
      if (!(await lock.check(user, 'authenticator', requester, () => authenticator.verifyCode(user.id, input.verifyCode)))) {
        throw new AppError(ErrorCode.AuthenticatorCodeWrong, 'Invalid code. Please try again.');
      }
      // One process token, one sign-in: wrong codes leave it usable (they are counted), a pass spends it.
      if (!(await repository.spendProcessToken(claims.nonce, new Date(claims.expiresAt), clock.now())))
        throw new AppError(ErrorCode.SignInStepExpired);
      return finish(user, claims.mode, claims.stayLoggedIn, { secondFactorDone: true, ip: requester.ip });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
