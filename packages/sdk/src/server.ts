/**
 * `@causeway/sdk/server`, for the merchant's server (Node 20+): sign entry links and verify webhooks.
 * Both need the merchant's secrets, so nothing here belongs in a browser bundle.
 */
export * from './events.ts';
export {
  canonicalEntryQuery,
  ENTRY_PAGES,
  ENTRY_SIGNATURE_TOLERANCE_MS,
  UNSIGNED_ENTRY_PARAMS,
  type EntryPage,
  type EntryParams,
  type SignedEntryParams,
} from './entry-params.ts';
export { entryUrl, signEntry } from './entry.ts';
export {
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookVerificationError,
  type VerifyWebhookOptions,
} from './webhooks.ts';
