import { ErrorCode } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthenticatorService } from './authenticator.service.ts';
import { EMAIL_CODE_POLICY, type EmailCodeService } from './email-code.service.ts';
import type { EmailLanguage } from './email-templates.ts';
import type { IdentityRepository, UserRow } from './identity.repository.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import type { Requester } from './requester.ts';
import type { AuthContext, SessionService } from './session.service.ts';
import { FIRST_FACTORS, type SignInLock } from './sign-in-lock.ts';

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
  const wrongAuthenticatorCode = () => new AppError(ErrorCode.AuthenticatorCodeWrong, 'Invalid code. Please try again.');

  /** With an authenticator bound, its code too (docs/trust.md: factor changes need the second factor), counted like every authenticator check. */
  async function checkAuthenticatorIfBound(user: UserRow, gaVerifyCode: string | undefined, requester: Requester) {
    if ((await authenticator.status(user.id)) !== 'BINDED') return;
    if (!gaVerifyCode) throw new AppError(ErrorCode.AuthenticatorCodeRequiredForChange);
    if (!(await lock.check(user, 'authenticator', requester, () => authenticator.verifyCode(user.id, gaVerifyCode))))
      throw wrongAuthenticatorCode();
  }

  /**
   * A new password, in one transaction with the credentials-changed step (24 h suspension, every
   * other session ended) and whatever else `alsoInside` writes: all of it happens, or none.
   */
  async function replace(
    user: UserRow,
    password: string,
    keepSessionId: string | undefined,
    alsoInside: () => Promise<void> = async () => {},
  ) {
    const passwordHash = await hashPassword(password);
    await repository.transaction(async () => {
      await alsoInside();
      await repository.updateUser(user.id, { passwordHash, passwordChangedAt: clock.now() });
      await sessions.credentialsChanged(user.id, keepSessionId);
    });
  }

  return {
    /** setPWD after a code sign-up: only when the account has no password yet. */
    async init(user: UserRow, password: string): Promise<void> {
      if (user.passwordHash) throw new AppError(ErrorCode.PasswordAlreadySet);
      await repository.updateUser(user.id, { passwordHash: await hashPassword(password), passwordChangedAt: clock.now() });
    },

    /** Forgot password, step 1: a code goes out only if the account exists; the answer is the same either way. */
    async sendResetCode(email: string, ipKey: string, lang: EmailLanguage) {
      const user = await repository.findUserByEmail(email);
      if (!user) return { resendAfterSeconds: EMAIL_CODE_POLICY.resendAfterMs / 1000, expiresInSeconds: EMAIL_CODE_POLICY.ttlMs / 1000 };
      return emailCodes.send({ email: user.email, purpose: 'password-reset', ipKey, lang });
    },

    /**
     * Forgot password, step 2: the code proves the address; with an authenticator bound its code is
     * needed too (docs/trust.md: factor changes need the second factor). All sessions end and the
     * password and email-code locks are lifted.
     */
    async reset(
      input: { email: string; code: string; password: string; gaVerifyCode?: string | undefined },
      requester: Requester,
    ): Promise<void> {
      // The password lock is not checked: the emailed code proves the address, and a reset is how a locked person gets back in.
      const user = await repository.findUserByEmail(input.email);
      const code = { email: input.email, purpose: 'password-reset' as const, code: input.code, ipKey: requester.ipKey };
      // A code can only have been sent to an existing account.
      if (!user) {
        await emailCodes.check(code);
        throw new AppError(ErrorCode.EmailCodeWrong, 'Invalid code. Please try again.');
      }
      let codeId = '';
      await lock.check(user, 'email-code', requester, async () => {
        codeId = await emailCodes.check(code);
        return true;
      });
      // Only someone who has the emailed code learns that the authenticator is needed; the code stays
      // open so the next submit can carry both.
      await checkAuthenticatorIfBound(user, input.gaVerifyCode, requester);
      await replace(user, input.password, undefined, async () => {
        await emailCodes.use(codeId);
        await lock.clear(user, FIRST_FACTORS);
      });
    },

    /** Signed-in change: the old password, and the authenticator code when one is bound. */
    async change(
      auth: AuthContext,
      input: { oldPassword: string; password: string; gaVerifyCode?: string | undefined },
      requester: Requester,
    ): Promise<void> {
      const { user, session } = auth;
      const passwordHash = user.passwordHash;
      if (
        !(await lock.check(
          user,
          'password',
          requester,
          async () => Boolean(passwordHash) && verifyPassword(passwordHash ?? '', input.oldPassword),
        ))
      ) {
        throw new AppError(ErrorCode.CurrentPasswordWrong);
      }
      await checkAuthenticatorIfBound(user, input.gaVerifyCode, requester);
      await replace(user, input.password, session.id);
    },

    /** Whether the password is the account's; wrong answers count toward the password lock. */
    async check(user: UserRow, password: string, requester: Requester): Promise<{ valid: boolean }> {
      const passwordHash = user.passwordHash;
      return {
        valid: await lock.check(
          user,
          'password',
          requester,
          async () => Boolean(passwordHash) && verifyPassword(passwordHash ?? '', password),
        ),
      };
    },
  };
}
