import { z } from 'zod';
import { kybInfoSchema, kycAccessTokenResultSchema, kycStatusSchema } from './kyc.ts';
import { COUNTRY_CODE_PATTERN, isValidPostalCode, isValidTextField, TEXT_FIELD_MAX_LENGTH } from './kyc-rules.ts';
import {
  KYB_COMPANY_SECTIONS,
  KYB_DOCUMENT_TYPES,
  KYB_LONG_TEXT_MAX_LENGTH,
  KYB_MAX_CRYPTO_ADDRESSES,
  KYB_MAX_FILES_PER_DOCUMENT,
  KYB_PERSON_TYPES,
  LEGAL_ENTITY_TYPES,
  MONTHLY_TURNOVER_BANDS,
  OWNERSHIP_TYPES,
  SOURCES_OF_FUNDS,
  SOURCES_OF_WEALTH,
} from './kyb-rules.ts';

/**
 * Business verification (KYB): the onboarding form's sections, its people and companies, the
 * enhanced due diligence questionnaire (docs/rules/kyb.md). The form is saved as the person goes,
 * so every field of a section may be missing while it is a draft; a field given must be valid.
 * submit-all checks that everything required is there.
 */

const textField = z
  .string()
  .trim()
  .refine(isValidTextField, `letters, digits, .,()'-+/ and space only, at most ${TEXT_FIELD_MAX_LENGTH} characters`);
const longText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(KYB_LONG_TEXT_MAX_LENGTH, `at most ${KYB_LONG_TEXT_MAX_LENGTH} characters`);
const countryCode = z.string().regex(COUNTRY_CODE_PATTERN, 'must be a two-letter country code such as LT');
const isoDate = z.iso.date('must be a date written YYYY-MM-DD');
/** A stored upload's key, as sign-upload-kyb-temple answered it (the server checks it is the business's own). */
export const kybFilePathSchema = z.string().min(1).max(300);
const filePaths = z.array(kybFilePathSchema).max(KYB_MAX_FILES_PER_DOCUMENT, `at most ${KYB_MAX_FILES_PER_DOCUMENT} files`);
/** An ownership share in percent, 0 < share ≤ 100, with at most two decimals. */
export const ownershipPercentSchema = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage such as 25 or 12.5')
  .refine((value) => Number(value) > 0 && Number(value) <= 100, 'must be more than 0 and at most 100');

export const kybAddressSchema = z.object({
  addressLine: textField,
  city: textField,
  postalCode: z.string().trim().refine(isValidPostalCode, 'must be 2 to 16 letters, digits, spaces or -'),
  country: countryCode,
});
export type KybAddress = z.infer<typeof kybAddressSchema>;

/**
 * A section's update: every field may be left out (kept as saved) or null (cleared). The stored form holds no
 * nulls (but businessAddress's), so a section read back (`z.object(shape).partial()`) has its fields or none.
 */
const sectionUpdate = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .object(
      Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, (field as z.ZodType).nullable().optional()])) as unknown as {
        [K in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[K]>>;
      },
    )
    .strict();

const generalDataShape = {
  jurisdiction: countryCode,
  companyName: textField,
  tradeNames: z.array(textField).max(5, 'at most 5 trade names'),
  registrationNumber: z.string().trim().min(1).max(40),
  legalEntityType: z.enum(LEGAL_ENTITY_TYPES),
  incorporationDate: isoDate,
  website: z.string().trim().max(200).url('must be a web address such as https://example.com'),
  businessEmail: z.email('must be an email address').max(254),
  taxId: z.string().trim().min(1).max(40),
};
export const generalDataSchema = z.object(generalDataShape).partial().strict();
export type GeneralData = z.infer<typeof generalDataSchema>;

const businessDataShape = {
  registeredAddress: kybAddressSchema,
  /** Null: the business operates from its registered address (in an update, the one null kept, not cleared). */
  businessAddress: kybAddressSchema.nullable(),
  mainActivities: longText,
  documents: z.partialRecord(z.enum(KYB_DOCUMENT_TYPES), filePaths),
};
export const businessDataSchema = z.object(businessDataShape).partial().strict();
export type BusinessData = z.infer<typeof businessDataSchema>;

export const cryptoAddressSchema = z.object({
  network: z.string().min(1).max(20),
  address: z.string().trim().min(1).max(128),
  memo: z.string().trim().max(64).nullable(),
});

const financialsShape = {
  sourceOfFunds: z.enum(SOURCES_OF_FUNDS),
  sourceOfFundsDescription: longText,
  sourceOfFundsFiles: filePaths,
  sourceOfWealth: z.enum(SOURCES_OF_WEALTH),
  sourceOfWealthDescription: longText,
  sourceOfWealthFiles: filePaths,
  plannedMonthlyTurnover: z.enum(MONTHLY_TURNOVER_BANDS),
  cryptoAddresses: z.array(cryptoAddressSchema).max(KYB_MAX_CRYPTO_ADDRESSES),
};
export const businessProfileFinancialsSchema = z.object(financialsShape).partial().strict();
export type BusinessProfileFinancials = z.infer<typeof businessProfileFinancialsSchema>;

