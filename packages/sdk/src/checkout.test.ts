// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCheckout, type CheckoutHandle } from './checkout.ts';
import type { CheckoutEvent, OrderUpdated } from './events.ts';

const CHECKOUT_ORIGIN = 'https://pay.example';
const HERE = window.location.origin;
const signedUrl = (hostOrigin: string | null = HERE) =>
  `${CHECKOUT_ORIGIN}/en/login-v3?apiKey=pk_1&merchantUserId=u1${hostOrigin === null ? '' : `&hostOrigin=${encodeURIComponent(hostOrigin)}`}&timestamp=1&signature=ab`;

const order: OrderUpdated = {
  orderId: 'ord_1',
  tranId: null,
  merchantUserId: 'u1',
  side: 'BUY',
  status: 'PROCESSING',
  fiatCurrency: 'EUR',
  fiatAmount: '25.00',
  cryptoCurrency: 'USDC',
  cryptoAmount: '24.87',
  network: 'ETH',
  txHash: null,
  updatedAt: '2026-01-02T03:04:05.000Z',
};
const fromCheckout = (type: string, data: unknown) => ({ source: 'causeway-checkout', version: 1, type, data });

let handles: CheckoutHandle[] = [];
function open(options: Partial<Parameters<typeof openCheckout>[0]> = {}) {
  const handle = openCheckout({ url: signedUrl(), mode: 'overlay', ...options });
  handles.push(handle);
  return handle;
}
const frame = () => document.querySelector('iframe')!;
const post = (data: unknown, origin = CHECKOUT_ORIGIN, source: Window | null = frame().contentWindow) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

