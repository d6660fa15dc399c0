/**
 * Merchant entry URLs. A merchant sends its customer to the checkout with query parameters
 * (docs/rules/entities.md entry parameters) signed by its secret:
 *
 *   signature = hex(HMAC-SHA256(secret, canonicalEntryQuery(params)))
 *
 * `canonicalEntryQuery` sorts the parameters by name and joins `name=value` pairs, both
 * URI-encoded, with `&`. It leaves out `signature` itself and `lng` (the page language, which the
 * checkout may change). `timestamp` (milliseconds since the epoch) is required and must be within
 * MERCHANT_SIGNATURE_TOLERANCE_MS of the server's clock, so a signed URL cannot be replayed later
 * (docs/trust.md). One implementation, the SDK's (packages/sdk/src/entry-params.ts): merchants sign
 * with it, we check with it.
 */
export {
  canonicalEntryQuery,
  ENTRY_SIGNATURE_TOLERANCE_MS as MERCHANT_SIGNATURE_TOLERANCE_MS,
  UNSIGNED_ENTRY_PARAMS,
} from '@causeway/sdk/entry-params';
