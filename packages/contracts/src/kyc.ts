import { KYC_EVENT_STATUSES } from '@causeway/sdk/events';
import { z } from 'zod';
import { EDD_STATUSES } from './edd-rules.ts';
import { entitySchema } from './headers-schema.ts';
import { ACCOUNT_STATUSES, USER_TYPES } from './identity.ts';
import {
  COUNTRY_CODE_PATTERN,
  ID_DOCUMENT_TYPES,
  POSTAL_CODE_CHARACTERS,
  POSTAL_CODE_MAX_LENGTH,
  POSTAL_CODE_MIN_LENGTH,
  TEXT_FIELD_CHARACTERS,
  TEXT_FIELD_MAX_LENGTH,
} from './kyc-rules.ts';
import { channelCodeSchema, currencyCodeSchema, decimalStringSchema } from './reference.ts';

/** A person's verification statuses: one list with the merchant SDK's event model (packages/sdk/src/events.ts). */
export const KYC_STATUSES = KYC_EVENT_STATUSES;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** kyc-main/client/sumsub/get-access-token: the vendor's hosted step for the signed-in person. */
export const kycAccessTokenResultSchema = z.object({
  provider: z.enum(['sandbox', 'sumsub']),
  token: z.string().describe("the vendor's access token (Sumsub WebSDK accessToken)"),
  url: z.string().nullable().describe("the sandbox vendor's page for this token; null with Sumsub (the WebSDK takes the token)"),
  applicantId: z.string(),
  expiresInSeconds: z.number().int(),
});
export type KycAccessTokenResult = z.infer<typeof kycAccessTokenResultSchema>;

/** docs/rules/order-states.md types of verification step; the profile's current and next step use them. */
export const KYC_STEPS = ['IDV', 'LIVENESS_CHECK', 'POA', 'IDV_AND_LIVENESS_CHECK', 'QUESTIONNAIRE', 'EDD'] as const;
export const KYC_FLOW_VERSIONS = ['V1', 'V2'] as const;

export const kycInfoSchema = z.object({
  kycStatus: kycStatusSchema,
  kycFlowVersion: z.enum(KYC_FLOW_VERSIONS).describe('V2: our own document step (docsverification); V1: the vendor hosted step'),
  entitySwitch: z.boolean(),
  routeEntity: entitySchema.nullable(),
  residentCountry: z.string().nullable(),
  entitySwitchDeadline: z.iso.datetime().nullable(),
  hitClickedLaterCache: z.boolean(),
  overDeadLine: z.boolean(),
  nextKycStep: z.enum(KYC_STEPS).nullable(),
  currentKycStep: z.enum(KYC_STEPS).nullable(),
  remediationStatus: z.enum(['Pop', 'Closed']).nullable(),
  /** The verified tier (0 until a review passes): what the limits and a merchant's kyc.updated say. */
  kycLevel: z.number().int().min(0),
  /**
   * What became of the verification a merchant shared (Reusable KYC), while this person is not yet
   * verified here: reused (the vendor is checking it under our level) or refused (they verify here).
   */
  sharedKyc: z
    .object({ outcome: z.enum(['reused', 'refused']), merchantName: z.string() })
    .nullable()
    .optional(),
  /** Enhanced due diligence (docs/rules/edd.md): where it stands, and by when answers are due; absent when never asked. */
  eddStatus: z.enum(EDD_STATUSES).nullable().optional(),
  eddDeadline: z.iso.datetime().nullable().optional(),
});
export type KycInfo = z.infer<typeof kycInfoSchema>;

export const KYB_STATUSES = ['Initial', 'Processing', 'Pending', 'Pass', 'Failed', 'Resubmitting'] as const;
export const kybInfoSchema = z.object({
  kybBasicStatus: z.enum(KYB_STATUSES),
  kybStandardStatus: z.enum(KYB_STATUSES).nullable(),
  eddStatus: z.enum(KYB_STATUSES).nullable(),
  verificationStatus: z.enum(KYB_STATUSES),
  eddFailReason: z.string().nullable(),
  verificationFailReason: z.string().nullable(),
});
export type KybInfo = z.infer<typeof kybInfoSchema>;

