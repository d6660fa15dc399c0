// @vitest-environment jsdom
// A .ts file (the packages project runs *.test.ts), so createElement rather than JSX.
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CausewayCheckout, type CausewayCheckoutProps } from './react.tsx';

const CHECKOUT_ORIGIN = 'https://pay.example';
const url = `${CHECKOUT_ORIGIN}/en/login-v3?apiKey=pk_1&hostOrigin=${encodeURIComponent(window.location.origin)}&timestamp=1&signature=ab`;
const checkout = (props: Partial<CausewayCheckoutProps> = {}) => createElement(CausewayCheckout, { url, ...props });
const post = (type: string) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'causeway-checkout', version: 1, type, data: {} },
        origin: CHECKOUT_ORIGIN,
        source: document.querySelector('iframe')!.contentWindow,
      }),
    );
  });

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('<CausewayCheckout>', () => {
  it('embeds the checkout frame in its own div, and removes it on unmount', () => {
    const { container, unmount } = render(checkout({ className: 'pay-box' }));
    const iframe = container.querySelector('div.pay-box > iframe');
    expect(iframe?.getAttribute('src')).toBe(url);
    unmount();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('passes the checkout events to onEvent, the latest one given', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(checkout({ onEvent: first }));
    const iframe = document.querySelector('iframe');
    rerender(checkout({ onEvent: latest }));
    expect(document.querySelector('iframe')).toBe(iframe); // not reloaded for a new callback
    post('checkout.ready');
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith({ type: 'checkout.ready', data: {} });
  });

  it('shows the overlay while open, closes it when open turns false or on unmount, without echoing that close', () => {
    const onEvent = vi.fn();
    const { rerender, unmount } = render(checkout({ mode: 'overlay', open: false, onEvent }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    rerender(checkout({ mode: 'overlay', open: true, onEvent }));
    expect(document.querySelector('[role="dialog"] iframe')).not.toBeNull();
    rerender(checkout({ mode: 'overlay', open: false, onEvent }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    rerender(checkout({ mode: 'overlay', open: true, onEvent }));
    unmount();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('tells the page when the person closes the overlay', () => {
    const onEvent = vi.fn();
    render(checkout({ mode: 'overlay', onEvent }));
    post('checkout.closed');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(onEvent).toHaveBeenCalledWith({ type: 'checkout.closed', data: {} });
  });
});
