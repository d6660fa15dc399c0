import { PATHS } from '@causeway/contracts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { amountInput, callsTo, formShown, openTrade } from '../trade-test-kit';

/** ?fiatAmount= (the start page's Continue, after sign-in): the amount typed there is typed in here. */
describe('trade page with a fiat amount in its link', () => {
  it('types the amount in and quotes it', async () => {
    const { calls } = openTrade({ url: '/en/buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=250' });
    await formShown();
    expect(amountInput()).toHaveValue('250');
    await waitFor(() => expect(callsTo(calls, PATHS.getQuote).at(-1)?.body).toMatchObject({ fiatAmount: '250', cryptoCurrency: 'BTC' }));
  });

  it("cuts it to the fiat's decimals", async () => {
    openTrade({ url: '/en/buy-crypto?fiatCurrency=EUR&fiatAmount=12.345' });
    await formShown();
    expect(amountInput()).toHaveValue('12.34');
  });

  it('ignores one that is no amount', async () => {
    openTrade({ url: '/en/buy-crypto?fiatCurrency=EUR&fiatAmount=-5' });
    await formShown();
    expect(amountInput()).toHaveValue('');
  });
});
