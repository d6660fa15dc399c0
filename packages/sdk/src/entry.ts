import { createHmac } from 'node:crypto';
import { canonicalEntryQuery, ENTRY_PAGES, type EntryPage, type EntryParams, type SignedEntryParams } from './entry-params.ts';

/**
 * Signed entry links, for the merchant's SERVER: the secret never reaches a browser (anyone who has
 * it can sign links as the merchant). This file imports node:crypto, so it is exported only from
 * `@causeway/sdk/server`.
 */

/** Drops parameters set to undefined, and refuses values that are not strings (a number would sign as something else). */
function definedParams(params: EntryParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new TypeError(`Entry parameter ${name} must be a string, got ${typeof value}`);
    result[name] = value;
  }
  return result;
}

/** Milliseconds below this are almost surely seconds: the checkout would refuse the link as 50 years old. */
const EARLIEST_PLAUSIBLE_MS = 1e12;

/**
 * Signs an entry on your server: returns the parameters plus `timestamp` (now, in ms, unless given)
 * and `signature`, lowercase hex HMAC-SHA256(secret, canonicalEntryQuery(params)). Any `signature`
 * given is replaced. For the overlay and embedded modes include `hostOrigin`, your page's origin.
 * The link is valid for 300 s either side of `timestamp`: sign it when the customer asks for the
 * checkout, not in advance. Throws TypeError on a missing apiKey, a non-string value or a timestamp
 * that is not milliseconds.
 */
export function signEntry(params: EntryParams, secret: string, now: number = Date.now()): SignedEntryParams {
  if (!secret) throw new TypeError('signEntry needs your merchant secret');
  const defined = definedParams(params);
  if (!defined.apiKey) throw new TypeError('Entry parameter apiKey is required');
  delete defined.signature;
  const timestamp = defined.timestamp ?? String(Math.trunc(now));
  if (!/^\d{1,15}$/.test(timestamp) || Number(timestamp) < EARLIEST_PLAUSIBLE_MS) {
    throw new TypeError(`Entry timestamp must be milliseconds since the epoch, got ${timestamp}`);
  }
  const signed = { ...defined, timestamp };
  const signature = createHmac('sha256', secret).update(canonicalEntryQuery(signed)).digest('hex');
  return { ...signed, signature } as SignedEntryParams;
}

/**
 * The checkout URL for a signed entry: `${baseUrl}/${lng ?? 'en'}/${page}?…`. The language is the
 * path's, so `lng` is not repeated in the query. Values are encoded with encodeURIComponent, which
 * every query parser decodes back to the exact strings that were signed.
 */
export function entryUrl(baseUrl: string, page: EntryPage = 'login-v3', signedParams: SignedEntryParams): string {
  if (!(ENTRY_PAGES as readonly string[]).includes(page)) throw new TypeError(`Unknown checkout page ${page}`);
  const { lng, ...query } = signedParams;
  const search = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(lng ?? 'en')}/${page}?${search}`;
}
