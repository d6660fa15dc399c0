import { randomInt } from 'node:crypto';

/**
 * The references a person types into their bank's transfer (docs/rules/bank-transfers.md): `CW`
 * and 8 characters of Crockford's base 32 (no I, L, O or U, so nothing reads as another
 * character), 10 in all, well under the 18 that SEPA and Faster Payments pass on. One kind names
 * the person (their deposits), the other a bank-transfer buy; both are drawn at random, and both
 * tables keep them unique.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY_LENGTH = 8;
const PATTERN = new RegExp(`CW[${ALPHABET}]{${BODY_LENGTH}}`, 'g');

export function newBankReference(): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return `CW${body}`;
}

/**
 * The references a transfer's text may carry. Banks upper-case, cut and re-space what the payer
 * typed ("cw-7k3m 9q2x", "Invoice CW7K3M9Q2X thanks"), so the text is read without case, spaces
 * or punctuation. Every candidate is returned: the caller looks each one up.
 */
export function referencesIn(text: string): string[] {
  const squeezed = text.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return [...new Set(squeezed.match(PATTERN) ?? [])];
}
