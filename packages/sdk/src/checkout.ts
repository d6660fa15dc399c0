import { createCheckoutFrame } from './checkout-frame.ts';
import { HOST_CLOSE_MESSAGE, readCheckoutMessage } from './checkout-messages.ts';
import type { CheckoutEvent, CheckoutEventType } from './events.ts';
import { mountOverlay, type Overlay } from './overlay.ts';

/**
 * Opens Causeway's checkout in the merchant's page, for the BROWSER. The link comes signed from the
 * merchant's server (`signEntry` in `@causeway/sdk/server`); this code never changes it, because any
 * change would break the signature.
 */

export type CheckoutMode = 'overlay' | 'embedded' | 'redirect';

export interface OpenCheckoutOptions {
  /** A signed entry URL your server made (`entryUrl(…, signEntry(…))`). */
  url: string;
  /** A modal over your page, a frame inside `container`, or a full-page redirect. */
  mode: CheckoutMode;
  /** Where the embedded checkout goes (required for 'embedded'). */
  container?: HTMLElement;
  /** Every event the checkout sends, and a `checkout.closed` when the checkout is closed from this side. */
  onEvent?: (event: CheckoutEvent) => void;
  /** The dialog's and the frame's accessible name. Default "Checkout". */
  title?: string;
}

export type CheckoutListener<T extends CheckoutEventType> = (event: Extract<CheckoutEvent, { type: T }>) => void;

export interface CheckoutHandle {
  /** Closes the checkout (removes it from the page) and emits `checkout.closed` once. Safe to call twice. */
  close(): void;
  /** Listens to one event type; returns the function that stops listening. */
  on<T extends CheckoutEventType>(type: T, listener: CheckoutListener<T>): () => void;
  /** The checkout's origin, the only one whose messages are listened to. */
  readonly origin: string;
}

/** Only a web page may be opened: a `javascript:` or `data:` URL in a frame or a redirect would run script in the merchant's page. */
function readCheckoutUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`openCheckout: ${JSON.stringify(raw)} is not an absolute URL; pass the signed link your server made`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`openCheckout: the checkout URL must be http(s), got ${url.protocol}`);
  return url;
}

/**
 * The checkout posts its events only to the origin signed into the link as `hostOrigin`. The SDK may
 * not add it (that would break the signature), so it refuses a link signed for another page here,
 * with a message saying what to sign, instead of a checkout whose events silently never arrive.
 */
function assertSignedForThisPage(url: URL, mode: CheckoutMode): void {
  const signed = url.searchParams.get('hostOrigin');
  const here = window.location.origin;
  if (signed === here) return;
  throw new Error(
    `openCheckout: the ${mode} checkout needs a link signed with hostOrigin=${here} (this page's origin), ` +
      `but it has ${signed === null ? 'no hostOrigin' : `hostOrigin=${signed}`}. Add hostOrigin to the parameters your server signs.`,
  );
}

/** A listener that throws must not stop the others, nor vanish: it is reported as an uncaught error. */
function callSafely(listener: (event: CheckoutEvent) => void, event: CheckoutEvent): void {
  try {
    listener(event);
  } catch (error) {
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
    else
      setTimeout(() => {
        throw error;
      });
  }
}

function redirectHandle(origin: string): CheckoutHandle {
  return { origin, close() {}, on: () => () => {} };
}

/**
 * Opens the checkout. Throws when the URL is not http(s), when 'embedded' has no container, and when an
 * overlay or embedded link was not signed with this page's origin as `hostOrigin`.
 */
export function openCheckout(options: OpenCheckoutOptions): CheckoutHandle {
  const { mode, container, onEvent, title = 'Checkout' } = options;
  const url = readCheckoutUrl(options.url);
  const origin = url.origin;
  if (mode === 'redirect') {
    window.location.assign(url.href);
    return redirectHandle(origin);
  }
  if (mode !== 'overlay' && mode !== 'embedded') throw new Error(`openCheckout: unknown mode ${String(mode)}`);
  if (mode === 'embedded' && !container) throw new Error('openCheckout: the embedded mode needs a container element');
  assertSignedForThisPage(url, mode);

  const iframe = createCheckoutFrame(url.href, title);
  const listeners = new Map<CheckoutEventType, Set<(event: CheckoutEvent) => void>>();
  let isOpen = true;
  let hasAnnouncedClose = false;
  let overlay: Overlay | undefined;

  const deliver = (event: CheckoutEvent) => {
    if (event.type === 'checkout.closed') {
      if (hasAnnouncedClose) return;
      hasAnnouncedClose = true;
    }
    if (onEvent) callSafely(onEvent, event);
    for (const listener of [...(listeners.get(event.type) ?? [])]) callSafely(listener, event);
  };

  const tearDown = () => {
    isOpen = false;
    window.removeEventListener('message', onMessage);
    overlay?.unmount();
    iframe.remove();
  };

  // Only our checkout's frame may speak: the right origin AND the right window, since another frame of
  // the same origin (a second checkout, an old tab's popup) must not drive this one.
  function onMessage(message: MessageEvent) {
    if (message.origin !== origin || message.source === null || message.source !== iframe.contentWindow) return;
    const event = readCheckoutMessage(message.data);
    if (!event) return;
    if (event.type === 'checkout.closed' && mode === 'overlay') tearDown();
    deliver(event);
  }

  const close = () => {
    if (!isOpen) return;
    // Tell the checkout first: once the frame is removed its window is gone. Best effort: the frame
    // may already be out of the page (React removes its container before cleanup runs).
    try {
      if (iframe.isConnected) iframe.contentWindow?.postMessage(HOST_CLOSE_MESSAGE, origin);
    } catch {
      // A window being torn down may refuse messages; the frame is removed below anyway.
    }
    tearDown();
    deliver({ type: 'checkout.closed', data: {} });
  };

  window.addEventListener('message', onMessage);
  if (mode === 'overlay') overlay = mountOverlay(iframe, title, close);
  else {
    iframe.style.minHeight = '640px';
    container!.append(iframe);
  }

  return {
    origin,
    close,
    on(type, listener) {
      const forType = listeners.get(type) ?? new Set();
      const wrapped = listener as (event: CheckoutEvent) => void;
      forType.add(wrapped);
      listeners.set(type, forType);
      return () => forType.delete(wrapped);
    },
  };
}
