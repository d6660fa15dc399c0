import { PATHS, type TokenVo } from '@causeway/contracts';
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

/** The authenticator calls every flow uses: status per scenario, binding, and the verify step. */
export function createAuthenticatorApi(client: HttpClient) {
  return {
    bindingStatus: (scenario = 'SECURITY') => client.get<BindingStatus>(PATHS.authenticatorBindingStatus, { query: { scenario } }),
    setupWithQr: () => client.post<{ googleAuthenticatorToken: string; qrCode: string | null }>(PATHS.authenticatorQrCode, { qrCodeWidth: 100, qrCodeHeight: 100 }),
    downloadQr: (clientType: 'Android' | 'IOS') =>
      client.post<Array<{ clientType: string; url: string; qrCode: string }>>(PATHS.downloadAppQrCode, { clientType, qrCodeWidth: 180, qrCodeHeight: 180 }),
    // Silent: the bind modal says a refused send beside its button, with when to ask again.
    sendBindCode: (email: string) =>
      client.post<{ resendAfterSeconds: number }>(PATHS.verificationSendCode, { verifyBusiness: 'GA_BIND', email, nonInductiveVerification: true }, { silent: true }),
    // Bind errors are shown by the modal per spec §8 (the client never toasts this path).
    bind: (newGaVerifyCode: string, emailVerifyCode: string) =>
      client.post<{ bindStatus: 'SUCCESS' | 'FAILED' }>(PATHS.bindGoogleAuthenticator, { newGaVerifyCode, emailVerifyCode }, { silent: true }),
    verifyGaCode: (verifyCode: string, scenario: string) =>
      client.get<OtpVerification>(PATHS.verifyOtp, { query: { verifyOtpType: 'GA_OTP', verifyCode, scenario }, silent: true }),
  };
}

export type AuthenticatorApi = ReturnType<typeof createAuthenticatorApi>;

export type AuthenticatorCheckStep = 'none' | 'verify' | 'bind';

/**
 * Spec §4 authenticator check: skip-otp or the Roma channel → no modal; an authenticator bound
 * (cooling off included) → the verify modal; none → the bind modal, then the verify modal.
 */
export function decideAuthenticatorCheck(status: Pick<BindingStatus, 'bindStatus' | 'otpStep'>, isRoma: boolean): AuthenticatorCheckStep {
  if (status.otpStep === 'skip-otp' || isRoma) return 'none';
  return status.bindStatus === 'NONE' ? 'bind' : 'verify';
}
