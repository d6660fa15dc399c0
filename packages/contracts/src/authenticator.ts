import { z } from 'zod';
import { emailSchema, sixDigitCodeSchema, tokenVoSchema } from './identity.ts';

/** Where a second factor may be asked for. Money movement and factor changes need it when one is bound. */
export const OTP_SCENARIOS = ['LOGIN', 'BUY', 'SELL', 'WITHDRAW', 'ADD_CARD', 'ADD_BANK_ACCOUNT', 'SECURITY'] as const;
export const otpScenarioSchema = z.enum(OTP_SCENARIOS);

export const BIND_STATUSES = ['NONE', 'BINDED', 'COOLING_OFF_PERIOD'] as const;
export const OTP_STEPS = ['skip-otp', 'bind-otp', 'verify-otp'] as const;

export const bindingStatusQuerySchema = z.object({ scenario: otpScenarioSchema.default('SECURITY') });
export const bindingStatusResultSchema = z.object({
  bindStatus: z.enum(BIND_STATUSES),
  otpStep: z.enum(OTP_STEPS).describe('skip-otp: no modal; bind-otp: the bind modal; verify-otp: the verify modal'),
  email: z.string(),
});

export const authenticatorSetupSchema = z.object({
  googleAuthenticatorToken: z.string().describe('the setup key (base32) people type into their app'),
  qrCode: z.string().nullable().describe('data: URL of a PNG QR code of the otpauth URI'),
});

/** docs/rules/limits.md: 100 px in the bind modal, 180 px in the download modal. */
export const qrCodeBodySchema = z.object({
  qrCodeWidth: z.number().int().min(64).max(512).default(100),
  qrCodeHeight: z.number().int().min(64).max(512).default(100),
});

export const downloadQrBodySchema = qrCodeBodySchema.extend({ clientType: z.enum(['Android', 'IOS']).default('Android') });
export const downloadQrResultSchema = z.array(
  z.object({ clientType: z.enum(['Android', 'IOS']), url: z.string(), qrCode: z.string().describe('URL-encoded data: URL') }),
);

/** What an emailed verification code is for: binding or changing the authenticator, or the email OTP of verify-otp. */
export const VERIFY_BUSINESSES = ['GA_BIND', 'GA_CHANGE', 'EMAIL_OTP'] as const;
export const verificationSendCodeBodySchema = z.object({
  verifyBusiness: z.enum(VERIFY_BUSINESSES),
  email: emailSchema,
  nonInductiveVerification: z.boolean().default(true),
});

export const bindAuthenticatorBodySchema = z.object({
  newGaVerifyCode: sixDigitCodeSchema,
  emailVerifyCode: sixDigitCodeSchema,
});
export const bindAuthenticatorResultSchema = z.object({ bindStatus: z.enum(['SUCCESS', 'FAILED']) });

export const VERIFY_OTP_TYPES = ['EMAIL_OTP', 'GA_OTP'] as const;
export const verifyOtpQuerySchema = z.object({
  verifyOtpType: z.enum(VERIFY_OTP_TYPES),
  verifyCode: sixDigitCodeSchema,
  scenario: otpScenarioSchema.default('SECURITY'),
});
export const verifyOtpResultSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILED']),
  tokenVo: tokenVoSchema.nullable().describe('with SUCCESS: a short-lived proof of the second factor for the next sensitive call'),
});

/** change-google-authenticator: the current app's code, the emailed GA_CHANGE code and the new app's first code. */
export const changeAuthenticatorBodySchema = z.object({
  oldGaVerifyCode: sixDigitCodeSchema,
  newGaVerifyCode: sixDigitCodeSchema,
  emailVerifyCode: sixDigitCodeSchema,
});
