import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthenticatorService } from './authenticator.service.ts';
import { EMAIL_CODE_POLICY, type EmailCodeService, WrongCodeError } from './email-code.service.ts';
import type { EmailLanguage } from './email-templates.ts';
import type { IdentityRepository, UserRow } from './identity.repository.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import type { AuthContext, SessionService } from './session.service.ts';
import type { SignInLock } from './sign-in-lock.ts';

/** Setting, resetting, changing and checking passwords. The rule itself is checked by the schemas. */
export function createPasswordService(deps: {
  repository: IdentityRepository;
  emailCodes: EmailCodeService;
  authenticator: AuthenticatorService;
  sessions: SessionService;
  lock: SignInLock;
  clock: Clock;
}) {
  const { repository, emailCodes, authenticator, sessions, lock, clock } = deps;

  /** A new password: stored, then the credentials-changed step (24 h suspension, every other session ended). */
  async function replace(user: UserRow, password: string, keepSessionId: string | undefined, also: Partial<Pick<UserRow, 'loginLockedUntil' | 'failedLoginCount'>> = {}) {
    await repository.updateUser(user.id, { passwordHash: await hashPassword(password), passwordChangedAt: clock.now(), ...also });
    await sessions.credentialsChanged(user.id, keepSessionId);
  }

  return {
    /** setPWD after a code sign-up: only when the account has no password yet. */
    async init(user: UserRow, password: string): Promise<void> {
      if (user.passwordHash) throw new AppError('USE000001004');
      await repository.updateUser(user.id, { passwordHash: await hashPassword(password), passwordChangedAt: clock.now() });
    },

    /** Forgot password, step 1: a code goes out only if the account exists; the answer is the same either way. */
    async sendResetCode(email: string, ip: string, lang: EmailLanguage) {
      const user = await repository.findUserByEmail(email);
      if (!user) return { resendAfterSeconds: EMAIL_CODE_POLICY.resendAfterMs / 1000, expiresInSeconds: EMAIL_CODE_POLICY.ttlMs / 1000 };
      return emailCodes.send({ email: user.email, purpose: 'password-reset', ip, lang });
    },

    /**
     * Forgot password, step 2: the code proves the address; with an authenticator bound its code is
     * needed too (trust.md: factor changes need the second factor). All sessions end and a sign-in
     * lock is lifted.
     */
    async reset(input: { email: string; code: string; password: string; gaVerifyCode?: string | undefined; ip: string }): Promise<void> {
      // No lock check before the emailed code: it proves the address, and a reset is how a locked person gets back in.
      const user = await repository.findUserByEmail(input.email);
      let codeId: string;
      try {
        codeId = await emailCodes.check({ email: input.email, purpose: 'password-reset', code: input.code, ip: input.ip });
      } catch (error) {
        if (user && error instanceof WrongCodeError) await lock.recordFailure(user);
        throw error;
      }
      // A code can only have been sent to an existing account.
      if (!user) throw new AppError('USE003000002', 'Invalid code. Please try again.');
      if ((await authenticator.status(user.id)) === 'BINDED') {
        // Only someone who has the emailed code learns that the authenticator is needed; the code stays
        // open so the next submit can carry both. Guessing the authenticator is limited by the lock.
        if (!input.gaVerifyCode) throw new AppError('USE000001006');
        lock.assertUnlocked(user);
        if (!(await authenticator.verifyCode(user.id, input.gaVerifyCode))) {
          await lock.recordFailure(user);
          throw new AppError('USE003000011', 'Invalid code. Please try again.');
        }
      }
      await emailCodes.use(codeId);
      await replace(user, input.password, undefined, { loginLockedUntil: null, failedLoginCount: 0 });
    },

    /** Signed-in change: the old password, and the authenticator code when one is bound. */
    async change(auth: AuthContext, input: { oldPassword: string; password: string; gaVerifyCode?: string | undefined }): Promise<void> {
      const { user, session } = auth;
      lock.assertUnlocked(user);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
        await lock.recordFailure(user);
        throw new AppError('USE000001005');
      }
      if ((await authenticator.status(user.id)) === 'BINDED') {
        if (!input.gaVerifyCode) throw new AppError('USE000001006');
        if (!(await authenticator.verifyCode(user.id, input.gaVerifyCode))) {
          await lock.recordFailure(user);
          throw new AppError('USE003000011', 'Invalid code. Please try again.');
        }
      }
      await replace(user, input.password, session.id);
    },

    /** Whether the password is the account's; wrong answers count toward the sign-in lock. */
    async check(user: UserRow, password: string): Promise<{ valid: boolean }> {
      lock.assertUnlocked(user);
      const valid = Boolean(user.passwordHash) && (await verifyPassword(user.passwordHash ?? '', password));
      if (!valid) await lock.recordFailure(user);
      return { valid };
    },
  };
}
