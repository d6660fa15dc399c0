import { useEffect, useRef, type CSSProperties } from 'react';
import { openCheckout } from './checkout.ts';
import type { CheckoutEvent } from './events.ts';

export interface CausewayCheckoutProps {
  /** A signed entry URL your server made, with `hostOrigin` set to this page's origin. */
  url: string;
  /** A frame in place (default), or a modal over the page. */
  mode?: 'embedded' | 'overlay';
  /** Every event the checkout sends. In overlay mode, set `open` to false on `checkout.closed`. */
  onEvent?: (event: CheckoutEvent) => void;
  /** Overlay mode: the overlay shows while this is true (default true). Embedded mode ignores it. */
  open?: boolean;
  /** The accessible name of the frame (and of the overlay's dialog). */
  title?: string;
  /** Embedded mode: the container's class and style, to size it. */
  className?: string;
  style?: CSSProperties;
}

/**
 * Causeway's checkout as a React component, a thin wrapper over openCheckout. It closes the checkout
 * when it unmounts, when `open` turns false and before it opens a new `url`. Those closes are the
 * component's own doing, so they do not reach `onEvent`: a parent that sets `open` to false on
 * `checkout.closed` would otherwise close the overlay it had just reopened with a new url.
 */
export function CausewayCheckout({ url, mode = 'embedded', onEvent, open = true, title, className, style }: CausewayCheckoutProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  // The latest onEvent without reopening the checkout (and reloading its frame) on every render.
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  const isShown = mode === 'embedded' || open;
  useEffect(() => {
    if (!isShown) return;
    const container = containerRef.current ?? undefined;
    if (mode === 'embedded' && !container) return;
    let isCurrent = true;
    const handle = openCheckout({
      url,
      mode,
      container,
      ...(title === undefined ? {} : { title }),
      onEvent: (event) => {
        if (isCurrent) onEventRef.current?.(event);
      },
    });
    return () => {
      isCurrent = false;
      handle.close();
    };
  }, [url, mode, isShown, title]);

  return mode === 'embedded' ? <div ref={containerRef} className={className} style={style} /> : null;
}
