import { describe, expect, it } from 'vitest';
import { MODE_STORAGE_KEY } from './mode';
import { orderLinks } from './order-links';
import { storage } from './storage';

const setCookie = (name: string, value: string) => (document.cookie = `${name}=${value}; path=/`);

describe('orderLinks', () => {
  it('buy leads to the trade page the stored payment method leads to (docs/rules/order-states.md trade routing)', () => {
    expect(orderLinks.buy('en')).toBe('/en/card-buy-sell');
    setCookie('paymentMethod', 'BANK_TRANSFER');
    setCookie('transactionType', 'buy');
    expect(orderLinks.buy('zh')).toBe('/zh/banktransfer-buy');
  });

  it("a business's order links lead to their places in the portal (lib/portal-links)", () => {
    storage.setItem(MODE_STORAGE_KEY, 'business');
    expect(orderLinks.result('en', 'o-1')).toBe('/en/corporation-portal/result?orderId=o-1');
    expect(orderLinks.history('zh')).toBe('/zh/corporation-portal/history');
    expect(orderLinks.buy('en')).toBe('/en/corporation-portal/transaction?type=buy');
    // The webview variants are the app's embedded pages, whoever is signed in.
    expect(orderLinks.result('en', 'o-1', true)).toBe('/en/result-webview?orderId=o-1');
    expect(orderLinks.history('en', true)).toBe('/en/history-webview');
  });

  it('the 3ds page gets the order id only: it reads the bank URL from the server', () => {
    expect(orderLinks.threeDs('en', 'ord 1')).toBe('/en/3ds?orderId=ord%201');
    expect(orderLinks.threeDs('en', 'o', true)).toBe('/en/3ds-webview?orderId=o');
  });

  it('order-submit-fail carries the reason when there is one', () => {
    expect(orderLinks.submitFail('en', 'o', 'NO_RESPONSE')).toBe('/en/order-submit-fail?orderId=o&reason=NO_RESPONSE');
    expect(orderLinks.submitFail('en', 'o', null)).toBe('/en/order-submit-fail?orderId=o');
  });
});
