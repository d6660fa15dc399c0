import { keptPerKey } from './kept-per-key';

/**
 * A server time in the page's language, e.g. "12 Mar 2026, 14:05": the app's one way of writing a
 * date and time. Nothing for no time; a text that is no date is shown as it came.
 */
export function formatDateTime(iso: string | null | undefined, lng: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormatOf(lng).format(date);
}

/** One formatter per language, kept: a history page writes a date on every row. */
const dateTimeFormatOf = keptPerKey((lng) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }));
