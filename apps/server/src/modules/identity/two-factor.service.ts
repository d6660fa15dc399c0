import type { Principal } from './principal.ts';
import { ErrorCode, AGREEMENT_VERSIONS, type AGREEMENT_PROTOCOLS, type VERIFY_BUSINESSES } from '@causeway/contracts';
import QRCode from 'qrcode';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthenticatorService, BindingMatch, ChangeMatch } from './authenticator.service.ts';
import { type CodePurpose, type EmailCodeService, WrongCodeError } from './email-code.service.ts';
import type { EmailLanguage } from './email-templates.ts';
import { type IdentityRepository, normalizeEmail, type UserRow } from './identity.repository.ts';
import { createOtpProofs, PROCESS_TOKEN_TTL_MS } from './process-token.ts';
import type { Requester } from './requester.ts';
import { type AuthContext, type SessionService, suspendedUntil } from './session.service.ts';
import type { SignInLock } from './sign-in-lock.ts';

/** Scenarios that need an authenticator bound before they go ahead (money leaving the account). */
const SCENARIOS_NEEDING_BINDING = new Set(['SELL', 'WITHDRAW']);

/** Store pages of an authenticator app, for the Download App modal. */
export const AUTHENTICATOR_APP_URLS = {
  Android: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
  IOS: 'https://apps.apple.com/app/google-authenticator/id388497605',
} as const;

type VerifyBusiness = (typeof VERIFY_BUSINESSES)[number];
type AgreementProtocol = (typeof AGREEMENT_PROTOCOLS)[number];

/** Each verification business has its own code, so a code sent for one can never pass another. */
const PURPOSE_BY_BUSINESS: Record<VerifyBusiness, CodePurpose> = { GA_BIND: 'ga-bind', GA_CHANGE: 'ga-change', EMAIL_OTP: 'verify' };

const wrongAuthenticatorCode = () => new AppError(ErrorCode.AuthenticatorCodeWrong, 'Invalid code. Please try again.');

