import {
  promotionEmailSubscriptionRequestSchema,
  promotionEmailSubscriptionResultSchema,
  unsubscribeLinkDetailsSchema,
  unsubscribeResultSchema,
  unsubscribeTokenRequestSchema,
} from '../promotion-email.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['promotion-email'];

/** Promotional emails (docs/rules/calls.md "Promotional emails"): the choice in Settings, and the emailed unsubscribe link. */
export const PROMOTION_EMAIL_CALLS = {
  promotionEmailSubscription: defineCall({
    method: 'POST',
    path: PATHS.promotionEmailSubscription,
    caller: 'individual',
    tags,
    summary:
      "The person's promotional-email choice: an empty body answers it, `subscribed` sets it (saying yes again replaces the links of earlier emails)",
    body: promotionEmailSubscriptionRequestSchema,
    result: promotionEmailSubscriptionResultSchema,
  }),
  promotionEmailUnsubscribeDetails: defineCall({
    method: 'POST',
    path: PATHS.promotionEmailUnsubscribeDetails,
    caller: 'ticket',
    tags,
    summary: 'The unsubscribe screen: the address and list an emailed link names (reads only; a forged link is counted per address)',
    headers: null,
    body: unsubscribeTokenRequestSchema,
    result: unsubscribeLinkDetailsSchema,
  }),
  promotionEmailUnsubscribe: defineCall({
    method: 'POST',
    path: PATHS.promotionEmailUnsubscribe,
    caller: 'ticket',
    tags,
    summary: 'The unsubscribe screen, confirmed: takes the address the link names off the list (a forged link is counted per address)',
    headers: null,
    body: unsubscribeTokenRequestSchema,
    result: unsubscribeResultSchema,
  }),
} as const;
