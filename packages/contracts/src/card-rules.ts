/**
 * The rules of cards that need no schema: limits, the number checks, masking. Apart from cards.ts
 * (which re-exports them) so the web app's pages can use them without loading Zod.
 */

/** docs/rules/limits.md: at most 5 saved cards; 48 h after deleting one before another may be added. */
export const MAX_CARDS = 5;
export const CARD_READD_WAIT_HOURS = 48;
export const CARD_PROCESSORS = ['VISA', 'MASTER'] as const;
export type CardProcessor = (typeof CARD_PROCESSORS)[number];

/** Digits only, Luhn-valid (docs/rules/validation.md "valid card number"). Spaces and dashes are for people, not the check. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The network a number belongs to, by its leading digits (VISA 4; Mastercard 51-55 and 2221-2720), or null. */
export function cardNetworkOf(digits: string): CardProcessor | null {
  if (/^4/.test(digits)) return 'VISA';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTER';
  return null;
}

/** The card has not expired: it is valid through the last day of its expiry month (docs/rules/validation.md "card not expiring"). */
export function isExpiryInFuture(month: number, year: number, now: Date): boolean {
  if (month < 1 || month > 12) return false;
  const firstOfNextMonth = Date.UTC(year, month, 1);
  return now.getTime() < firstOfNextMonth;
}

/**
 * docs/rules/limits.md masking: "keeps first 4 characters of first segment, then stars, then second segment".
 * For a card the segments are its BIN and its last four digits: 4242 **** **** 4242.
 */
export function maskSegments(first: string, second: string): string {
  return `${first.slice(0, 4)} **** **** ${second}`;
}

/**
 * Body keys that would carry card data. add-card never takes them: the number and CVV are typed
 * into the processor's hosted fields and go to the processor only (PCI DSS SAQ A).
 */
export const CARD_DATA_KEYS = ['cardNumber', 'number', 'pan', 'cvv', 'cvc', 'cvv2', 'securityCode', 'card'] as const;

/** Text holding a Luhn-valid run of 13 to 19 digits (spaces or dashes between them allowed): a card number. */
export function containsCardNumber(text: string): boolean {
  return (text.match(/\d(?:[ -]?\d){12,18}(?![ -]?\d)/g) ?? []).some((run) => isLuhnValid(run.replace(/\D/g, '')));
}

/** A processor's single-use card token: Checkout.com Flow's tok_…, or the sandbox card fields' tok_…. */
export const CARD_TOKEN_PATTERN = /^tok_[a-z0-9]{10,60}$/;

/** Why list-card's addCardAvailableAt lies ahead. */
export const ADD_CARD_WAIT_REASONS = ['SECURITY_CHANGE', 'CARD_DELETED'] as const;
export type AddCardWaitReason = (typeof ADD_CARD_WAIT_REASONS)[number];
