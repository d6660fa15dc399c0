import { COOKIE_NAMES, getSharedCookie } from './cookies';
import { isBusinessSession, pageHref } from './portal-links';
import { tradePageFor } from './trade-routing';

/**
 * Where the order pages (and the trade page's submit) send people, as locale-prefixed paths. The
 * webview variants stay among the bare webview pages: an app's embedded view has no sign-in chrome
 * to fall back on. A business's lead to their places in the portal (lib/portal-links), where it
 * trades and follows its orders.
 */
export const orderLinks = {
  result: (lng: string, orderId: string, webview = false) =>
    webview
      ? `/${lng}/result-webview?orderId=${encodeURIComponent(orderId)}`
      : pageHref(lng, `result?orderId=${encodeURIComponent(orderId)}`),
  history: (lng: string, webview = false) => (webview ? `/${lng}/history-webview` : pageHref(lng, 'history')),
  /**
   * Try again, Buy more: a new order starts on the trade page the stored payment method leads to
   * (docs/rules/order-states.md); a business's on the portal's bank-transfer buy, which it always has
   * (the card side only where the channel offers it).
   */
  buy: (lng: string) =>
    isBusinessSession()
      ? pageHref(lng, 'banktransfer-buy?type=buy')
      : `/${lng}/${tradePageFor(getSharedCookie(COOKIE_NAMES.paymentMethod), getSharedCookie(COOKIE_NAMES.transactionType))}`,
  /** The 3ds page reads the bank's URL from the server: it never travels in our URL. */
  threeDs: (lng: string, orderId: string, webview = false) =>
    `/${lng}/${webview ? '3ds-webview' : '3ds'}?orderId=${encodeURIComponent(orderId)}`,
  submitFail: (lng: string, orderId: string, reason: string | null) =>
    `/${lng}/order-submit-fail?${new URLSearchParams(reason ? { orderId, reason } : { orderId }).toString()}`,
};