export const kybSectionSchema = z.enum(KYB_COMPANY_SECTIONS);

/** basic-info/update: one company section as the person has it so far (fields left out stay as saved; null clears). */
export const kybBasicInfoUpdateSchema = z.discriminatedUnion('section', [
  z.object({ section: z.literal('GeneralData'), data: sectionUpdate(generalDataShape) }).strict(),
  z.object({ section: z.literal('BusinessData'), data: sectionUpdate(businessDataShape) }).strict(),
  z.object({ section: z.literal('BusinessProfileFinancials'), data: sectionUpdate(financialsShape) }).strict(),
  z
    .object({
      section: z.literal('Declarations'),
      data: z
        .object({
          /** No one else holds the threshold share or more, directly, indirectly or by control. */
          allOwnersDeclared: z.boolean(),
          /** The information is true and complete. */
          informationAccurate: z.boolean(),
        })
        .partial()
        .strict(),
    })
    .strict(),
]);
export type KybBasicInfoUpdate = z.input<typeof kybBasicInfoUpdateSchema>;

/** The business's verification as the form reads it: the draft, where it stands, and what the reviewer asked again. */
export const kybApplicationSchema = z.object({
  generalData: generalDataSchema,
  businessData: businessDataSchema,
  businessProfileFinancials: businessProfileFinancialsSchema,
  declarations: z.object({ allOwnersDeclared: z.boolean(), informationAccurate: z.boolean() }),
  /** False once submitted, until the reviewer asks for changes. */
  editable: z.boolean(),
  submittedAt: z.iso.datetime().nullable(),
  /** Owners at this share and above must be declared and verified: 25, or 10 once EDD applies. */
  ownershipThresholdPercent: z.number().int(),
  /** The fields the reviewer asked to be corrected (Resubmitting), e.g. GeneralData.registrationNumber. */
  rejectedFields: z.array(z.string()),
  kybInfo: kybInfoSchema,
});
export type KybApplication = z.infer<typeof kybApplicationSchema>;

export const kybPersonTypeSchema = z.enum(KYB_PERSON_TYPES);
export const ownershipTypeSchema = z.enum(OWNERSHIP_TYPES);

/** individual/update: a director, owner or authorised trader (an id updates, none adds). */
export const kybIndividualInputSchema = z
  .object({
    id: z.string().max(40).optional(),
    personType: kybPersonTypeSchema,
    firstName: textField,
    middleName: textField.nullable().default(null),
    lastName: textField,
    dob: isoDate,
    nationality: countryCode,
    countryOfBirth: countryCode,
    /** Management and authorised traders: their position (Director, CFO...). */
    position: textField.nullable().default(null),
    /** Polish nationals: the PESEL, checked against its checksum and date of birth. */
    pesel: z.string().trim().nullable().default(null),
    /** Where the link to their identity verification goes. */
    email: z.email('must be an email address').max(254),
    /** Owners: their share, and how they hold it. */
    ownershipPercent: ownershipPercentSchema.nullable().default(null),
    ownershipType: ownershipTypeSchema.nullable().default(null),
    /** INDIRECT owners: the company of the chain they hold their share through. */
    ownedThroughCompanyId: z.string().max(40).nullable().default(null),
  })
  .strict();
export type KybIndividualInput = z.input<typeof kybIndividualInputSchema>;

export const kybIndividualSchema = z.object({
  id: z.string(),
  personType: kybPersonTypeSchema,
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dob: z.string(),
  nationality: z.string(),
  countryOfBirth: z.string(),
  position: z.string().nullable(),
  pesel: z.string().nullable(),
  email: z.string(),
  ownershipPercent: z.string().nullable(),
  ownershipType: ownershipTypeSchema.nullable(),
  ownedThroughCompanyId: z.string().nullable(),
  /** Their share through the chain, in percent (owners). */
  effectivePercent: z.number().nullable(),
  /** Whether they must verify their identity: every director and trader, owners at the threshold and above. */
  mustVerify: z.boolean(),
  /** Their identity verification: one per human, shared by every role they hold in this business. */
  verificationStatus: kycStatusSchema,
  emailSentAt: z.iso.datetime().nullable(),
});
export type KybIndividual = z.infer<typeof kybIndividualSchema>;

export const kybPersonTypeQuerySchema = z.object({ personType: kybPersonTypeSchema.optional() });
export const kybIndividualListSchema = z.object({ individuals: z.array(kybIndividualSchema) });
export type KybIndividualList = z.infer<typeof kybIndividualListSchema>;

/** A company in the ownership chain (a corporate owner of the business, or of another corporate owner). */
export const kybCompanyInputSchema = z
  .object({
    id: z.string().max(40).optional(),
    companyName: textField,
    registrationNumber: z.string().trim().min(1).max(40),
    jurisdiction: countryCode,
    ownershipPercent: ownershipPercentSchema,
    ownershipType: ownershipTypeSchema,
    /** Null: it owns the business itself; else the company of the chain it owns a share of. */
    ownedThroughCompanyId: z.string().max(40).nullable().default(null),
    documents: filePaths.default([]),
  })
  .strict();
