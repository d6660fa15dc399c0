import { z } from 'zod';

/**
 * Promotional emails (docs/rules/calls.md "Promotional emails"): news and offers a person chose to get,
 * each carrying a one-click unsubscribe link. Opt-in: nobody gets them until they say yes in Settings.
 */

/** The mailing lists a person may leave by a link; one so far. */
export const PROMOTION_EMAIL_LISTS = ['promotions'] as const;
export type PromotionEmailList = (typeof PROMOTION_EMAIL_LISTS)[number];

/**
 * An unsubscribe link's token: the signed claims in base64url, a dot, the HMAC-SHA256 in hex. Checked
 * for shape before its signature, so junk never costs a database read.
 */
export const unsubscribeTokenSchema = z
  .string()
  .trim()
  .regex(/^[\w-]{10,400}\.[0-9a-f]{64}$/, 'This is not an unsubscribe link');

/**
 * promotion-email-subscription: without `subscribed` (or without a body) it only answers the person's
 * choice; with it, it sets it. `lang` is the language later emails are written in (the page's), kept
 * when saying yes.
 */
export const promotionEmailSubscriptionRequestSchema = z
  .object({
    subscribed: z.boolean().optional(),
    lang: z.enum(['en', 'zh']).optional(),
  })
  // A POST without a body reaches the route as null.
  .nullish();
export type PromotionEmailSubscriptionRequest = z.infer<typeof promotionEmailSubscriptionRequestSchema>;

export const promotionEmailSubscriptionResultSchema = z.object({
  subscribed: z.boolean(),
  /** Where the emails go: the account's address. */
  email: z.string(),
});
export type PromotionEmailSubscription = z.infer<typeof promotionEmailSubscriptionResultSchema>;

/** The unsubscribe screen's calls: the link's token, in the body (never a URL the server logs). */
export const unsubscribeTokenRequestSchema = z.object({ token: unsubscribeTokenSchema });

/** What the unsubscribe screen shows before the person confirms: the address and list the link names. */
export const unsubscribeLinkDetailsSchema = z.object({
  email: z.string(),
  list: z.enum(PROMOTION_EMAIL_LISTS),
  subscribed: z.boolean(),
});
export type UnsubscribeLinkDetails = z.infer<typeof unsubscribeLinkDetailsSchema>;

export const unsubscribeResultSchema = z.object({
  email: z.string(),
  list: z.enum(PROMOTION_EMAIL_LISTS),
  /** True when the address was off the list already (a second click, or a change in Settings before). */
  alreadyUnsubscribed: z.boolean(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
