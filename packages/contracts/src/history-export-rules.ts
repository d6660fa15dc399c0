/**
 * The history export's rules that need no schema (docs/rules/limits.md "History export"): apart from
 * history-export.ts so the web app's pages can use them without loading Zod.
 */

/** docs/rules/limits.md: an export's file can be downloaded for 7 days after it was made, then it is deleted. */
export const HISTORY_EXPORT_FILE_TTL_DAYS = 7;
/** docs/rules/limits.md: exports a person may ask for in a UTC day, so nobody can fill the disk. */
export const HISTORY_EXPORTS_PER_DAY = 10;

/** PENDING while the job writes the file; READY with a download link; FAILED when it could not be made. */
export const HISTORY_EXPORT_STATUSES = ['PENDING', 'READY', 'FAILED'] as const;
export type HistoryExportStatus = (typeof HISTORY_EXPORT_STATUSES)[number];
