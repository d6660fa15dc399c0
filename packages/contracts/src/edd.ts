import { z } from 'zod';
import {
  EDD_MAX_FILES,
  EDD_PARTS,
  EDD_STATUSES,
  EDD_TEXT_MAX_LENGTH,
  EDD_TEXT_MIN_LENGTH,
  SOURCE_OF_FUNDS_CHOICES,
  SOURCE_OF_WEALTH_CHOICES,
} from './edd-rules.ts';

/** A stored file the person uploaded (sign-upload's filePath). */
const filePathSchema = z.string().trim().min(1).max(300);

const filesSchema = z
  .array(filePathSchema)
  .min(1, 'upload at least one file')
  .max(EDD_MAX_FILES, `at most ${EDD_MAX_FILES} files`)
  .describe("the person's own uploads (sign-upload's filePath); source-of-funds files must differ from source-of-wealth files");

const textSchema = z
  .string()
  .trim()
  .min(EDD_TEXT_MIN_LENGTH, `at least ${EDD_TEXT_MIN_LENGTH} characters`)
  .max(EDD_TEXT_MAX_LENGTH, `at most ${EDD_TEXT_MAX_LENGTH} characters`);

/** edd-detail/commit/sow: how the person built up what they own, with evidence. */
export const eddSowCommitSchema = z.object({ choice: z.enum(SOURCE_OF_WEALTH_CHOICES), text: textSchema, files: filesSchema }).strict();
export type EddSowCommit = z.infer<typeof eddSowCommitSchema>;

/** edd-detail/commit/sof: where the money they trade with comes from, with evidence other than the source of wealth's. */
export const eddSofCommitSchema = z.object({ choice: z.enum(SOURCE_OF_FUNDS_CHOICES), text: textSchema, files: filesSchema }).strict();
export type EddSofCommit = z.infer<typeof eddSofCommitSchema>;

/** One part as committed: the choice, the text and the files (named as the person's file was). */
export const eddPartAnswerSchema = z.object({
  choice: z.string(),
  text: z.string(),
  files: z.array(z.object({ filePath: z.string(), fileName: z.string() })),
  committedAt: z.iso.datetime(),
});
export type EddPartAnswer = z.infer<typeof eddPartAnswerSchema>;

/** edd-detail/query/detail: what is asked, what the person answered, and where it stands. */
export const eddDetailSchema = z.object({
  eddStatus: z.enum(EDD_STATUSES).nullable().describe('null: no enhanced due diligence is asked of this person'),
  deadline: z.iso.datetime().nullable().describe('answers are due by then (Initial, RFI); unanswered, the account is blocked (AC100004)'),
  askedParts: z.array(z.enum(EDD_PARTS)).describe('the parts still to commit (Initial: both; RFI: those the reviewer asked again)'),
  rfiMessage: z.string().nullable().describe("the reviewer's request for more information (RFI)"),
  sow: eddPartAnswerSchema.nullable(),
  sof: eddPartAnswerSchema.nullable(),
});
export type EddDetail = z.infer<typeof eddDetailSchema>;

/** edd-detail/options: the language of the texts (the request's language when left out). */
export const eddOptionsRequestSchema = z
  .object({ language: z.enum(['en', 'zh']).optional() })
  .strict()
  .nullish();

const eddOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  hint: z.string().describe('the evidence that fits; may hold {bankStatementExample}, where the example link goes'),
});

/** The choices of each part in one language, and the example bank statement the hints link to. */
export const eddOptionsSchema = z.object({
  language: z.enum(['en', 'zh']),
  sow: z.array(eddOptionSchema),
  sof: z.array(eddOptionSchema),
  bankStatementExample: z.object({
    placeholder: z.string().describe('the text in a hint the link replaces'),
    label: z.string(),
    url: z.string(),
  }),
});
export type EddOptions = z.infer<typeof eddOptionsSchema>;
export type EddOption = z.infer<typeof eddOptionSchema>;
