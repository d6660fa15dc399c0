import { z } from 'zod';
import {
  authenticatorSetupSchema,
  bindAuthenticatorBodySchema,
  bindAuthenticatorResultSchema,
  bindingStatusQuerySchema,
  bindingStatusResultSchema,
  changeAuthenticatorBodySchema,
  downloadQrBodySchema,
  downloadQrResultSchema,
  qrCodeBodySchema,
  verificationSendCodeBodySchema,
  verifyOtpQuerySchema,
  verifyOtpResultSchema,
} from '../authenticator.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['authenticator'];

/** Authenticator (TOTP) binding and OTP verification: every one needs a session. */
export const AUTHENTICATOR_CALLS = {
  authenticatorBindingStatus: defineCall({
    method: 'GET',
    path: PATHS.authenticatorBindingStatus,
    caller: 'individual',
    tags,
    summary: 'Binding status and which modal the scenario needs',
    query: bindingStatusQuerySchema,
    result: bindingStatusResultSchema,
  }),
  getGoogleAuthenticator: defineCall({
    method: 'GET',
    path: PATHS.getGoogleAuthenticator,
    caller: 'individual',
    tags,
    summary: 'Start binding: the setup key (a new pending secret)',
    result: authenticatorSetupSchema,
  }),
  authenticatorQrCode: defineCall({
    method: 'POST',
    path: PATHS.authenticatorQrCode,
    caller: 'individual',
    tags,
    summary: 'The setup key and its QR code (100 px in the bind modal)',
    body: qrCodeBodySchema,
    result: authenticatorSetupSchema,
  }),
  downloadAppQrCode: defineCall({
    method: 'POST',
    path: PATHS.downloadAppQrCode,
    caller: 'individual',
    tags,
    summary: 'QR codes of the authenticator app in the stores (180 px in the download modal)',
    body: downloadQrBodySchema,
    result: downloadQrResultSchema,
  }),
  verificationSendCode: defineCall({
    method: 'POST',
    path: PATHS.verificationSendCode,
    caller: 'individual',
    tags,
    summary: 'Email a code for a verification business (GA_BIND, ...) to the signed-in address',
    body: verificationSendCodeBodySchema,
    result: z.object({ resendAfterSeconds: z.number(), expiresInSeconds: z.number() }),
  }),
  bindGoogleAuthenticator: defineCall({
    method: 'POST',
    path: PATHS.bindGoogleAuthenticator,
    caller: 'individual',
    tags,
    summary: 'Bind the pending authenticator with its first code and an email code',
    body: bindAuthenticatorBodySchema,
    result: bindAuthenticatorResultSchema,
  }),
  verifyOtp: defineCall({
    method: 'GET',
    path: PATHS.verifyOtp,
    caller: 'individual',
    tags,
    summary: 'Check an email or authenticator code; SUCCESS carries a short-lived proof',
    query: verifyOtpQuerySchema,
    result: verifyOtpResultSchema,
  }),
  preCheckChangeGoogleAuthenticator: defineCall({
    method: 'GET',
    path: PATHS.preCheckChangeGoogleAuthenticator,
    caller: 'individual',
    tags,
    summary: 'Start replacing the bound authenticator: the new setup key and QR code',
    result: authenticatorSetupSchema,
  }),
  changeGoogleAuthenticator: defineCall({
    method: 'POST',
    path: PATHS.changeGoogleAuthenticator,
    caller: 'individual',
    tags,
    summary: 'Replace the authenticator: current code, emailed GA_CHANGE code, new code',
    body: changeAuthenticatorBodySchema,
    result: bindAuthenticatorResultSchema,
  }),
} as const;
