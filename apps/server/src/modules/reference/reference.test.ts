import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { flagOf } from './reference.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/prod-api/capi/v1/customer${url}` });
  return { statusCode: response.statusCode, body: response.json() };
};

describe('GET kyc/list-country-code', () => {
  it('lists every ISO country with its flag and en/zh names', async () => {
    const { statusCode, body } = await get('/kyc/list-country-code');
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({ status: 200, code: '000000', msg: '' });
    expect(body.data.length).toBeGreaterThanOrEqual(249);
    expect(body.data).toContainEqual({ towCharCode: 'GB', englishName: 'United Kingdom', chineseName: '英国', flag: '🇬🇧' });
    expect(body.data).toContainEqual(expect.objectContaining({ towCharCode: 'PL', chineseName: '波兰', flag: '🇵🇱' }));
  });

  it('builds flags from regional-indicator code points', () => {
    expect([...flagOf('de')].map((c) => c.codePointAt(0))).toEqual([0x1f1e9, 0x1f1ea]);
  });
});

describe('GET order/list-currency', () => {
  it('lists fiat with ISO minor units and crypto with their networks', async () => {
    const { body } = await get('/order/list-currency');
    const codes = body.data.map((c: { currency: string }) => c.currency);
    expect(codes).toEqual(expect.arrayContaining(['EUR', 'GBP', 'USD', 'PLN', 'AED', 'BTC', 'ETH', 'USDT', 'XRP']));
    const eur = body.data.find((c: { currency: string }) => c.currency === 'EUR');
    expect(eur).toMatchObject({ assetType: 'fiat', decimals: 2, networks: [] });
    const usdt = body.data.find((c: { currency: string }) => c.currency === 'USDT');
    expect(usdt.networks.map((n: { network: string }) => n.network)).toEqual(['ETH', 'TRX']);
  });

  it('marks XRP as needing a memo (destination tag)', async () => {
    const { body } = await get('/order/list-currency?assetType=crypto');
    expect(body.data.every((c: { assetType: string }) => c.assetType === 'crypto')).toBe(true);
    const xrp = body.data.find((c: { currency: string }) => c.currency === 'XRP');
    expect(xrp.networks[0]).toMatchObject({ network: 'XRP', memoRequired: true, memoName: 'Destination tag' });
  });

  it('refuses an unknown asset type with a 400', async () => {
    const { statusCode, body } = await get('/order/list-currency?assetType=stocks');
    expect(statusCode).toBe(400);
    expect(body.msg).toContain('querystring.assetType');
  });
});

describe('GET order/list-currency-pair-by-base-currency', () => {
  it('gives each pair its limits as decimal strings in the base currency', async () => {
    const { body } = await get('/order/list-currency-pair-by-base-currency?baseCurrency=EUR');
    const btc = body.data.find((p: { cryptoCurrency: string }) => p.cryptoCurrency === 'BTC');
    expect(btc).toMatchObject({ baseCurrency: 'EUR', network: 'BTC', minAmount: '20', maxAmount: '20000' });
    expect(btc.channels).toEqual(expect.arrayContaining(['CHECKOUT', 'CLEAR_JUNCTION', 'OPENPAYD', 'ROMA']));
  });

  it('filters by channel and transaction type, honouring per-channel exclusions', async () => {
    const cardSell = await get('/order/list-currency-pair-by-base-currency?baseCurrency=EUR&channelCode=CHECKOUT&transactionType=sell');
    const cryptos = cardSell.body.data.map((p: { cryptoCurrency: string }) => p.cryptoCurrency);
    expect(cryptos).toContain('BTC');
    expect(cryptos).not.toContain('XRP');
    const cardBuy = await get('/order/list-currency-pair-by-base-currency?baseCurrency=EUR&channelCode=CHECKOUT&transactionType=buy');
    expect(cardBuy.body.data.map((p: { cryptoCurrency: string }) => p.cryptoCurrency)).toContain('XRP');
  });

  it('lists only the channels that offer the base', async () => {
    const { body } = await get('/order/list-currency-pair-by-base-currency?baseCurrency=GBP&channelCode=CLEAR_JUNCTION');
    expect(body.data).toEqual([]);
    const fps = await get('/order/list-currency-pair-by-base-currency?baseCurrency=GBP&channelCode=CLEAR_JUNCTION_FPS');
    expect(fps.body.data.length).toBeGreaterThan(0);
  });

  it('refuses a base that is not a supported fiat, or a missing one, with a 400', async () => {
    expect((await get('/order/list-currency-pair-by-base-currency?baseCurrency=BTC')).statusCode).toBe(400);
    expect((await get('/order/list-currency-pair-by-base-currency?baseCurrency=XYZ')).statusCode).toBe(400);
    const missing = await get('/order/list-currency-pair-by-base-currency');
    expect(missing.statusCode).toBe(400);
    expect(missing.body.msg).toContain('querystring.baseCurrency');
  });
});