export type KybCompanyInput = z.input<typeof kybCompanyInputSchema>;

export const kybCompanySchema = z.object({
  id: z.string(),
  companyName: z.string(),
  registrationNumber: z.string(),
  jurisdiction: z.string(),
  ownershipPercent: z.string(),
  ownershipType: ownershipTypeSchema,
  ownedThroughCompanyId: z.string().nullable(),
  effectivePercent: z.number(),
  documents: z.array(z.string()),
});
export type KybCompany = z.infer<typeof kybCompanySchema>;
export const kybCompanyListSchema = z.object({ companies: z.array(kybCompanySchema) });

export const kybIdRequestSchema = z.object({ id: z.string().min(1).max(40) }).strict();

/** individual/check-same: is this human already declared in another role (they then verify once)? */
export const kybCheckSameRequestSchema = z
  .object({
    firstName: z.string().trim().min(1).max(70),
    lastName: z.string().trim().min(1).max(70),
    dob: isoDate,
    excludeId: z.string().max(40).optional(),
  })
  .strict();
export const kybCheckSameResultSchema = z.object({
  same: z.array(z.object({ id: z.string(), personType: kybPersonTypeSchema, verificationStatus: kycStatusSchema })),
});

export const kybSendEmailResultSchema = z.object({ emailSentAt: z.iso.datetime() });

/** individual/get-access-token-kyb: the emailed link's ticket (from the link's fragment: never in a URL the server logs). */
export const kybAccessTicketRequestSchema = z.object({ ticket: z.string().min(10).max(600) }).strict();
export const kybIndividualAccessSchema = kycAccessTokenResultSchema.extend({
  companyName: z.string(),
  firstName: z.string(),
  verificationStatus: kycStatusSchema,
});
export type KybIndividualAccess = z.infer<typeof kybIndividualAccessSchema>;

export const kybDocTypeQuerySchema = z.object({ section: kybSectionSchema.optional() });
export const kybDocTypeListSchema = z.object({
  documentTypes: z.array(
    z.object({
      type: z.enum(KYB_DOCUMENT_TYPES),
      section: kybSectionSchema,
      required: z.boolean(),
      maxFiles: z.number().int(),
    }),
  ),
});
export type KybDocTypeList = z.infer<typeof kybDocTypeListSchema>;

export const ownershipTypeQuerySchema = z.object({ type: z.enum(['INDIVIDUAL', 'COMPANY']) });
export const ownershipTypeListSchema = z.object({ ownershipTypes: z.array(ownershipTypeSchema) });

export const gatenoxInviteSchema = z.object({
  /** The KYB vendor's hosted form for this business, when the vendor has one; null: our own form is the form. */
  inviteUrl: z.string().nullable(),
});

/** The EDD questionnaire (spec additional question): the same shapes as the additional-information questions. */
export const EDD_ANSWER_TYPES = ['INPUT_LINE', 'INPUT_BAR', 'UPLOAD', 'RADIO'] as const;
export const eddQuestionSchema = z.object({
  id: z.string(),
  questionText: z.string(),
  additionDescription: z.string().nullable(),
  answerType: z.enum(EDD_ANSWER_TYPES),
  /** RADIO: a JSON list of {option, extraQuestionText?}. */
  radioQuestionDetail: z.string().nullable(),
});
export const eddAnswerSchema = z
  .object({
    id: z.string().min(1).max(40),
    answerText: z.string().max(KYB_LONG_TEXT_MAX_LENGTH).default(''),
    /** UPLOAD: the files' paths, comma-joined. */
    file: z.string().max(2000).default(''),
    radioOption: z.string().max(200).nullable().default(null),
  })
  .strict();
export type EddAnswer = z.infer<typeof eddAnswerSchema>;
export type EddAnswerInput = z.input<typeof eddAnswerSchema>;
export const eddQuestionnaireSchema = z.object({
  questions: z.array(eddQuestionSchema),
  answers: z.array(eddAnswerSchema),
  eddStatus: kybInfoSchema.shape.eddStatus,
  eddFailReason: z.string().nullable(),
});
export type EddQuestionnaire = z.infer<typeof eddQuestionnaireSchema>;
export const eddAnswersRequestSchema = z.object({ answers: z.array(eddAnswerSchema).max(50) }).strict();

/** (chosen) What the portal header shows: the company's name and logo. */
export const kybCompanyHeaderSchema = z.object({
  companyName: z.string().nullable(),
  /** A short-lived signed URL of the logo, or null. */
  logoUrl: z.string().nullable(),
  kybInfo: kybInfoSchema,
});
export type KybCompanyHeader = z.infer<typeof kybCompanyHeaderSchema>;
/** (chosen) kyb/logo: an uploaded jpg or png (sign-upload-kyb-temple), or null to remove it. */
export const kybLogoRequestSchema = z.object({ filePath: kybFilePathSchema.nullable() }).strict();
