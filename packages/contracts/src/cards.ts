import { z } from 'zod';
import {
  COUNTRY_CODE_PATTERN,
  POSTAL_CODE_CHARACTERS,
  POSTAL_CODE_MAX_LENGTH,
  POSTAL_CODE_MIN_LENGTH,
  TEXT_FIELD_CHARACTERS,
  TEXT_FIELD_MAX_LENGTH,
} from './kyc-rules.ts';
import { ADD_CARD_WAIT_REASONS, CARD_DATA_KEYS, CARD_PROCESSORS, CARD_TOKEN_PATTERN, containsCardNumber } from './card-rules.ts';
import { channelCodeSchema } from './reference.ts';

// The limits and checks of cards, apart from the schemas: the web app's pages load them without Zod.
export * from './card-rules.ts';

const textField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(TEXT_FIELD_MAX_LENGTH)
  .regex(TEXT_FIELD_CHARACTERS, "letters, digits, .,()'-+/ and spaces only");

/** Billing address of the card form (docs/rules/entities.md: city, country, firstName, lastName, postalCode, address). */
export const billingAddressSchema = z.object({
  firstName: textField,
  lastName: textField,
  address: textField,
  city: textField,
  postalCode: z
    .string()
    .trim()
    .min(POSTAL_CODE_MIN_LENGTH)
    .max(POSTAL_CODE_MAX_LENGTH)
    .regex(POSTAL_CODE_CHARACTERS, 'letters, digits, spaces and - only'),
  country: z.string().regex(COUNTRY_CODE_PATTERN, 'must be a two-letter country code'),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

export const listCardRequestSchema = z.object({
  channelCode: channelCodeSchema.default('CHECKOUT'),
  businessType: z.string().max(32).optional(),
});

/**
 * card/add-card: the processor's single-use token of the card fields, and the billing address.
 * Never a card number or CVV: a body with one is refused with a 400 that says so.
 */
export const addCardRequestSchema = z
  .unknown()
  .superRefine((body, context) => {
    if (!body || typeof body !== 'object') return;
    const cardKeys = CARD_DATA_KEYS.filter((key) => key in body);
    const address = (body as { billingAddress?: unknown }).billingAddress;
    const inAddress = Boolean(
      address &&
      typeof address === 'object' &&
      Object.values(address).some((value) => typeof value === 'string' && containsCardNumber(value)),
    );
    if (cardKeys.length || inAddress) {
      context.addIssue({
        code: 'custom',
        path: cardKeys.length ? [cardKeys[0]!] : ['billingAddress'],
        message:
          'card numbers and CVVs are never sent here: enter the card in the card fields, which send it to the processor and give back a token (cardToken)',
      });
    }
  })
  .pipe(
    z.object({
      cardToken: z.string().regex(CARD_TOKEN_PATTERN, "must be the processor's card token (tok_…)"),
      billingAddress: billingAddressSchema,
      channelCode: channelCodeSchema.default('CHECKOUT'),
    }),
  );
export type AddCardRequest = z.input<(typeof addCardRequestSchema)['out']>;

/**
 * card/card-fields-config: where the card is typed. The sandbox processor's fields page (an iframe
 * on its own /sandbox route), or Checkout.com Flow (its card component, for tokenisation only)
 * with the account's public key and Checkout.com environment; Flow also needs a per-person
 * session (card/card-fields-session).
 */
export const cardFieldsConfigSchema = z.discriminatedUnion('processor', [
  z.object({ processor: z.literal('sandbox'), fieldsUrl: z.string() }),
  z.object({ processor: z.literal('checkout'), publicKey: z.string(), environment: z.enum(['sandbox', 'production']) }),
]);
export type CardFieldsConfig = z.infer<typeof cardFieldsConfigSchema>;

/**
 * card/card-fields-session: the processor's session for one person's card entry, when its fields
 * need one (Checkout.com Flow's Payment Session: amount 0, only the card), else null (the sandbox
 * fields page). Made afresh per call, never cached (no-store), limited per person. The token and
 * secret go to Flow as its `paymentSession` (id, payment_session_token, payment_session_secret).
 */
export const cardFieldsSessionSchema = z.object({
  paymentSession: z.object({ id: z.string(), paymentSessionToken: z.string(), paymentSessionSecret: z.string() }).nullable(),
});
export type CardFieldsSession = z.infer<typeof cardFieldsSessionSchema>;

export const deleteCardRequestSchema = z.object({ cardId: z.string().min(1).max(40) });

/** A saved card as the client sees it (docs/rules/entities.md Card): never the number, never the processor's token. */
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
  maskedNumber: z.string().describe('docs/rules/limits.md masking, e.g. "4242 **** **** 4242"'),
});
export type Card = z.infer<typeof cardSchema>;

export const listCardResultSchema = z.object({
  cards: z.array(cardSchema),
  maxCards: z.number().int(),
  /** When a new card may be added again (48 h after a delete, or the 24 h after a security change), else null. */
  addCardAvailableAt: z.string().nullable(),
  /**
   * Why adding waits until addCardAvailableAt (the later wait when both apply), so the page can say
   * it: SECURITY_CHANGE (a password or authenticator change), CARD_DELETED. Null when nothing waits.
   */
  addCardWaitReason: z.enum(ADD_CARD_WAIT_REASONS).nullable().default(null),
});
export type ListCardResult = z.infer<typeof listCardResultSchema>;
