import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, getSharedCookie, removeSharedCookie } from '@/lib/cookies';
import { forgetPreOrderId, storedPreOrderId } from '@/lib/merchant-transaction';
import { keepEntryParams } from './entry-params';

afterEach(() => {
  for (const name of Object.values(COOKIE_NAMES)) removeSharedCookie(name);
});

describe('keepEntryParams', () => {
  it("keeps the merchant's preOrderId (a UUID, lower-cased) for the buy page's order; anything else is ignored", async () => {
    forgetPreOrderId();
    await keepEntryParams(new URLSearchParams('preOrderId=not-a-uuid'));
    expect(storedPreOrderId()).toBeUndefined();
    await keepEntryParams(new URLSearchParams('preOrderId=3F2504E0-4F89-41D3-9A0C-0305E82C3301'));
    expect(storedPreOrderId()).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    forgetPreOrderId();
  });

  it('keeps the sign-in link’s trade in the shared cookies, and ignores values that are not plain identifiers', async () => {
    await keepEntryParams(new URLSearchParams('tranType=deposit&paymentMethod=BANK_TRANSFER&fiatCurrency=<script>'));
    expect(getSharedCookie(COOKIE_NAMES.transactionType)).toBe('deposit');
    expect(getSharedCookie(COOKIE_NAMES.paymentMethod)).toBe('BANK_TRANSFER');
    expect(getSharedCookie(COOKIE_NAMES.fiatCurrency)).toBeUndefined();
    expect(getSharedCookie(COOKIE_NAMES.isRoma)).toBeUndefined();
  });

  it('chooses the Roma variant for a Roma payment method, personal or corporate, or the flag', async () => {
    for (const query of ['paymentMethod=EUR_ROMA', 'paymentMethod=EUR_ROMA_CORPORATE', 'isRoma=true']) {
      removeSharedCookie(COOKIE_NAMES.isRoma);
      await keepEntryParams(new URLSearchParams(query));
      expect(getSharedCookie(COOKIE_NAMES.isRoma), query).toBe('true');
    }
  });
});
