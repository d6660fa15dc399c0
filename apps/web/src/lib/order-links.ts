import { COOKIE_NAMES, getSharedCookie } from './cookies';
import { tradePageFor } from './trade-routing';

/**
 * Where the order pages (and the trade page's submit) send people, as locale-prefixed paths. The
 * webview variants stay among the bare webview pages: an app's embedded view has no sign-in chrome
 * to fall back on.
 */
export const orderLinks = {
  result: (lng: string, orderId: string, webview = false) =>
    `/${lng}/${webview ? 'result-webview' : 'result'}?orderId=${encodeURIComponent(orderId)}`,
  history: (lng: string, webview = false) => `/${lng}/${webview ? 'history-webview' : 'history'}`,
  /** Try again, Buy more: a new order starts on the trade page the stored payment method leads to (docs/rules/order-states.md). */
  buy: (lng: string) =>
    `/${lng}/${tradePageFor(getSharedCookie(COOKIE_NAMES.paymentMethod), getSharedCookie(COOKIE_NAMES.transactionType))}`,
  /** The 3ds page reads the bank's URL from the server: it never travels in our URL. */
  threeDs: (lng: string, orderId: string, webview = false) =>
    `/${lng}/${webview ? '3ds-webview' : '3ds'}?orderId=${encodeURIComponent(orderId)}`,
  submitFail: (lng: string, orderId: string, reason: string | null) =>
    `/${lng}/order-submit-fail?${new URLSearchParams(reason ? { orderId, reason } : { orderId }).toString()}`,
};
