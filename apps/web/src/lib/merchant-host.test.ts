import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greetHost, kycUpdatedEvent, merchantPage, orderUpdatedEvent, postToHost, rememberMerchantPage } from './merchant-host';

const HOST = 'https://shop.example.com';
const fakeParent = { postMessage: vi.fn() };

function framed(framedIn: boolean) {
  Object.defineProperty(window, 'parent', { configurable: true, value: framedIn ? fakeParent : window });
}

describe('the merchant page around the checkout', () => {
  beforeEach(() => {
    sessionStorage.clear();
    fakeParent.postMessage.mockClear();
  });
  afterEach(() => framed(false));

  it('posts events only to the host origin the server allowed, and only when framed', () => {
    framed(true);
    postToHost({ type: 'checkout.ready', data: {} });
    expect(fakeParent.postMessage).not.toHaveBeenCalled(); // no merchant entry: nobody to talk to

    rememberMerchantPage({ hostOrigin: HOST, redirectUrl: null, merchantName: 'Shop', merchantUserId: 'cust-1' });
    greetHost();
    expect(fakeParent.postMessage).toHaveBeenCalledWith(
      { type: 'checkout.ready', data: {}, source: 'causeway-checkout', version: 1 },
      HOST,
    );

    framed(false);
    postToHost({ type: 'checkout.ready', data: {} });
    expect(fakeParent.postMessage).toHaveBeenCalledTimes(1);
  });

  it('answers host.close from the host window and origin only', () => {
    framed(true);
    rememberMerchantPage({ hostOrigin: HOST, redirectUrl: null, merchantName: 'Shop', merchantUserId: null });
    greetHost();
    fakeParent.postMessage.mockClear();
    const close = { source: 'causeway-host', version: 1, type: 'host.close' };
    window.dispatchEvent(new MessageEvent('message', { data: close, origin: 'https://evil.example', source: fakeParent as never }));
    window.dispatchEvent(new MessageEvent('message', { data: close, origin: HOST, source: window }));
    expect(fakeParent.postMessage).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent('message', { data: close, origin: HOST, source: fakeParent as never }));
    expect(fakeParent.postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: 'checkout.closed' }), HOST);
  });

  it("builds order.updated with the webhook's data: amounts as strings, the merchant's customer id", () => {
    rememberMerchantPage({ hostOrigin: HOST, redirectUrl: null, merchantName: 'Shop', merchantUserId: 'cust-9' });
    const event = orderUpdatedEvent(
      {
        orderId: 'o-1',
        status: 'SUCCESS',
        transactionType: 'buy',
        fiatCurrency: 'EUR',
        fiatAmount: '80',
        cryptoCurrency: 'BTC',
        cryptoAmount: '0.0013',
        network: 'BTC',
        txHash: 'abc',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      'tran-1',
    );
    expect(event).toEqual({
      type: 'order.updated',
      data: {
        orderId: 'o-1',
        tranId: 'tran-1',
        merchantUserId: 'cust-9',
        side: 'BUY',
        status: 'SUCCESS',
        fiatCurrency: 'EUR',
        fiatAmount: '80',
        cryptoCurrency: 'BTC',
        cryptoAmount: '0.0013',
        network: 'BTC',
        txHash: 'abc',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it("builds kyc.updated with the webhook's data and the merchant's customer id", () => {
    rememberMerchantPage({ hostOrigin: HOST, redirectUrl: null, merchantName: 'Shop', merchantUserId: 'cust-3' });
    expect(kycUpdatedEvent({ kycStatus: 'Pass', kycLevel: 1 }, '2026-01-01T00:00:00.000Z')).toEqual({
      type: 'kyc.updated',
      data: { merchantUserId: 'cust-3', kycStatus: 'Pass', kycLevel: 1, updatedAt: '2026-01-01T00:00:00.000Z' },
    });
  });

  it('forgets nothing across pages of the tab, and reads a damaged store as none', () => {
    rememberMerchantPage({ hostOrigin: null, redirectUrl: 'https://shop.example.com/back', merchantName: 'Shop', merchantUserId: null });
    expect(merchantPage()?.redirectUrl).toBe('https://shop.example.com/back');
    sessionStorage.setItem('causeway.merchantPage', '{broken');
    expect(merchantPage()).toBeNull();
  });
});
