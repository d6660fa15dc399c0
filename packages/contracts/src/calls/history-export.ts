import {
  exportHistoryRequestSchema,
  exportHistoryResultSchema,
  exportHistoryStatusQuerySchema,
  exportHistoryStatusResultSchema,
} from '../history-export.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['orders'];

/** The history export (docs/rules/limits.md "History export"): asked for at once, made by a job, downloaded by a signed link. */
export const HISTORY_EXPORT_CALLS = {
  exportHistory: defineCall({
    method: 'POST',
    path: PATHS.exportHistory,
    caller: 'individual',
    tags,
    summary:
      'Ask for a CSV of every order created in a range of at most 365 days (at most 10 a day): answers the export at once, the file is made in the background',
    body: exportHistoryRequestSchema,
    result: exportHistoryResultSchema,
  }),
  exportHistoryStatus: defineCall({
    method: 'GET',
    path: PATHS.exportHistoryStatus,
    caller: 'individual',
    tags,
    summary: "One of the person's exports: PENDING, READY with its download link and expiry (7 days after it was made), or FAILED",
    query: exportHistoryStatusQuerySchema,
    result: exportHistoryStatusResultSchema,
  }),
} as const;
