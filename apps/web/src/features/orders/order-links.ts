/**
 * Where the order pages send people, as locale-prefixed paths. The webview variants stay among
 * the bare webview pages: an app's embedded view has no sign-in chrome to fall back on.
 */
export const orderLinks = {
  result: (lng: string, orderId: string, webview = false) => `/${lng}/${webview ? 'result-webview' : 'result'}?orderId=${encodeURIComponent(orderId)}`,
  history: (lng: string, webview = false) => `/${lng}/${webview ? 'history-webview' : 'history'}`,
  /** Try again: a new order starts on the card page (issue 5's trade feature). */
  buy: (lng: string) => `/${lng}/card-buy-sell`,
  threeDs: (lng: string, threeDsUrl: string, orderId: string, webview = false) =>
    `/${lng}/${webview ? '3ds-webview' : '3ds'}?${new URLSearchParams({ '3dsUrl': threeDsUrl, orderId }).toString()}`,
  submitFail: (lng: string, orderId: string, reason: string) =>
    `/${lng}/order-submit-fail?${new URLSearchParams({ orderId, reason }).toString()}`,
};
