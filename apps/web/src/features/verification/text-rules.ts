/** Spec §5 text fields (names, address lines): letters, digits, .,()'-+/ and space, at most 70. */
export const TEXT_FIELD = /^[\p{L}\p{N}.,()'\-+/ ]{1,70}$/u;

/** True when a trimmed text field value follows {@link TEXT_FIELD}. */
export const isValidTextField = (value: string) => TEXT_FIELD.test(value.trim());

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

/** True when someone born on `dob` (a valid YYYY-MM-DD) is 18 today; the server checks it too. */
export function isAdult(dob: string, now = new Date()): boolean {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year + 18}-${pad(month)}-${pad(day)}` <= localToday(now);
}
