import { z } from 'zod';
import { COUNTRY_CODE_PATTERN, POSTAL_CODE_CHARACTERS, POSTAL_CODE_MAX_LENGTH, POSTAL_CODE_MIN_LENGTH, TEXT_FIELD_CHARACTERS, TEXT_FIELD_MAX_LENGTH } from './kyc-rules.ts';
import { channelCodeSchema } from './reference.ts';

/** Spec §9: at most 5 saved cards; 48 h after deleting one before another may be added. */
export const MAX_CARDS = 5;
export const CARD_READD_WAIT_HOURS = 48;
export const CARD_PROCESSORS = ['VISA', 'MASTER'] as const;
export type CardProcessor = (typeof CARD_PROCESSORS)[number];

/** Digits only, Luhn-valid (spec §5 "valid card number"). Spaces and dashes are for people, not the check. */
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

/** The card has not expired: it is valid through the last day of its expiry month (spec §5 "card not expiring"). */
export function isExpiryInFuture(month: number, year: number, now: Date): boolean {
  if (month < 1 || month > 12) return false;
  const firstOfNextMonth = Date.UTC(year, month, 1);
  return now.getTime() < firstOfNextMonth;
}

/**
 * Spec §9 masking: "keeps first 4 characters of first segment, then stars, then second segment".
 * For a card the segments are its BIN and its last four digits: 4242 **** **** 4242.
 */
export function maskSegments(first: string, second: string): string {
  return `${first.slice(0, 4)} **** **** ${second}`;
}

const textField = z.string().trim().min(1, 'required').max(TEXT_FIELD_MAX_LENGTH).regex(TEXT_FIELD_CHARACTERS, "letters, digits, .,()'-+/ and spaces only");

/** Billing address of the card form (spec §3: city, country, firstName, lastName, postalCode, address). */
export const billingAddressSchema = z.object({
  firstName: textField,
  lastName: textField,
  address: textField,
  city: textField,
  postalCode: z.string().trim().min(POSTAL_CODE_MIN_LENGTH).max(POSTAL_CODE_MAX_LENGTH).regex(POSTAL_CODE_CHARACTERS, 'letters, digits, spaces and - only'),
  country: z.string().regex(COUNTRY_CODE_PATTERN, 'must be a two-letter country code'),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

export const listCardRequestSchema = z.object({
  channelCode: channelCodeSchema.default('CHECKOUT'),
  businessType: z.string().max(32).optional(),
});

/** card/add-card: the only call that carries a full number and CVV; they go to the processor and nowhere else. */
export const addCardRequestSchema = z.object({
  cardNumber: z.string().transform((value) => value.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits').refine(isLuhnValid, 'is not a valid card number')),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2100),
  cvv: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  billingAddress: billingAddressSchema,
  channelCode: channelCodeSchema.default('CHECKOUT'),
});
export type AddCardRequest = z.input<typeof addCardRequestSchema>;

export const deleteCardRequestSchema = z.object({ cardId: z.string().min(1).max(40) });

/** A saved card as the client sees it (spec §3 Card): never the number, never the processor's token. */
export const cardSchema = z.object({
  cardId: z.string(),
  cardBin: z.string(),
  cardLast4: z.string(),
  issuerBank: z.string().nullable(),
  country: z.string().nullable(),
  cardProcessor: z.enum(CARD_PROCESSORS),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  enabled: z.boolean(),
  maskedNumber: z.string().describe('spec §9 masking, e.g. "4242 **** **** 4242"'),
});
export type Card = z.infer<typeof cardSchema>;

export const listCardResultSchema = z.object({
  cards: z.array(cardSchema),
  maxCards: z.number().int(),
  /** When a new card may be added again (48 h after a delete, or the 24 h after a security change), else null. */
  addCardAvailableAt: z.string().nullable(),
});
export type ListCardResult = z.infer<typeof listCardResultSchema>;