/** customer/user/query-overview-info: docs/rules/entities.md account info. */
export const accountOverviewSchema = z.object({
  email: z.string(),
  userType: z.enum(USER_TYPES),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  accountStatusReasonCode: z.string().nullable(),
  entityTag: entitySchema,
  requireDynamicQuestionnaire: z.boolean(),
  ukFlag: z.boolean().describe('resident in the United Kingdom: UK notices and limits apply'),
  kycInfo: kycInfoSchema.nullable().describe('individuals'),
  kybInfo: kybInfoSchema.nullable().describe('corporate accounts'),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

export const overviewQuerySchema = z.object({
  paymentMethod: z.string().max(64).optional(),
  businessType: z.string().max(32).optional(),
  fiatCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'fiatCurrency must be a 3-letter code')
    .optional(),
  channel: z.string().max(32).optional(),
});

/** get-kyc-basic-info: what the person's verification recorded. */
export const kycBasicInfoSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dob: z.string().nullable(),
  nationality: z.string().nullable(),
  residentCountry: z.string().nullable(),
  address: z.object({ addressLine: z.string(), city: z.string(), postalCode: z.string(), country: z.string() }).nullable(),
  kycStatus: kycStatusSchema,
  kycLevel: z.number().int(),
});

/** kyc-sync-task-check: whether every vendor event about the person has been applied yet. */
export const kycSyncResultSchema = z.object({ synced: z.boolean(), kycStatus: kycStatusSchema });

/**
 * join-uk-email-list (meaning chosen, docs/rules/uk-and-countries.md): the account's email joins the UK launch
 * list, once. The account is the ticket's, when the body carries the one a refused sign-in's UK notice gave
 * (10000041's data, {@link UkLoginNoticeData}), else the session's.
 */
export const joinUkEmailListBodySchema = z
  .object({ ticket: z.string().min(16).max(1024).optional().describe('the ukListTicket of a 10000041 answer (30 minutes)') })
  .strict();
export type JoinUkEmailListBody = z.infer<typeof joinUkEmailListBodySchema>;

/** The data of a 10000041 (UkLoginNoticeRequired) answer: the ticket with which its notice may join the UK list without a session. */
export interface UkLoginNoticeData {
  ukListTicket: string;
}

export const joinUkEmailListResultSchema = z.object({ joined: z.literal(true), alreadyJoined: z.boolean() });
export type JoinUkEmailListResult = z.infer<typeof joinUkEmailListResultSchema>;

/** pre-check: may the person start (or restart) verification now, and if not why. */
export const kycPreCheckResultSchema = z.object({
  canStart: z.boolean(),
  reason: z.enum(['ALREADY_VERIFIED', 'UNDER_REVIEW', 'ACCOUNT_BLOCKED', 'REGION_NOT_SUPPORTED']).nullable(),
  kycStatus: kycStatusSchema,
});

/** docs/rules/validation.md text fields (names, address lines): letters, digits, .,()'-+/ and space, at most 70 (see kyc-rules.ts). */
const textField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(TEXT_FIELD_MAX_LENGTH, `at most ${TEXT_FIELD_MAX_LENGTH} characters`)
  .regex(TEXT_FIELD_CHARACTERS, "letters, digits, .,()'-+/ and spaces only");
const countryCode = z.string().regex(COUNTRY_CODE_PATTERN, 'must be a two-letter country code');

export const kycAddressSchema = z.object({
  addressLine: textField,
  city: textField,
  postalCode: z
    .string()
    .trim()
    .min(POSTAL_CODE_MIN_LENGTH)
    .max(POSTAL_CODE_MAX_LENGTH)
    .regex(POSTAL_CODE_CHARACTERS, 'letters, digits, spaces and - only'),
  country: countryCode,
});
export const checkAddressResultSchema = z.object({ required: z.boolean(), address: kycAddressSchema.nullable() });

