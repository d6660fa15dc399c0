import { AGREEMENT_VERSIONS, type AGREEMENT_PROTOCOLS, type VERIFY_BUSINESSES } from '@causeway/contracts';
import QRCode from 'qrcode';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthenticatorService } from './authenticator.service.ts';
import type { CodePurpose, EmailCodeService } from './email-code.service.ts';
import type { EmailLanguage } from './email-templates.ts';
import { normalizeEmail, type UserRow } from './identity.repository.ts';
import { createOtpProofs, PROCESS_TOKEN_TTL_MS } from './process-token.ts';
import { type AuthContext, type SessionService, suspendedUntil } from './session.service.ts';

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

/** The authenticator flows of the product: status per scenario, setup, binding, OTP checks. */
export function createTwoFactorService(deps: {
  authenticator: AuthenticatorService;
  emailCodes: EmailCodeService;
  sessions: SessionService;
  recordAgreement: (agreement: { userId: string; protocol: string; version: string; acceptedAt: Date }) => Promise<void>;
  clock: Clock;
  otpProofKey: Buffer;
}) {
  const { authenticator, emailCodes, sessions, clock } = deps;
  const proofs = createOtpProofs(deps.otpProofKey);

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
      if ((await authenticator.status(user.id)) === 'BINDED') throw new AppError('USE000000003');
      const { secret, otpauthUri } = await authenticator.startBinding(user.id, user.email);
      const qrCode = qrWidth ? await QRCode.toDataURL(otpauthUri, { width: qrWidth, margin: 1 }) : null;
      return { googleAuthenticatorToken: secret, qrCode };
    },

    async downloadAppQrCodes(clientType: 'Android' | 'IOS', width: number) {
      const url = AUTHENTICATOR_APP_URLS[clientType];
      return [{ clientType, url, qrCode: encodeURIComponent(await QRCode.toDataURL(url, { width, margin: 1 })) }];
    },

    async sendVerificationCode(user: UserRow, body: { verifyBusiness: VerifyBusiness; email: string }, ip: string, lang: EmailLanguage) {
      // Codes go only to the signed-in account's own address.
      if (normalizeEmail(body.email) !== user.emailNormalized) throw new AppError('REQ0000400', 'body.email: must be the address of the signed-in account');
      return emailCodes.send({ email: user.email, purpose: PURPOSE_BY_BUSINESS[body.verifyBusiness], ip, lang });
    },

    /** Binds with the emailed GA_BIND code and the app's first code; then 24 h of suspended sensitive actions. */
    async bind(auth: AuthContext, body: { newGaVerifyCode: string; emailVerifyCode: string }, ip: string) {
      const { user, session } = auth;
      const status = await authenticator.status(user.id);
      if (status === 'BINDED') throw new AppError('USE000000003');
      if (status === 'NONE') throw new AppError('USE003000010');
      await emailCodes.verify({ email: user.email, purpose: 'ga-bind', code: body.emailVerifyCode, ip });
      if (!(await authenticator.confirmBinding(user.id, body.newGaVerifyCode))) throw new AppError('USE003000011', 'Invalid code. Please try again.');
      await sessions.credentialsChanged(user.id, session.id);
      return { bindStatus: 'SUCCESS' as const };
    },

    /** pre-check-change: only with a bound authenticator; answers the replacement's setup key and QR. */
    async startChange(user: UserRow) {
      if ((await authenticator.status(user.id)) !== 'BINDED') throw new AppError('USE003000010');
      const { secret, otpauthUri } = await authenticator.startChange(user.id, user.email);
      return { googleAuthenticatorToken: secret, qrCode: await QRCode.toDataURL(otpauthUri, { width: 100, margin: 1 }) };
    },

    /** A change needs the current app, the email and the new app; then 24 h of suspended sensitive actions. */
    async change(auth: AuthContext, body: { oldGaVerifyCode: string; newGaVerifyCode: string; emailVerifyCode: string }, ip: string) {
      const { user, session } = auth;
      if ((await authenticator.status(user.id)) !== 'BINDED') throw new AppError('USE003000010');
      if (!(await authenticator.verifyCode(user.id, body.oldGaVerifyCode))) throw new AppError('USE003000011', 'Invalid code. Please try again.');
      await emailCodes.verify({ email: user.email, purpose: 'ga-change', code: body.emailVerifyCode, ip });
      if (!(await authenticator.confirmChange(user.id, body.newGaVerifyCode))) throw new AppError('USE003000011', 'Invalid code. Please try again.');
      await sessions.credentialsChanged(user.id, session.id);
      return { bindStatus: 'SUCCESS' as const };
    },

    async verifyOtp(user: UserRow, query: { verifyOtpType: 'EMAIL_OTP' | 'GA_OTP'; verifyCode: string; scenario: string }, ip: string) {
      let passed: boolean;
      if (query.verifyOtpType === 'GA_OTP') {
        passed = await authenticator.verifyCode(user.id, query.verifyCode);
      } else {
        passed = await emailCodes
          .verify({ email: user.email, purpose: 'verify', code: query.verifyCode, ip })
          .then(() => true)
          .catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'USE003000002') return false;
            throw error;
          });
      }
      if (!passed) return { status: 'FAILED' as const, tokenVo: null };
      const expiresAt = clock.now().getTime() + PROCESS_TOKEN_TTL_MS;
      const token = proofs.sign({ userId: user.id, scenario: query.scenario, expiresAt });
      return { status: 'SUCCESS' as const, tokenVo: { token, validTime: PROCESS_TOKEN_TTL_MS / 1000 } };
    },

    /** verification/verify-code: the email OTP, and with entityProtocolId the acceptance of that agreement's current version. */
    async verifyEmailCode(user: UserRow, body: { verifyCode: string; scenario: string; entityProtocolId?: AgreementProtocol | undefined }, ip: string) {
      const result = await service.verifyOtp(user, { verifyOtpType: 'EMAIL_OTP', verifyCode: body.verifyCode, scenario: body.scenario }, ip);
      if (result.status === 'SUCCESS' && body.entityProtocolId) {
        await deps.recordAgreement({ userId: user.id, protocol: body.entityProtocolId, version: AGREEMENT_VERSIONS[body.entityProtocolId], acceptedAt: clock.now() });
      }
      return result;
    },
  };
  return service;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
