import { z } from 'zod';
import { AGREEMENT_LOG_MAX_VIEW_MS, AGREEMENT_PROTOCOLS } from './agreement-rules.ts';
import { entitySchema } from './headers-schema.ts';
import { emailSchema } from './identity.ts';
import { LEGAL_LINK_KEYS } from './legal-links.ts';

/**
 * Agreement → version, as the person saw or accepted them. Only the four known agreements; a version is a
 * date (yyyymmdd). Whether it is the current one is the server's check (AGR0000001), not the schema's.
 */
export const protocolMapSchema = z
  .partialRecord(z.enum(AGREEMENT_PROTOCOLS), z.string().regex(/^\d{8}$/, 'a version is a date: yyyymmdd'))
  .refine((map) => Object.keys(map).length > 0, { message: 'protocolMap names at least one agreement' })
  .describe('agreement → version, e.g. {TERM: "20241104", STATEMENT_LI: "20250101"}');

/** terms-and-statements (v1): which terms apply is the channel's (the Roma variant has its own). */
export const termsAndStatementsBodySchema = z.object({
  isRoma: z.boolean().default(false).describe('the Roma channel: TERMROMA instead of TERM'),
});

export const agreementStatusSchema = z.object({
  protocol: z.enum(AGREEMENT_PROTOCOLS),
  version: z.string().describe('the current version: the one to accept'),
  link: z.enum(LEGAL_LINK_KEYS).describe('the legal page with its text, as get-links names it (terms or privacy)'),
  accepted: z.boolean().describe('the person accepted this version'),
  acceptedAt: z.iso.datetime().nullable().describe('when they first accepted it'),
});
export type AgreementStatus = z.infer<typeof agreementStatusSchema>;

export const termsAndStatementsResultSchema = z.object({
  entity: entitySchema.describe("the account's entity, whose statement applies"),
  agreements: z.array(agreementStatusSchema),
  allAccepted: z.boolean().describe('false: the person is asked to accept before trading'),
  protocolMap: z.record(z.string(), z.string()).describe('what to send to terms-and-statements v2 to accept them all'),
});
export type TermsAndStatements = z.infer<typeof termsAndStatementsResultSchema>;

/** terms-and-statements v2: accept these agreements, each at its current version. */
export const acceptAgreementsBodySchema = z.object({ protocolMap: protocolMapSchema });
export const acceptAgreementsResultSchema = z.object({
  accepted: z.array(agreementStatusSchema).describe('the agreements of the map, now accepted (acceptedAt: the first time)'),
});

/** The pre-login agreement log: what a person about to create an account saw of the terms, and whether they ticked them. */
export const agreementLogBodySchema = z.object({
  email: emailSchema,
  agree: z.boolean().describe('the terms box was ticked'),
  viewTime: z.number().int().min(0).max(AGREEMENT_LOG_MAX_VIEW_MS).describe('milliseconds the terms were on screen before this choice'),
  protocolMap: protocolMapSchema,
});
