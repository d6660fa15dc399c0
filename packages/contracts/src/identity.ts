import { z } from 'zod';
import { ENTITIES } from './headers.ts';
import { checkPasswordRules, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule.ts';

/** The four flow modes; business modes get business tokens (docs/rules/roles.md). */
export const LOGIN_MODES = ['individual', 'independent', 'business', 'businessIndependent'] as const;
export const loginModeSchema = z.enum(LOGIN_MODES);
export type LoginMode = z.infer<typeof loginModeSchema>;

export const USER_TYPES = ['Individual', 'Corporate'] as const;
export const ACCOUNT_STATUSES = ['Initial', 'Active', 'Blocked', 'Terminated'] as const;

/** Email as people type it: trimmed, at most 254 characters, one @ with a dotted domain. */
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'email is too long')
  .pipe(z.email({ message: 'must be a valid email address' }));

/** A six-digit code, email or authenticator. */
export const sixDigitCodeSchema = z.string().regex(/^\d{6}$/, 'must be 6 digits');

/**
 * docs/rules/validation.md: 12 to 32 characters with upper case, lower case, a digit and a special character,
 * accepted special characters only. Messages name the failed part, in the order people fix them.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password must be 12 to 32 characters')
  .max(PASSWORD_MAX_LENGTH, 'password must be 12 to 32 characters')
  .refine((p) => checkPasswordRules(p).accepted, { message: 'password contains a special character that is not accepted' })
  .refine((p) => checkPasswordRules(p).upper, { message: 'password needs an upper-case letter' })
  .refine((p) => checkPasswordRules(p).lower, { message: 'password needs a lower-case letter' })
  .refine((p) => checkPasswordRules(p).digit, { message: 'password needs a digit' })
  .refine((p) => checkPasswordRules(p).special, { message: 'password needs a special character' });

/** The bot-check token (docs/rules/entities.md: recaptchaToken) of the steps a script would hammer; spread into their bodies. */
export const botCheckFields = { recaptchaToken: z.string().max(4096).optional() };

export const accountCheckBodySchema = z.object({ email: emailSchema, ...botCheckFields });
export const accountCheckResultSchema = z.object({
  exists: z.boolean(),
  hasPassword: z.boolean(),
  userType: z.enum(USER_TYPES).nullable(),
  accountStatus: z.enum(ACCOUNT_STATUSES).nullable(),
  suggestedEmail: z.string().nullable().describe('a likely fix for a common domain typo, e.g. gmial.com → gmail.com'),
  privateRelay: z.boolean().describe('true for private-relay addresses (Apple Hide My Email), which may not receive our emails'),
  targetEntityTag: z.enum(ENTITIES).nullable(),
});
export type AccountCheckResult = z.infer<typeof accountCheckResultSchema>;

export const sendCodeBodySchema = z.object({ email: emailSchema, ...botCheckFields });
export const sendCodeResultSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const tokenVoSchema = z.object({
  token: z.string(),
  validTime: z.number().int().describe('seconds the token stays valid'),
});
export type TokenVo = z.infer<typeof tokenVoSchema>;

/** What every sign-in step answers. BLOCKED and TERMINATED carry no token (docs/rules/order-states.md: go to user-blocked). */
export const loginResultSchema = z.object({
  status: z.enum(['SUCCESS', 'NEED_GA', 'BLOCKED', 'TERMINATED']),
  token: tokenVoSchema.nullable(),
  processToken: z.string().nullable().describe('with NEED_GA: pass it to verify-ga-code with the authenticator code'),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  accountStatusReasonCode: z.string().nullable(),
  isNewUser: z.boolean(),
  hasPassword: z.boolean(),
  entityTag: z.enum(ENTITIES),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

const sessionOptions = {
  loginMode: loginModeSchema.default('individual'),
  stayLoggedIn: z.boolean().default(false),
};

export const loginWithCodeBodySchema = z.object({
  email: emailSchema,
  code: sixDigitCodeSchema,
  /** For a new account: the terms checkbox (default checked in the UI) must be ticked. */
  termsAccepted: z.boolean().default(false),
  /** The Roma channel (its isRoma flag): a new account accepts its terms, TERMROMA, instead of TERM. */
  isRoma: z.boolean().optional(),
  ...sessionOptions,
});

export const passwordLoginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'password is required').max(128),
  ...botCheckFields,
  ...sessionOptions,
});

export const verifyGaCodeBodySchema = z.object({
  processToken: z.string().min(16).max(1024),
  verifyCode: sixDigitCodeSchema,
});

export const passwordInitBodySchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((b) => b.password === b.confirmPassword, { message: 'Password mismatch', path: ['confirmPassword'] });

export const refreshTokenResultSchema = z.object({ token: tokenVoSchema });

export const loginStatusResultSchema = z.object({
  isLogin: z.boolean(),
  email: z.string().nullable(),
  userType: z.enum(USER_TYPES).nullable(),
  mode: loginModeSchema.nullable(),
  targetEntityTag: z.enum(ENTITIES).nullable().describe('the entity the account is to move to; the client stores it, and null clears it'),
});
export type LoginStatus = z.infer<typeof loginStatusResultSchema>;

const newPasswordFields = { password: passwordSchema, confirmPassword: z.string() };
const passwordsMatch = (b: { password: string; confirmPassword: string }) => b.password === b.confirmPassword;
const mismatch = { message: 'Password mismatch', path: ['confirmPassword'] };

/** reset-check: emails a reset code when the account exists (the answer never says whether it does). */
export const passwordResetCheckBodySchema = z.object({ email: emailSchema, ...botCheckFields });

/**
 * reset: the emailed code and the new password, for someone who forgot the old one; with an
 * authenticator bound, its code too (missing: USE000001006, answered only once the emailed code passed).
 */
export const passwordResetBodySchema = z
  .object({ email: emailSchema, code: sixDigitCodeSchema, gaVerifyCode: sixDigitCodeSchema.optional(), ...newPasswordFields })
  .refine(passwordsMatch, mismatch);

/** reinitialize: a signed-in change; the authenticator code is required when one is bound. */
export const passwordChangeBodySchema = z
  .object({ oldPassword: z.string().min(1).max(128), gaVerifyCode: sixDigitCodeSchema.optional(), ...newPasswordFields })
  .refine(passwordsMatch, mismatch);

export const passwordCheckBodySchema = z.object({ password: z.string().min(1).max(128) });
