import { HISTORY_MAX_RANGE_DAYS } from '@causeway/contracts';

/** A history range as the date inputs hold it: local calendar days, both included (YYYY-MM-DD). */
export interface DateRange {
  from: string;
  to: string;
}

export type RangeProblem = 'missing' | 'reversed' | 'tooLong';

/** The history's default: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** `date` as a local YYYY-MM-DD (what <input type="date"> shows). */
export const toDateInput = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The `days` calendar days that end today (today included). */
export function lastDays(days: number, today: Date = new Date()): DateRange {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: toDateInput(from), to: toDateInput(today) };
}

const parseDay = (value: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
};

/**
 * docs/rules/validation.md: a range covers at most 365 days. Counted as calendar days with both ends included, so
 * the times sent (start of the first day to the end of the last) are never more than 365 × 24 h
 * apart, whichever way the server measures.
 */
export function rangeProblem({ from, to }: DateRange): RangeProblem | null {
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === null || end === null) return 'missing';
  if (end < start) return 'reversed';
  return (end - start) / DAY_MS + 1 > HISTORY_MAX_RANGE_DAYS ? 'tooLong' : null;
}

/** The list-order times of a (valid) range: local midnight of `from` to the last millisecond of `to`, as ISO strings. */
export function rangeTimes({ from, to }: DateRange): { startTime: string; endTime: string } {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return {
    startTime: new Date(fy, fm - 1, fd).toISOString(),
    endTime: new Date(new Date(ty, tm - 1, td + 1).getTime() - 1).toISOString(),
  };
}

/** Whether the range ends after today (the history export's rule: docs/rules/validation.md "History"). */
export const endsAfterToday = ({ to }: DateRange, today: Date = new Date()): boolean => to > toDateInput(today);
