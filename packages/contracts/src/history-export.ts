import { z } from 'zod';
import { HISTORY_EXPORT_STATUSES } from './history-export-rules.ts';

export * from './history-export-rules.ts';

/**
 * order/export-history (docs/rules/limits.md "History export"): a CSV of every order the person made
 * between `from` and `to`, at most 365 days apart and ending no later than today.
 */
export const exportHistoryRequestSchema = z.object({
  from: z.iso.datetime({ offset: true }).describe("the first moment included (the start of the first day, in the person's time zone)"),
  to: z.iso.datetime({ offset: true }).describe('the last moment included (the end of the last day)'),
  lang: z
    .enum(['en', 'zh'])
    .optional()
    .describe("the file's header row and the ready email: the page's language (default: Accept-Language)"),
});
export type ExportHistoryRequest = z.input<typeof exportHistoryRequestSchema>;

const exportIdSchema = z
  .string()
  .regex(/^exp_[a-z0-9]{1,40}$/, 'must be an export id')
  .describe('the export, as export-history answered it');

export const exportHistoryResultSchema = z.object({
  exportId: exportIdSchema,
  status: z.enum(HISTORY_EXPORT_STATUSES),
});
export type ExportHistoryResult = z.infer<typeof exportHistoryResultSchema>;

export const exportHistoryStatusQuerySchema = z.object({ exportId: exportIdSchema });

export const exportHistoryStatusResultSchema = z.object({
  exportId: exportIdSchema,
  status: z.enum(HISTORY_EXPORT_STATUSES),
  /** A link only the person was given (signed by the server): it downloads the CSV until `expiresAt`. */
  downloadUrl: z.string().nullable().describe('READY: where the CSV downloads from (an attachment); null otherwise'),
  expiresAt: z.string().nullable().describe('READY: ISO time the file is deleted and the link stops working'),
});
export type ExportHistoryStatusResult = z.infer<typeof exportHistoryStatusResultSchema>;
