import { toKlarnaMinor } from './klarna-amounts.ts';
import type { KlarnaPurchase } from './klarna-provider.ts';

/** Klarna's session_id and order_id are UUIDs ("Order ID must be a valid UUID"): anything else never reaches a URL or a query. */
export const KLARNA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Authorization tokens are UUIDs in Klarna's examples too, but nothing promises it: any URL-safe
 * token Klarna gives is taken, and nothing else reaches a path.
 */
const KLARNA_TOKEN = /^[A-Za-z0-9-]{8,128}$/;

export function checkKlarnaId(id: string, what: 'order id' | 'authorization token'): string {
  if (!(what === 'order id' ? KLARNA_ID : KLARNA_TOKEN).test(id)) throw new Error(`"${id.slice(0, 40)}" is not a Klarna ${what}`);
  return id;
}

/**
 * Checks a purchase against the Payments API's own limits (purchase_country ISO alpha-2, locale
 * RFC 1766, order line name 1 to 255 characters, merchant_reference1 at most 255) before any call:
 * breaking them is a caller bug, a plain Error. Answers the amount in minor units.
 */
export function checkPurchase(purchase: KlarnaPurchase): bigint {
  const minor = toKlarnaMinor(purchase.amount, purchase.currency);
  if (!/^[A-Z]{2}$/.test(purchase.country)) throw new Error(`Klarna purchase country "${purchase.country.slice(0, 8)}" is not ISO alpha-2`);
  if (!/^[A-Za-z]{2}(-[A-Za-z]{2})?$/.test(purchase.locale))
    throw new Error(`Klarna locale "${purchase.locale.slice(0, 16)}" is not like en-GB`);
  if (purchase.description.length < 1 || purchase.description.length > 255)
    throw new Error('Klarna order line name must be 1 to 255 characters');
  if (purchase.reference.length < 1 || purchase.reference.length > 255)
    throw new Error('Klarna merchant reference must be 1 to 255 characters');
  return minor;
}

/**
 * Where the sandbox widget may send the person: a path of this site or an absolute http(s) URL,
 * printable ASCII (it becomes a Location header), without a fragment (the widget's answer goes there).
 */
export const isReturnUrl = (url: string): boolean =>
  /^[\x21-\x7e]+$/.test(url) && !url.includes('#') && (/^\/(?!\/)/.test(url) || (/^https?:\/\//i.test(url) && URL.canParse(url)));
