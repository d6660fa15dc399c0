/**
 * The checkout's iframe. `allow` delegates what the checkout's pages need inside a frame: `payment`
 * (Payment Request and 3-D Secure challenges), `camera` (the identity vendor's document and selfie
 * capture) and `clipboard-write` (copying a deposit address). Without them the browser silently
 * refuses those features in a cross-origin frame.
 */
export const CHECKOUT_FRAME_ALLOW = 'payment; camera; clipboard-write';

export function createCheckoutFrame(url: string, title: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.src = url;
  iframe.title = title;
  iframe.setAttribute('allow', CHECKOUT_FRAME_ALLOW);
  // Styles go through the CSSOM, not a <style> tag or style="" markup: a merchant's Content Security
  // Policy without 'unsafe-inline' blocks those, and never blocks these.
  Object.assign(iframe.style, { display: 'block', width: '100%', height: '100%', border: '0' });
  return iframe;
}
