import { PATHS } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

export interface BindingStatus {
  bindStatus: 'NONE' | 'BINDED' | 'COOLING_OFF_PERIOD';
  otpStep: 'skip-otp' | 'bind-otp' | 'verify-otp';
  email: string;
}

/** Calls of the security centre and the authenticator bind modal. */
export function createSecurityApi(client: HttpClient) {
  return {
    loginStatus: () => client.get<{ isLogin: boolean; email: string | null; userType: string | null }>(PATHS.checkLoginStatus),
    bindingStatus: (scenario = 'SECURITY') => client.get<BindingStatus>(PATHS.authenticatorBindingStatus, { query: { scenario } }),
    setupWithQr: () => client.post<{ googleAuthenticatorToken: string; qrCode: string | null }>(PATHS.authenticatorQrCode, { qrCodeWidth: 100, qrCodeHeight: 100 }),
    downloadQr: (clientType: 'Android' | 'IOS') =>
      client.post<Array<{ clientType: string; url: string; qrCode: string }>>(PATHS.downloadAppQrCode, { clientType, qrCodeWidth: 180, qrCodeHeight: 180 }),
    sendBindCode: (email: string) => client.post<{ resendAfterSeconds: number }>(PATHS.verificationSendCode, { verifyBusiness: 'GA_BIND', email, nonInductiveVerification: true }),
    // Bind errors are shown by the modal per spec §8 (the client never toasts this path).
    bind: (newGaVerifyCode: string, emailVerifyCode: string) =>
      client.post<{ bindStatus: 'SUCCESS' | 'FAILED' }>(PATHS.bindGoogleAuthenticator, { newGaVerifyCode, emailVerifyCode }, { silent: true }),
    changePassword: (body: { oldPassword: string; password: string; confirmPassword: string; gaVerifyCode?: string }) =>
      client.post<null>(PATHS.passwordReinitialize, body, { silent: true }),
  };
}

export type SecurityApi = ReturnType<typeof createSecurityApi>;
