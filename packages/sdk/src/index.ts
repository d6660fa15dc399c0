/**
 * `@causeway/sdk`, for the browser: open the checkout and hear its events. Nothing here imports
 * node:crypto or React: signing links and verifying webhooks are in `@causeway/sdk/server` (they need
 * the merchant's secret, which never reaches a browser), the component is in `@causeway/sdk/react`.
 */
export * from './events.ts';
export { openCheckout, type CheckoutHandle, type CheckoutListener, type CheckoutMode, type OpenCheckoutOptions } from './checkout.ts';
export { CHECKOUT_FRAME_ALLOW } from './checkout-frame.ts';
export { ENTRY_PAGES, type EntryPage, type EntryParams, type SignedEntryParams } from './entry-params.ts';
