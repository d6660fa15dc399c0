import { isLuhnValid } from '@causeway/contracts';

/**
 * docs/trust.md: "a test greps logs and a database dump after the e2e suite for Luhn-valid 13 to 19
 * digit numbers and finds none". The scan looks for what a card number looks like when it leaks:
 * 13 to 19 digits starting like a card (2 to 6: Visa, Mastercard, Amex, Discover, JCB, Diners,
 * UnionPay), passing Luhn, written whole or in the groups cards are printed in (4-4-4-4[-1..3],
 * Amex 4-6-5) with one kind of separator, a space or a dash. Runs glued to letters, digits,
 * underscores, dashes or a decimal point (hex hashes, ids, numeric(38,18) fractions, the digit
 * groups of a UUID such as 23539154-9686-1145-…) are not numbers anyone typed, and are left out
 * so the scan does not cry wolf; the test cards the suite types are looked for anywhere (below).
 */
const CANDIDATE =
  /(?<![0-9A-Za-z_.-])(?:[2-6]\d{12,18}|[2-6]\d{3}([ -])\d{4}(?:\1\d{4}){1,2}(?:\1\d{1,3})?|3\d{3}([ -])\d{6}\2\d{5})(?![0-9A-Za-z_]|-[0-9A-Za-z])/g;

/** Every card-like number in the text, as found (masked to its first 6 and last 4 for the report). */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && isLuhnValid(digits))
      found.push(`${digits.slice(0, 6)}…${digits.slice(-4)} (${digits.length} digits)`);
  }
  return found;
}

/**
 * The scan above leaves out digit runs glued to letters (ids, hashes) so it does not cry wolf; a
 * card number the suite itself typed is never noise, so these are looked for anywhere, glued or
 * not ("pan_4242424242424242"), written whole or grouped by spaces or dashes.
 */
export function findKnownCardNumbers(text: string, cardNumbers: readonly string[]): string[] {
  return cardNumbers
    .filter((digits) => new RegExp(digits.split('').join('[ -]?')).test(text))
    .map((digits) => `${digits.slice(0, 6)}…${digits.slice(-4)} (a test card)`);
}