export const LIMIT_PERIODS = ['DAILY', 'MONTHLY', 'YEARLY'] as const;

/**
 * customer/user/kyc/limit/query's optional pair (chosen): with all three, the answer adds the
 * amounts the person may buy of it now, so the buy page shows their own room before any quote.
 */
export const kycLimitsQuerySchema = z
  .object({
    fiatCurrency: currencyCodeSchema.optional(),
    cryptoCurrency: currencyCodeSchema.optional(),
    network: z
      .string()
      .regex(/^[A-Z0-9]{2,16}$/, 'must be a network code such as BTC or ETH')
      .optional(),
    channelCode: channelCodeSchema.default('CHECKOUT'),
  })
  .refine(
    (query) =>
      [query.fiatCurrency, query.cryptoCurrency, query.network].every((part) => part === undefined) ||
      [query.fiatCurrency, query.cryptoCurrency, query.network].every((part) => part !== undefined),
    {
      message: 'give fiatCurrency, cryptoCurrency and network together, or none of them',
      path: ['fiatCurrency'],
    },
  );

/** customer/user/kyc/limit/query: userKycLimitVos, amounts as decimal strings. */
export const kycLimitsResultSchema = z.object({
  /**
   * With a pair asked (kycLimitsQuerySchema): the amounts of the order's fiat the person may buy of
   * it now, the pair's range cut to the room their tier's periods leave; the quote says the same.
   */
  amountRange: z.object({ currency: z.string(), minAmount: decimalStringSchema, maxAmount: decimalStringSchema }).optional(),
  kycLevel: z.number().int(),
  userKycLimitVos: z.array(
    z.object({
      kycLevel: z.number().int(),
      period: z.enum(LIMIT_PERIODS),
      currency: z.string(),
      limitAmount: z.string(),
      usedAmount: z.string(),
      availableAmount: z.string(),
      current: z.boolean().describe("the person's own tier"),
    }),
  ),
});

/**
 * docsverification (kycFlowVersion V2): our own document step. The files were uploaded first
 * (sign-upload, then PUT); their filePaths come back here with the details the person typed.
 */
export const docsVerificationSubmitSchema = z.object({
  firstName: textField,
  lastName: textField,
  dob: z.iso.date('must be a date YYYY-MM-DD'),
  nationality: countryCode,
  residenceCountry: countryCode,
  documentType: z.enum(ID_DOCUMENT_TYPES),
  files: z
    .array(z.object({ filePath: z.string().min(1).max(512), side: z.enum(['FRONT_SIDE', 'BACK_SIDE']).nullable().default(null) }))
    .min(1, 'add the document')
    .max(2, 'at most 2 files: the front and the back'),
});
export type DocsVerificationSubmit = z.infer<typeof docsVerificationSubmitSchema>;

export const entitySwitchQuerySchema = z.object({ entityProtocolId: z.enum(['STATEMENT', 'STATEMENT_LI']) });

/** entity-switch/precheck: whether the account has a move to make, to which entity, by when. */
export const entitySwitchPrecheckSchema = z.object({
  canSwitch: z.boolean(),
  currentEntity: entitySchema,
  targetEntity: entitySchema.nullable(),
  deadline: z.iso.datetime().nullable(),
  overDeadLine: z.boolean(),
  protocol: z.enum(['STATEMENT', 'STATEMENT_LI']).nullable().describe('the statement to accept for the target entity'),
  version: z.string().nullable(),
});

/** entity-switch: the account moved; the session is rotated so the new token carries the new entity. */
export const entitySwitchResultSchema = z.object({
  entityTag: entitySchema,
  token: z.object({ token: z.string(), validTime: z.number().int() }),
});
export type EntitySwitchResult = z.infer<typeof entitySwitchResultSchema>;

/** route-entity-check: the person chose "later"; the banner shows the deadline until then. */
export const routeEntityCheckResultSchema = z.object({
  hitClickedLaterCache: z.boolean(),
  entitySwitchDeadline: z.iso.datetime().nullable(),
});