afterEach(() => {
  handles.forEach((handle) => handle.close());
  handles = [];
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('overlay', () => {
  it('is a labelled modal dialog holding the checkout frame and a close button', () => {
    const handle = open({ title: 'Buy crypto' });
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Buy crypto');
    const iframe = dialog.querySelector('iframe')!;
    expect(iframe.src).toBe(signedUrl());
    expect(iframe.title).toBe('Buy crypto');
    expect(iframe.getAttribute('allow')).toBe('payment; camera; clipboard-write');
    expect(dialog.querySelector('button[aria-label="Close checkout"]')).not.toBeNull();
    expect((dialog.parentElement as HTMLElement).style.position).toBe('fixed');
    expect(handle.origin).toBe(CHECKOUT_ORIGIN);
  });

  it('is named "Checkout" by default', () => {
    open();
    expect(document.querySelector('[role="dialog"]')!.getAttribute('aria-label')).toBe('Checkout');
  });

  it('moves focus into the dialog and gives it back on close', () => {
    const trigger = document.body.appendChild(document.createElement('button'));
    trigger.focus();
    const handle = open();
    expect(document.querySelector('[role="dialog"]')!.contains(document.activeElement)).toBe(true);
    handle.close();
    expect(document.activeElement).toBe(trigger);
  });

  it('brings focus that leaves the dialog back to its close button', () => {
    const outside = document.body.appendChild(document.createElement('button'));
    open();
    outside.focus();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close checkout');
  });

  it('locks the page scroll while open and restores what it was', () => {
    document.body.style.overflow = 'scroll';
    const handle = open();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.documentElement.style.overflow).toBe('hidden');
    handle.close();
    expect(document.body.style.overflow).toBe('scroll');
    expect(document.documentElement.style.overflow).toBe('');
    document.body.style.overflow = '';
  });

  it.each([
    ['the close button', () => document.querySelector<HTMLButtonElement>('button[aria-label="Close checkout"]')!],
    ['Escape', () => document],
  ])('closes with %s: removes the DOM, tells the checkout and emits checkout.closed once', (how, target) => {
    const onEvent = vi.fn();
    const onClosed = vi.fn();
    const handle = open({ onEvent });
    handle.on('checkout.closed', onClosed);
    const postMessage = vi.spyOn(frame().contentWindow!, 'postMessage');
    const element = target();
    const closeIt = () =>
      how === 'Escape' ? element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })) : (element as HTMLElement).click();
    closeIt();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(postMessage).toHaveBeenCalledWith({ source: 'causeway-host', version: 1, type: 'host.close' }, CHECKOUT_ORIGIN);
    closeIt();
    handle.close();
    expect(onEvent.mock.calls).toEqual([[{ type: 'checkout.closed', data: {} }]]);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('ignores keys other than Escape', () => {
    open();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it('closes when the checkout says it closed, announcing it once', () => {
    const onEvent = vi.fn();
    const handle = open({ onEvent });
    post(fromCheckout('checkout.closed', {}));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    handle.close();
    expect(onEvent.mock.calls).toEqual([[{ type: 'checkout.closed', data: {} }]]);
  });

  it('refuses a link signed for another page, or for none', () => {
    expect(() => open({ url: signedUrl('https://other.example') })).toThrow(/hostOrigin=http:\/\/localhost:3000/);
    expect(() => open({ url: signedUrl(null) })).toThrow(/no hostOrigin/);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('refuses a URL that is not a web page', () => {
    expect(() => open({ url: 'javascript:alert(1)' })).toThrow(/http\(s\)/);
    expect(() => open({ url: '/en/login-v3' })).toThrow(/absolute URL/);
  });
});

describe('embedded', () => {
  it('appends the frame to the container, with no dialog or backdrop', () => {
    const container = document.body.appendChild(document.createElement('div'));
    const handle = open({ mode: 'embedded', container });
    const iframe = container.querySelector('iframe')!;
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.minHeight).not.toBe('');
    expect(iframe.getAttribute('allow')).toBe('payment; camera; clipboard-write');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    handle.close();
    expect(container.children).toHaveLength(0);
  });

  it('requires a container', () => {
    expect(() => open({ mode: 'embedded' })).toThrow(/container/);
  });

  it('stays when the checkout says it closed (the page decides)', () => {
    const container = document.body.appendChild(document.createElement('div'));
    const onEvent = vi.fn();
    const handle = open({ mode: 'embedded', container, onEvent });
    post(fromCheckout('checkout.closed', {}));
    expect(container.querySelector('iframe')).not.toBeNull();
    handle.close();
    expect(onEvent).toHaveBeenCalledTimes(1);
  });
});

describe('redirect', () => {
  it('navigates the page to the URL, unchanged, without checking hostOrigin', () => {
    // jsdom's Location cannot be spied on (its methods are unforgeable), so the page gets a stand-in.
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: HERE, href: `${HERE}/shop`, assign });
    const url = signedUrl(null);
    const handle = openCheckout({ url, mode: 'redirect' });
    expect(assign).toHaveBeenCalledWith(url);
    expect(handle.origin).toBe(CHECKOUT_ORIGIN);
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('messages from the checkout', () => {
  const received = () => {
    const onEvent = vi.fn<(event: CheckoutEvent) => void>();
    const onOrder = vi.fn();
    const handle = open({ onEvent });
    handle.on('order.updated', onOrder);
    return { onEvent, onOrder, handle };
  };

  it('delivers a well-formed event once, to onEvent and to the listeners of its type', () => {
    const { onEvent, onOrder } = received();
    post(fromCheckout('order.updated', order));
    expect(onEvent.mock.calls).toEqual([[{ type: 'order.updated', data: order }]]);
    expect(onOrder.mock.calls).toEqual([[{ type: 'order.updated', data: order }]]);
  });

  it('ignores the right origin from another window', () => {
    const { onEvent } = received();
    const other = document.body.appendChild(document.createElement('iframe'));
    post(fromCheckout('order.updated', order), CHECKOUT_ORIGIN, other.contentWindow);
    post(fromCheckout('order.updated', order), CHECKOUT_ORIGIN, window);
    post(fromCheckout('order.updated', order), CHECKOUT_ORIGIN, null);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it("ignores the frame's window speaking from another origin", () => {
    const { onEvent } = received();
    post(fromCheckout('order.updated', order), 'https://evil.example');
    post(fromCheckout('order.updated', order), 'http://pay.example');
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('ignores malformed data', () => {
    const { onEvent } = received();
    post({ ...fromCheckout('order.updated', order), source: 'another-widget' });
    post(fromCheckout('order.updated', { ...order, status: 'HACKED' }));
    post(fromCheckout('order.updated', { ...order, fiatAmount: 25 }));
    post(fromCheckout('kyc.updated', { merchantUserId: 'u1', kycStatus: 'Pass' }));
    post('order.updated');
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('stops listening once closed, and after a listener unsubscribes', () => {
    const { onEvent, onOrder, handle } = received();
    const onReady = vi.fn();
    const stop = handle.on('checkout.ready', onReady);
    stop();
    post(fromCheckout('checkout.ready', {}));
    expect(onReady).not.toHaveBeenCalled();
    expect(onEvent).toHaveBeenCalledTimes(1);
    handle.close();
    onEvent.mockClear();
    window.dispatchEvent(new MessageEvent('message', { data: fromCheckout('order.updated', order), origin: CHECKOUT_ORIGIN }));
    expect(onEvent).not.toHaveBeenCalled();
    expect(onOrder).not.toHaveBeenCalled();
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const { onEvent, handle } = received();
    const failure = new Error('merchant bug');
    handle.on('order.updated', () => {
      throw failure;
    });
    const after = vi.fn();
    handle.on('order.updated', after);
    post(fromCheckout('order.updated', order));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(failure);
  });
});
