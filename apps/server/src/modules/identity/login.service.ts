import { type AccountCheckResult, AGREEMENT_VERSIONS, type LoginMode, type LoginResult } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import type { AuthenticatorService } from './authenticator.service.ts';
import { type EmailCodeService, WrongCodeError } from './email-code.service.ts';
import { isPrivateRelay, suggestEmail } from './email-hints.ts';
import { type IdentityRepository, normalizeEmail, type UserRow } from './identity.repository.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import { createProcessTokens, PROCESS_TOKEN_TTL_MS } from './process-token.ts';
import { BUSINESS_MODES, type SessionService } from './session.service.ts';
import type { SignInLock } from './sign-in-lock.ts';

/** Agreement version a new account accepts (spec §9: TERM). */
export const TERMS_VERSION = AGREEMENT_VERSIONS.TERM;

interface EmailCodeInput {
  email: string;
  code: string;
  termsAccepted: boolean;
  /** The mode decides the type of a new account: Corporate in the business modes. */
  loginMode: LoginMode;
  ip: string;
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
}) {
  const { repository, sessions, emailCodes, authenticator, lock, clock } = deps;
  const processTokens = createProcessTokens(deps.processTokenKey);

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

  /** After the first factor: blocked accounts get no token; a bound authenticator asks for its code. */
  async function finish(user: UserRow, mode: LoginMode, stayLoggedIn: boolean, options: { isNewUser?: boolean; secondFactorDone?: boolean } = {}) {
    const isBusinessMode = BUSINESS_MODES.includes(mode);
    if (isBusinessMode !== (user.userType === 'Corporate')) throw new AppError('USE000001002');
    if (user.accountStatus === 'Blocked') return result(user, { status: 'BLOCKED', token: null, processToken: null });
    if (user.accountStatus === 'Terminated') return result(user, { status: 'TERMINATED', token: null, processToken: null });
    if (!options.secondFactorDone && (await authenticator.status(user.id)) === 'BINDED') {
      const processToken = processTokens.sign({ userId: user.id, mode, stayLoggedIn, expiresAt: clock.now().getTime() + PROCESS_TOKEN_TTL_MS });
      return result(user, { status: 'NEED_GA', token: null, processToken, isNewUser: options.isNewUser });
    }
    // Only a complete sign-in clears the failures: passing the password again must not forget wrong authenticator codes.
    await lock.reset(user);
    const token = await sessions.issue(user, mode, stayLoggedIn);
    return result(user, { status: 'SUCCESS', token, processToken: null, isNewUser: options.isNewUser });
  }

  /**
   * Consumes the email code and answers the account it proves, created when the email is new
   * (which needs the terms accepted). A wrong code counts against an existing account's lock.
   */
  async function accountForEmailCode(input: EmailCodeInput): Promise<{ user: UserRow; created: boolean }> {
    const existing = await repository.findUserByEmail(input.email);
    if (existing) lock.assertUnlocked(existing);
    // Checked before the code, so a forgotten tick does not use the code up.
    if (!existing && !input.termsAccepted) throw new AppError('USE000001003');
    try {
      await emailCodes.verify({ email: input.email, purpose: 'login', code: input.code, ip: input.ip });
    } catch (error) {
      if (existing && error instanceof WrongCodeError) await lock.recordFailure(existing);
      throw error;
    }
    if (existing) return { user: existing, created: false };
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
    if (created.created) await repository.recordAgreement({ userId: created.user.id, protocol: 'TERM', version: TERMS_VERSION, acceptedAt: now });
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
      const { user, created } = await accountForEmailCode(input);
      return finish(user, input.loginMode, input.stayLoggedIn, { isNewUser: created });
    },

    accountForEmailCode,
    completeSignIn: finish,

    async loginWithPassword(input: { email: string; password: string; loginMode: LoginMode; stayLoggedIn: boolean }) {
      const user = await repository.findUserByEmail(input.email);
      if (!user?.passwordHash) {
        await verifyPassword(await getDummyHash(), input.password);
        throw new AppError('USE000001001', 'Invalid credentials');
      }
      lock.assertUnlocked(user);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await lock.recordFailure(user);
        throw new AppError('USE000001001', 'Invalid credentials');
      }
      return finish(user, input.loginMode, input.stayLoggedIn);
    },

    /** Second step when an authenticator is bound. */
    async verifyGaCode(input: { processToken: string; verifyCode: string }) {
      const claims = processTokens.verify(input.processToken, clock.now());
      const user = claims && (await repository.findUserById(claims.userId));
      if (!claims || !user) throw new AppError('USE000002006');
      lock.assertUnlocked(user);
      if (!(await authenticator.verifyCode(user.id, input.verifyCode))) {
        await lock.recordFailure(user);
        throw new AppError('USE003000011', 'Invalid code. Please try again.');
      }
      return finish(user, claims.mode, claims.stayLoggedIn, { secondFactorDone: true });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
