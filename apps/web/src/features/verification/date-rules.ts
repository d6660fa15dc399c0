/*
 * The date rules of the verification forms. The text-field, postal-code and country-code rules and
 * the age limit are shared with the server: they come from @causeway/contracts (kyc-rules.ts).
 */

/** Today as YYYY-MM-DD in the person's own time zone (what a date input shows). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar date YYYY-MM-DD, from 1900 to today. */
export function isValidBirthDate(value: string, now = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && value <= localToday(now);
}
