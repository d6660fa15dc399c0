import { CALL_ROUTES, type OTP_SCENARIOS, type TokenVo } from '@causeway/contracts';
import type { HttpClient } from './http-client.ts';

export interface BindingStatus {
  bindStatus: 'NONE' | 'BINDED' | 'COOLING_OFF_PERIOD';
  otpStep: 'skip-otp' | 'bind-otp' | 'verify-otp';
  email: string;
}

export interface OtpVerification {
  status: 'SUCCESS' | 'FAILED';
  tokenVo: TokenVo | null;
}

/** The pages name a scenario as text; the server checks it is one of OTP_SCENARIOS. */
type Scenario = (typeof OTP_SCENARIOS)[number];

/** The authenticator calls every flow uses: status per scenario, binding, and the verify step. */
export function createAuthenticatorApi(client: HttpClient) {
  return {
    bindingStatus: (scenario = 'SECURITY') => client.call(CALL_ROUTES.authenticatorBindingStatus, { scenario: scenario as Scenario }),
    setupWithQr: () => client.call(CALL_ROUTES.authenticatorQrCode, { qrCodeWidth: 100, qrCodeHeight: 100 }),
    downloadQr: (clientType: 'Android' | 'IOS') =>
      client.call(CALL_ROUTES.downloadAppQrCode, { clientType, qrCodeWidth: 180, qrCodeHeight: 180 }),
    // Silent: the bind modal says a refused send beside its button, with when to ask again.
    sendBindCode: (email: string) =>
      client.call(CALL_ROUTES.verificationSendCode, { verifyBusiness: 'GA_BIND', email, nonInductiveVerification: true }, { silent: true }),
    // Bind errors are shown by the modal per docs/rules/errors.md (the client never toasts this path).
    bind: (newGaVerifyCode: string, emailVerifyCode: string) =>
      client.call(CALL_ROUTES.bindGoogleAuthenticator, { newGaVerifyCode, emailVerifyCode }, { silent: true }),
    verifyGaCode: (verifyCode: string, scenario: string) =>
      client.call(CALL_ROUTES.verifyOtp, { verifyOtpType: 'GA_OTP', verifyCode, scenario: scenario as Scenario }, { silent: true }),
  };
}

export type AuthenticatorApi = ReturnType<typeof createAuthenticatorApi>;

export type AuthenticatorCheckStep = 'none' | 'verify' | 'bind';

/**
 * docs/rules/order-states.md authenticator check: skip-otp or the Roma channel → no modal; an authenticator bound
 * (cooling off included) → the verify modal; none → the bind modal, then the verify modal.
 */
export function decideAuthenticatorCheck(status: Pick<BindingStatus, 'bindStatus' | 'otpStep'>, isRoma: boolean): AuthenticatorCheckStep {
  if (status.otpStep === 'skip-otp' || isRoma) return 'none';
  return status.bindStatus === 'NONE' ? 'bind' : 'verify';
}
