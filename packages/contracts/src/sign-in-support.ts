import { z } from 'zod';
import { AGREEMENT_PROTOCOLS } from './agreement-rules.ts';
import { otpScenarioSchema } from './authenticator.ts';
import { entitySchema } from './headers-schema.ts';
import { ACCOUNT_STATUSES, emailSchema, sixDigitCodeSchema, USER_TYPES } from './identity.ts';

export const ipCheckResultSchema = z.object({
  ipCountry: z.string().nullable().describe('ISO alpha-2 country of the request IP, null when unknown'),
  isUk: z.boolean().describe('the IP is in the United Kingdom: UK notices apply'),
  blocked: z.boolean().describe("the IP is in a country whose residents are not accepted (the countries table's residence flag)"),
});

export const inRegisterResultSchema = ipCheckResultSchema.extend({
  canRegister: z.boolean(),
});

export const statementQuerySchema = z.object({
  entity: entitySchema.optional(),
  isRoma: z.enum(['true', 'false']).optional(),
});
export const statementResultSchema = z.object({
  protocolMap: z
    .record(z.string(), z.string())
    .describe('agreement → version the person accepts, e.g. {TERM: 20241104, STATEMENT_LI: 20250101}'),
});

export const clientLogBodySchema = z.object({
  uuid: z.uuid(),
  logMap: z
    .record(z.string().max(64), z.string().max(2000))
    .refine((map) => Object.keys(map).length <= 50, { message: 'logMap holds at most 50 entries' }),
});

/** oauth/get-timeout-ticket: a signed, short-lived state ticket that an OAuth sign-in must return. */
export const timeoutTicketResultSchema = z.object({
  ticket: z.string(),
  expireSeconds: z.number().int(),
});

/** verify-login-email: does the signed-in account have the email a merchant's entry names? */
export const verifyLoginEmailBodySchema = z.object({ email: emailSchema });
export const verifyLoginEmailResultSchema = z.object({
  match: z.boolean().describe('false: a different account is signed in, so the page signs out and starts over'),
  email: z.string().describe('the signed-in account'),
});

/** account/check: the signed-in account's standing, read before sensitive steps (docs/rules/order-states.md blocked rule). */
export const accountStatusResultSchema = z.object({
  email: z.string(),
  userType: z.enum(USER_TYPES),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  accountStatusReasonCode: z.string().nullable(),
  entityTag: entitySchema,
  sensitiveActionsSuspendedUntil: z.iso
    .datetime()
    .nullable()
    .describe('sell, add card and add bank account wait until then (24 h after a security change)'),
});

/** verification/verify-code: an emailed EMAIL_OTP code; with entityProtocolId it also records that agreement's acceptance. */
export const verificationVerifyCodeBodySchema = z.object({
  verifyCode: sixDigitCodeSchema,
  scenario: otpScenarioSchema.default('SECURITY'),
  entityProtocolId: z
    .enum(AGREEMENT_PROTOCOLS)
    .optional()
    .describe('the entity statement accepted with this code: STATEMENT for PL, STATEMENT_LI otherwise'),
});
