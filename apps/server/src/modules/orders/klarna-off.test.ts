import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';

/** KLARNA_PROVIDER=none: an install that does not offer Klarna hides its pairs and quotes none; cards are unchanged. */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({ KLARNA_PROVIDER: 'none' });
});
afterAll(() => t.app.close());

const pairs = async (query: string) =>
  (await call(t.app, 'GET', `${PATHS.listCurrencyPairByBaseCurrency}?baseCurrency=EUR${query}`)).body.data as Array<{ channels: string[] }>;

describe('Klarna switched off', () => {
  it('lists no Klarna pair, and no pair names the channel; card pairs are listed as ever', async () => {
    expect(await pairs('&channelCode=KLARNA&transactionType=buy')).toEqual([]);
    expect((await pairs('&channelCode=CHECKOUT&transactionType=buy')).length).toBeGreaterThan(0);
    expect((await pairs('')).flatMap((pair) => pair.channels)).not.toContain('KLARNA');
  });

  it('refuses a Klarna quote as a pair not offered (ODR00001002); a card quote is made', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-off@example.com');
    const klarna = await getQuote(t, buyer.headers, { orderId: randomUUID(), channelCode: 'KLARNA', paymentMethod: 'KLARNA' });
    expect(klarna.body.code).toBe('ODR00001002');
    const card = await getQuote(t, buyer.headers, { orderId: randomUUID() });
    expect(card.body.code).toBe('000000');
  });
});
