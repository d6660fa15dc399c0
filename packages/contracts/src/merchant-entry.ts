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
 * (docs/trust.md). Zod-free: the SDK and the sandbox merchant page build the same string.
 */
export const UNSIGNED_ENTRY_PARAMS = ['signature', 'lng'] as const;
export const MERCHANT_SIGNATURE_TOLERANCE_MS = 300_000;

export function canonicalEntryQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => !(UNSIGNED_ENTRY_PARAMS as readonly string[]).includes(name))
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name] ?? '')}`)
    .join('&');
}