/** The authenticator flows of the product: status per scenario, setup, binding, OTP checks. */
export function createTwoFactorService(deps: {
  repository: IdentityRepository;
  authenticator: AuthenticatorService;
  emailCodes: EmailCodeService;
  sessions: SessionService;
  lock: SignInLock;
  recordAgreement: (agreement: { userId: string; protocol: string; version: string; acceptedAt: Date }) => Promise<void>;
  clock: Clock;
  otpProofKey: Buffer;
}) {
  const { repository, authenticator, emailCodes, sessions, lock, clock } = deps;
  const proofs = createOtpProofs(deps.otpProofKey);

  /** Checks an emailed code of the signed-in person, counted on their email-code factor; answers its id, still open. */
  async function checkEmailCode(user: UserRow, purpose: CodePurpose, code: string, requester: Requester): Promise<string> {
    let codeId = '';
    await lock.check(user, 'email-code', requester, async () => {
      codeId = await emailCodes.check({ email: user.email, purpose, code, ipKey: requester.ipKey });
      return true;
    });
    return codeId;
  }

  const service = {
    async bindingStatus(user: UserRow, scenario: string) {
      const status = await authenticator.status(user.id);
      const bound = status === 'BINDED';
      const coolingOff = bound && suspendedUntil(user, clock.now()) !== null;
      const otpStep = bound ? 'verify-otp' : SCENARIOS_NEEDING_BINDING.has(scenario) ? 'bind-otp' : 'skip-otp';
      return { bindStatus: coolingOff ? 'COOLING_OFF_PERIOD' : bound ? 'BINDED' : 'NONE', otpStep, email: user.email } as const;
    },

    /** A new pending secret (a binding in progress is restarted); with a width, its QR code too. */
    async startSetup(user: UserRow, qrWidth: number | null) {
      if ((await authenticator.status(user.id)) === 'BINDED') throw new AppError(ErrorCode.AuthenticatorAlreadyBound);
      const { secret, otpauthUri } = await authenticator.startBinding(user.id, user.email);
      const qrCode = qrWidth ? await QRCode.toDataURL(otpauthUri, { width: qrWidth, margin: 1 }) : null;
      return { googleAuthenticatorToken: secret, qrCode };
    },

    async downloadAppQrCodes(clientType: 'Android' | 'IOS', width: number) {
      const url = AUTHENTICATOR_APP_URLS[clientType];
      return [{ clientType, url, qrCode: encodeURIComponent(await QRCode.toDataURL(url, { width, margin: 1 })) }];
    },

    async sendVerificationCode(user: UserRow, body: { verifyBusiness: VerifyBusiness; email: string }, ipKey: string, lang: EmailLanguage) {
      // Codes go only to the signed-in account's own address.
      if (normalizeEmail(body.email) !== user.emailNormalized)
        throw new AppError(ErrorCode.MalformedRequest, 'body.email: must be the address of the signed-in account');
      return emailCodes.send({ email: user.email, purpose: PURPOSE_BY_BUSINESS[body.verifyBusiness], ipKey, lang });
    },

    /**
     * Binds a first authenticator with the emailed GA_BIND code and the app's first code; the other
     * sessions end, but nothing is suspended (a first binding replaces no factor: spec, the 24 h
     * follow a change). Both are checked (and counted) before either is used; then, in one
     * transaction, the email code is used and the very secret the code matched is bound (a
     * restarted setup in between makes the binding fail, not bind a secret whose code was never
     * checked).
     */
    async bind(auth: AuthContext, body: { newGaVerifyCode: string; emailVerifyCode: string }, requester: Requester) {
      const { user, session } = auth;
      const status = await authenticator.status(user.id);
      if (status === 'BINDED') throw new AppError(ErrorCode.AuthenticatorAlreadyBound);
      if (status === 'NONE') throw new AppError(ErrorCode.NoBindingInProgress);
      const codeId = await checkEmailCode(user, 'ga-bind', body.emailVerifyCode, requester);
      const found: { match?: BindingMatch } = {};
      if (
        !(await lock.check(
          user,
          'authenticator',
          requester,
          async () => (found.match = await authenticator.matchBinding(user.id, body.newGaVerifyCode)) !== undefined,
        ))
      ) {
        throw wrongAuthenticatorCode();
      }
      await repository.transaction(async () => {
        await emailCodes.use(codeId);
        if (!found.match || !(await authenticator.acceptBinding(user.id, found.match))) throw wrongAuthenticatorCode();
        await sessions.factorAdded(user.id, session.id);
      });
      return { bindStatus: 'SUCCESS' as const };
    },

    /** pre-check-change: only with a bound authenticator; answers the replacement's setup key and QR. */
    async startChange(user: UserRow) {
      if ((await authenticator.status(user.id)) !== 'BINDED') throw new AppError(ErrorCode.NoBindingInProgress);
      const { secret, otpauthUri } = await authenticator.startChange(user.id, user.email);
      return { googleAuthenticatorToken: secret, qrCode: await QRCode.toDataURL(otpauthUri, { width: 100, margin: 1 }) };
    },

    /**
     * A change needs the current app, the email and the new app; then 24 h of suspended sensitive
     * actions. All three are checked (the two app codes counted on the authenticator factor, the
     * email code on its own) before any is used; then one transaction uses the email code and swaps
     * in the replacement the new code matched, only if no second start-change replaced it since.
     */
    async change(
      auth: AuthContext,
      body: { oldGaVerifyCode: string; newGaVerifyCode: string; emailVerifyCode: string },
      requester: Requester,
    ) {
      const { user, session } = auth;
      if ((await authenticator.status(user.id)) !== 'BINDED') throw new AppError(ErrorCode.NoBindingInProgress);
      const found: { match?: ChangeMatch } = {};
      if (
        !(await lock.check(
          user,
          'authenticator',
          requester,
          async () => (found.match = await authenticator.matchChange(user.id, body.oldGaVerifyCode, body.newGaVerifyCode)) !== undefined,
        ))
      ) {
        throw wrongAuthenticatorCode();
      }
      const codeId = await checkEmailCode(user, 'ga-change', body.emailVerifyCode, requester);
      await repository.transaction(async () => {
        await emailCodes.use(codeId);
        if (!found.match || !(await authenticator.completeChange(user.id, found.match))) throw wrongAuthenticatorCode();
        await sessions.credentialsChanged(user.id, session.id);
      });
      return { bindStatus: 'SUCCESS' as const };
    },

    /**
     * An authenticator code of a bound authenticator, counted on the person's authenticator factor
     * wherever it is asked (verify-otp, submit-buy, …), and on the requester's address (required:
     * every caller has a request, so no check escapes the per-IP limit).
     */
    verifyAuthenticatorCode: (user: Principal, code: string, requester: Requester): Promise<boolean> =>
      lock.check(user, 'authenticator', requester, () => authenticator.verifyCode(user.id, code)),

    /** verify-otp: FAILED for a wrong code; each check is counted on the factor, and the fifth failure in a row answers the lock. */
    async verifyOtp(
      user: UserRow,
      query: { verifyOtpType: 'EMAIL_OTP' | 'GA_OTP'; verifyCode: string; scenario: string },
      requester: Requester,
    ) {
      let passed: boolean;
      if (query.verifyOtpType === 'GA_OTP') {
        passed = await service.verifyAuthenticatorCode(user, query.verifyCode, requester);
      } else {
        passed = await lock.check(user, 'email-code', requester, () =>
          emailCodes
            .verify({ email: user.email, purpose: 'verify', code: query.verifyCode, ipKey: requester.ipKey })
            .then(() => true)
            .catch((error: unknown) => {
              // A wrong code answers FAILED (counted); a burnt code keeps its own error (counted too).
              if (error instanceof WrongCodeError && error.errorName === ErrorCode.EmailCodeWrong) return false;
              throw error;
            }),
        );
      }
      if (!passed) return { status: 'FAILED' as const, tokenVo: null };
      const expiresAt = clock.now().getTime() + PROCESS_TOKEN_TTL_MS;
      const token = proofs.sign({ userId: user.id, scenario: query.scenario, expiresAt });
      return { status: 'SUCCESS' as const, tokenVo: { token, validTime: PROCESS_TOKEN_TTL_MS / 1000 } };
    },

    /** verification/verify-code: the email OTP, and with entityProtocolId the acceptance of that agreement's current version. */
    async verifyEmailCode(
      user: UserRow,
      body: { verifyCode: string; scenario: string; entityProtocolId?: AgreementProtocol | undefined },
      requester: Requester,
    ) {
      const result = await service.verifyOtp(
        user,
        { verifyOtpType: 'EMAIL_OTP', verifyCode: body.verifyCode, scenario: body.scenario },
        requester,
      );
      if (result.status === 'SUCCESS' && body.entityProtocolId) {
        await deps.recordAgreement({
          userId: user.id,
          protocol: body.entityProtocolId,
          version: AGREEMENT_VERSIONS[body.entityProtocolId],
          acceptedAt: clock.now(),
        });
      }
      return result;
    },
  };
  return service;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
