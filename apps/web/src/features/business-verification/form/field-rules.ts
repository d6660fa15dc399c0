import { isValidPostalCode, isValidTextField, KYB_LONG_TEXT_MAX_LENGTH } from '@causeway/contracts';

/**
 * The small checks of the business form that the contracts hold as zod only (dates, web addresses,
 * emails, shares), written again without zod so the page does not bundle it (ARCHITECTURE.md, web
 * app): the server's schemas in packages/contracts/src/kyb.ts stay the judge.
 */

/** A problem's words for a field, or undefined when it is fine. */
export type Check = (value: string) => string | undefined;
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Today as YYYY-MM-DD in the person's own time zone (what a date input shows). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar date written YYYY-MM-DD, from 1800 (an old company) to today. */
export function isPastDate(value: string, now = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1800 && value <= localToday(now);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (value: string): boolean => value.trim().length <= 254 && EMAIL.test(value.trim());

/** A web address as the contract's url() takes it, limited to http(s) (what a reviewer can open). */
export function isWebsite(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length > 200 || !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(trimmed)) return false;
  try {
    return Boolean(new URL(trimmed).hostname);
  } catch {
    return false;
  }
}

/** ownershipPercentSchema: more than 0, at most 100, two decimals at most (a string: shares are never JS-number maths here). */
export function isOwnershipPercent(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return false;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const isZero = Number(whole) === 0 && /^0*$/.test(fraction);
  const overHundred = Number(whole) > 100 || (Number(whole) === 100 && /[1-9]/.test(fraction));
  return !isZero && !overHundred;
}

/** The checks every form of the feature shares, worded in the page language. */
export function fieldChecks(t: Translate) {
  const optional =
    (check: Check): Check =>
    (value) =>
      value.trim() === '' ? undefined : check(value);
  return {
    /** docs/rules/kyb.md text fields: letters, digits, .,()'-+/ and space, at most 70. */
    text: optional((value) => (isValidTextField(value) ? undefined : t('kyb.problems.text'))),
    longText: optional((value) =>
      value.trim().length > KYB_LONG_TEXT_MAX_LENGTH ? t('kyb.problems.longText', { max: KYB_LONG_TEXT_MAX_LENGTH }) : undefined,
    ),
    postalCode: optional((value) => (isValidPostalCode(value) ? undefined : t('kyb.problems.postalCode'))),
    pastDate: optional((value) => (isPastDate(value) ? undefined : t('kyb.problems.date'))),
    email: optional((value) => (isEmail(value) ? undefined : t('kyb.problems.email'))),
    website: optional((value) => (isWebsite(value) ? undefined : t('kyb.problems.website'))),
    percent: optional((value) => (isOwnershipPercent(value) ? undefined : t('kyb.problems.percent'))),
    identifier: optional((value) => (value.trim().length <= 40 ? undefined : t('kyb.problems.identifierLength'))),
    required: (value: string) => (value.trim() === '' ? t('kyb.problems.required') : undefined),
  };
}
export type FieldChecks = ReturnType<typeof fieldChecks>;

/** The first problem of several checks. */
export const firstProblem = (value: string, ...checks: Check[]): string | undefined => {
  for (const check of checks) {
    const problem = check(value);
    if (problem) return problem;
  }
  return undefined;
};
