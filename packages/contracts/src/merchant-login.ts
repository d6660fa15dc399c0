import { z } from 'zod';
import { botCheckFields, emailSchema, loginResultSchema, sixDigitCodeSchema } from './identity.ts';

/**
 * docs/rules/order-states.md account-selection states of the merchant sign-in (kyc/... calls), where the email a
 * merchant sent maps to an account other than the one linked to the merchant's customer, or must
 * be replaced:
 * - WAIT_CONFIRM: the merchant's email is usable; the person confirms it (or types another).
 * - WAIT_NEW_EMAIL: the person must type an email (none given, private relay, or unusable).
 * - WAIT_SELECT_ACCOUNT: the linked account and the merchant email's account differ: pick one.
 * - WAIT_EMAIL_VERIFY_CODE: a code went to the chosen address; the person may still change it.
 * - ONLY_WAIT_EMAIL_VERIFY_CODE: a code went to the linked account; nothing else to choose.
 * SIGNED_IN ends the flow with the sign-in answer in `login` (SUCCESS, NEED_GA, BLOCKED, ...).
 */
export const ACCOUNT_SELECTION_STATES = [
  'WAIT_CONFIRM',
  'WAIT_NEW_EMAIL',
  'WAIT_EMAIL_VERIFY_CODE',
  'WAIT_SELECT_ACCOUNT',
  'ONLY_WAIT_EMAIL_VERIFY_CODE',
] as const;
export type AccountSelectionState = (typeof ACCOUNT_SELECTION_STATES)[number];
export const MERCHANT_LOGIN_STATES = [...ACCOUNT_SELECTION_STATES, 'SIGNED_IN'] as const;
export type MerchantLoginState = (typeof MERCHANT_LOGIN_STATES)[number];

/** Why WAIT_NEW_EMAIL: no email given, a private-relay address, or an account that cannot sign in here. */
export const NEW_EMAIL_REASONS = ['MISSING', 'PRIVATE_RELAY', 'ACCOUNT_UNAVAILABLE'] as const;

/** WAIT_SELECT_ACCOUNT choices: the account linked to the merchant's customer, or the merchant email's account. */
export const ACCOUNT_CHOICES = ['LINKED', 'EMAIL'] as const;

const MAX_ENTRY_PARAMS = 30;

/** The merchant's signed entry parameters, exactly as they arrived in the page's query string. */
export const merchantEntrySchema = z
  .looseObject({
    apiKey: z.string().min(1).max(64),
    merchantUserId: z.string().min(1).max(128),
    email: z.string().max(254).optional(),
    timestamp: z.string().regex(/^\d{1,15}$/, 'timestamp must be milliseconds since the epoch'),
    signature: z.string().regex(/^[0-9a-f]{64}$/i, 'signature must be 64 hex characters'),
    /** The merchant says its customer is new (docs/rules/merchant-linking.md "Entry parameters"). */
    isNewAcct: z.enum(['true', 'false'], 'isNewAcct must be true or false').optional(),
    fromEmail: z.enum(['true', 'false'], 'fromEmail must be true or false').optional(),
    /** The merchant's own campaign or channel tag, kept on the customer's link for its console. */
    cTag: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'cTag must be 1 to 64 letters, digits, dots, colons, underscores or hyphens')
      .optional(),
  })
  .refine((entry) => Object.keys(entry).length <= MAX_ENTRY_PARAMS, { message: `at most ${MAX_ENTRY_PARAMS} entry parameters` })
  .refine((entry) => Object.values(entry).every((value) => typeof value === 'string' && value.length <= 2048), {
    message: 'entry parameters are strings of at most 2048 characters',
  });

export const merchantLoginStartBodySchema = z.object({
  entry: merchantEntrySchema,
  loginMode: z.enum(['independent', 'businessIndependent']).default('independent'),
  /** skip-login: sign a recently verified, linked customer in without a code when the merchant allows it. */
  skipLogin: z.boolean().default(false),
  stayLoggedIn: z.boolean().default(false),
});

export const merchantLoginResultSchema = z.object({
  state: z.enum(MERCHANT_LOGIN_STATES),
  processToken: z.string().nullable().describe('pass it to the next kyc/... call; null once SIGNED_IN'),
  merchantName: z.string(),
  email: z.string().nullable().describe('the address the state is about; masked when it is the linked account'),
  accountExists: z.boolean().describe('WAIT_CONFIRM / code states: an account already uses this email'),
  newEmailReason: z.enum(NEW_EMAIL_REASONS).nullable(),
  accounts: z.array(z.object({ choice: z.enum(ACCOUNT_CHOICES), email: z.string() })).describe('WAIT_SELECT_ACCOUNT: the two candidates'),
  resendAfterSeconds: z.number().int().nullable().describe('code states: seconds until a new code may be asked for'),
  login: loginResultSchema.nullable(),
  /**
   * The first answer only (docs/rules/merchant-linking.md): the merchant's page the checkout is embedded in
   * (its events go there) and where the person returns, each only when on one of the merchant's allowed origins.
   */
  merchantPage: z.object({ hostOrigin: z.string().nullable(), redirectUrl: z.string().nullable() }).nullable(),
});
export type MerchantLoginResult = z.infer<typeof merchantLoginResultSchema>;

const processToken = z.string().min(16).max(2048);

export const merchantProcessBodySchema = z.object({ processToken, ...botCheckFields });
export const merchantNewEmailBodySchema = z.object({ processToken, email: emailSchema, ...botCheckFields });
export const merchantSelectAccountBodySchema = z.object({ processToken, selectAccount: z.enum(ACCOUNT_CHOICES) });
export const merchantLoginWithCodeBodySchema = z.object({
  processToken,
  code: sixDigitCodeSchema,
  /** For a new account: the terms checkbox (default checked in the UI) must be ticked. */
  termsAccepted: z.boolean().default(false),
});

/**
 * Account linking by a merchant transaction's orderToken (docs/rules/merchant-linking.md): the token the
 * merchant's server got when it created the transaction, carried by its link to the checkout.
 */
export const merchantBindRequestSchema = z.object({ orderToken: z.string().trim().min(1).max(200) });
/** spec §4: why a merchant's linked sign-in failed; the account-linking-failed page shows each. */
export const KYC_LOGIN_FAIL_CODES = [
  'ALREADY_LINKED_ANOTHER_ACCOUNT',
  'SHARE_KYC_NOT_MATCH_USER_KYC',
  'ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC',
] as const;
export const merchantBindStatusSchema = z.object({
  tranId: z.string(),
  merchantName: z.string(),
  /** BOUND: this account is the merchant's customer; BOUND_TO_ANOTHER: the customer is another account of ours; UNBOUND: neither yet. */
  bindStatus: z.enum(['UNBOUND', 'BOUND', 'BOUND_TO_ANOTHER']),
});
export const merchantBindResultSchema = z.object({
  tranId: z.string(),
  merchantName: z.string(),
  bindStatus: z.enum(['SUCCESS', 'FAILED']),
  failCode: z.enum(KYC_LOGIN_FAIL_CODES).nullable(),
});
export type MerchantBindResult = z.infer<typeof merchantBindResultSchema>;
