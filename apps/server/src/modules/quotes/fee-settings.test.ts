import { randomUUID } from 'node:crypto';
import { PATHS, quoteSchema } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { channelFees, quotes } from '../../db/schema/index.ts';
import { quotedRatesOf } from './fee-schedule.ts';

/**
 * docs/rules/limits.md "Fees": the fees are data an operator changes through the quotes module's face (the
 * operator's desk calls it), and the next quote prices with them: no restart, no stale copy on this process.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const fees = () => t.app.faces.get('quotes').fees;
const OPERATOR = 'opr_fee_admin';

const quoteFor = async (headers: Record<string, string>, body: Record<string, unknown> = {}) => {
  const response = await getQuote(t, headers, { orderId: randomUUID(), ...body });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};
const estimate = async () =>
  (await call(t.app, 'GET', `${PATHS.estimateBuy}?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=100`, { ip: nextIp() })).body
    .data;
const promotion = async (headers: Record<string, string>) => (await call(t.app, 'POST', PATHS.getPromotion, { headers })).body.data;

describe('the fee schedule as data', () => {
  it('starts as seeded, today’s values: our fee by channel, the spreads, the network fees and the promotion', async () => {
    const listing = await fees().listFees();
    const rateOf = (channel: string) => listing.channels.find((row) => row.channelCode === channel)?.feeRate;
    expect([rateOf('CHECKOUT'), rateOf('KLARNA'), rateOf('CLEAR_JUNCTION'), rateOf('OPENPAYD')]).toEqual([
      '0.025',
      '0.035',
      '0.01',
      '0.01',
    ]);
    expect(listing.spreads).toEqual([
      { cryptoCurrency: null, spreadRate: '0.01', updatedAt: null, updatedBy: null },
      { cryptoCurrency: 'USDC', spreadRate: '0.005', updatedAt: null, updatedBy: null },
      { cryptoCurrency: 'USDT', spreadRate: '0.005', updatedAt: null, updatedBy: null },
    ]);
    expect(listing.networks.find((row) => row.network === 'ETH')).toMatchObject({
      nativeCoin: 'ETH',
      nativeTransfer: '0.0001',
      tokenTransfer: '0.0004',
    });
    expect(listing.promotion).toEqual({ firstTransactions: 3, discountRate: '0.5', updatedAt: null, updatedBy: null });
  });

  it('an operator changes the card fee and the next quote shows it (and the estimate), the change answering before and after', async () => {
    const buyer = await verifiedBuyer(t, 'fee-change@example.com');
    expect((await quoteFor(buyer.headers)).fees.ourFeeBeforeDiscount).toBe('2.50');
    try {
      const change = await fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '0.0300' });
      expect(change).toEqual({
        setting: 'fees.channel.CHECKOUT',
        actor: OPERATOR,
        before: { channelCode: 'CHECKOUT', feeRate: '0.025' },
        after: { channelCode: 'CHECKOUT', feeRate: '0.03' },
      });
      const next = await quoteFor(buyer.headers);
      expect(next.fees).toMatchObject({ ourFeeBeforeDiscount: '3.00', discount: '1.50', ourFee: '1.50' });
      // The rates a quote was priced with stay ours: stored with it, never in the answer.
      expect(() => quoteSchema.strict().parse(next)).not.toThrow();
      expect(Object.keys(next.fees)).not.toContain('ourFeeRate');
      const [stored] = await t.db.select().from(quotes).where(eq(quotes.id, next.quoteId));
      expect(stored!.fees).toMatchObject({ ourFeeRate: '0.03', discountRate: '0.5' });
      expect((await estimate()).fees).toMatchObject({ ourFeeRate: '0.03', ourFee: '3.00' });
      const [row] = await t.db.select().from(channelFees).where(eq(channelFees.channelCode, 'CHECKOUT'));
      expect(row).toMatchObject({ updatedBy: OPERATOR, updatedAt: t.clock.now() });
    } finally {
      await fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '0.025' });
    }
    expect((await quoteFor(buyer.headers)).fees.ourFeeBeforeDiscount).toBe('2.50');
  });

  it('a crypto’s own spread, the default spread and a network fee change the next quote', async () => {
    const buyer = await verifiedBuyer(t, 'fee-spreads@example.com');
    const btc = await quoteFor(buyer.headers);
    expect(btc.fees.spreadRate).toBe('0.01');

    const own = await fees().changeSpreadRate(OPERATOR, { cryptoCurrency: 'BTC', spreadRate: '0.02' });
    expect(own).toMatchObject({ setting: 'fees.spread.BTC', before: null, after: { cryptoCurrency: 'BTC', spreadRate: '0.02' } });
    expect((await quoteFor(buyer.headers)).fees.spreadRate).toBe('0.02');
    const removed = await fees().changeSpreadRate(OPERATOR, { cryptoCurrency: 'BTC', spreadRate: null });
    expect(removed).toMatchObject({ before: { cryptoCurrency: 'BTC', spreadRate: '0.02' }, after: null });

    try {
      await fees().changeSpreadRate(OPERATOR, { spreadRate: '0.015' });
      expect((await quoteFor(buyer.headers)).fees.spreadRate).toBe('0.015');
      // A crypto with its own keeps it.
      expect((await quoteFor(buyer.headers, { cryptoCurrency: 'USDT', network: 'TRX', walletAddress: undefined })).fees.spreadRate).toBe(
        '0.005',
      );

      const change = await fees().changeNetworkFee(OPERATOR, { network: 'BTC', nativeTransfer: '0.0001' });
      expect(change).toMatchObject({
        before: { network: 'BTC', nativeTransfer: '0.00002', tokenTransfer: '0.00002' },
        after: { network: 'BTC', nativeTransfer: '0.0001', tokenTransfer: '0.00002' },
      });
      const dearer = await quoteFor(buyer.headers);
      // Five times the coin: the fee in EUR is five times as much, give or take the cent it is rounded up to.
      expect(Number(dearer.fees.networkFee)).toBeGreaterThan(Number(btc.fees.networkFee) * 4.9);
    } finally {
      await fees().changeSpreadRate(OPERATOR, { spreadRate: '0.01' });
      await fees().changeNetworkFee(OPERATOR, { network: 'BTC', nativeTransfer: '0.00002' });
    }
    expect((await quoteFor(buyer.headers)).fees).toMatchObject({ spreadRate: '0.01', networkFee: btc.fees.networkFee });
  });

  it('the first-transactions promotion: its count and discount are the next quote’s, and none is given at 0', async () => {
    const buyer = await verifiedBuyer(t, 'fee-promotion@example.com');
    try {
      const change = await fees().changePromotion(OPERATOR, { firstTransactions: 5, discountRate: '0.25' });
      expect(change).toMatchObject({
        setting: 'fees.promotion',
        before: { firstTransactions: 3, discountRate: '0.5' },
        after: { firstTransactions: 5, discountRate: '0.25' },
      });
      expect(await promotion(buyer.headers)).toEqual({
        eligible: true,
        discountRate: '0.25',
        remainingTransactions: 5,
        totalTransactions: 5,
      });
      const quarter = await quoteFor(buyer.headers);
      expect(quarter).toMatchObject({ promotionApplied: true, fees: { ourFeeBeforeDiscount: '2.50', discount: '0.62', ourFee: '1.88' } });

      await fees().changePromotion(OPERATOR, { firstTransactions: 0 });
      expect((await promotion(buyer.headers)).eligible).toBe(false);
      expect(await quoteFor(buyer.headers)).toMatchObject({ promotionApplied: false, fees: { discount: '0.00', ourFee: '2.50' } });
    } finally {
      await fees().changePromotion(OPERATOR, { firstTransactions: 3, discountRate: '0.5' });
    }
    expect(await promotion(buyer.headers)).toMatchObject({ eligible: true, discountRate: '0.5', totalTransactions: 3 });
  });

  it('refuses bad input with a code naming the field, and changes nothing', async () => {
    const buyer = await verifiedBuyer(t, 'fee-refusals@example.com');
    const listed = await fees().listFees();
    const quoted = await quoteFor(buyer.headers);
    const invalid = (field: string) => ({ errorName: 'SettingValueInvalid', httpStatus: 400, message: expect.stringContaining(field) });
    const notFound = { errorName: 'SettingNotFound', httpStatus: 404 };
    const refusals: Array<[() => Promise<unknown>, object]> = [
      // Money and rates are decimal strings: a JS number, a sign, an exponent or a comma is refused, never converted.
      [() => fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: 0.03 as unknown as string }), invalid('feeRate')],
      [() => fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '-0.01' }), invalid('feeRate')],
      [() => fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '1e-2' }), invalid('feeRate')],
      [() => fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '0,03' }), invalid('feeRate')],
      [() => fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '0.0000001' }), invalid('feeRate')],
      // Bounded: our fee at most 25%, a spread at most 10%, a discount at most all of our fee.
      [() => fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '0.26' }), invalid('feeRate')],
      [() => fees().changeSpreadRate(OPERATOR, { cryptoCurrency: 'BTC', spreadRate: '0.2' }), invalid('spreadRate')],
      [() => fees().changeSpreadRate(OPERATOR, { spreadRate: null }), invalid('spreadRate')],
      [() => fees().changePromotion(OPERATOR, { discountRate: '1.5' }), invalid('discountRate')],
      [() => fees().changePromotion(OPERATOR, { firstTransactions: 2.5 }), invalid('firstTransactions')],
      [() => fees().changePromotion(OPERATOR, { firstTransactions: 101 }), invalid('firstTransactions')],
      [() => fees().changePromotion(OPERATOR, {}), invalid('input')],
      // A network fee in more decimals than its coin has (BTC: 8), or naming nothing to change.
      [() => fees().changeNetworkFee(OPERATOR, { network: 'BTC', nativeTransfer: '0.000000001' }), invalid('nativeTransfer')],
      [() => fees().changeNetworkFee(OPERATOR, { network: 'BTC' }), invalid('input')],
      // A field the setting does not have (no minimum fee exists), no operator, nothing by that name.
      [
        () =>
          fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '0.03', minFee: '1' } as {
            channelCode: string;
            feeRate: string;
          }),
        invalid('minFee'),
      ],
      [() => fees().changeChannelFee('', { channelCode: 'CHECKOUT', feeRate: '0.03' }), invalid('actor')],
      [() => fees().changeChannelFee(OPERATOR, { channelCode: 'NOPE', feeRate: '0.03' }), notFound],
      [() => fees().changeSpreadRate(OPERATOR, { cryptoCurrency: 'EUR', spreadRate: '0.01' }), notFound],
      [() => fees().changeNetworkFee(OPERATOR, { network: 'DOGE', nativeTransfer: '1' }), notFound],
    ];
    for (const [attempt, refusal] of refusals) await expect(attempt()).rejects.toMatchObject(refusal);
    expect(await fees().listFees()).toEqual(listed);
    expect((await quoteFor(buyer.headers)).fees).toEqual(quoted.fees);
  });

  it('two operators changing one fee at once are taken one after the other: each answer’s before is what it replaced', async () => {
    const change = (actor: string, feeRate: string) => fees().changeChannelFee(actor, { channelCode: 'KLARNA', feeRate });
    try {
      const answers = await Promise.all([change('opr_a', '0.04'), change('opr_b', '0.045')]);
      const [earlier, later] = answers[0].before?.feeRate === '0.035' ? answers : [answers[1], answers[0]];
      expect(earlier.before).toEqual({ channelCode: 'KLARNA', feeRate: '0.035' });
      expect(later.before).toEqual(earlier.after);
      expect((await fees().listFees()).channels.find((row) => row.channelCode === 'KLARNA')).toMatchObject({
        feeRate: later.after?.feeRate,
        updatedBy: later.actor,
      });
    } finally {
      await change(OPERATOR, '0.035');
    }
  });

  it('a change whose transaction rolls back (the desk’s audit row failed) is neither kept nor priced', async () => {
    const buyer = await verifiedBuyer(t, 'fee-rollback@example.com');
    const before = await quoteFor(buyer.headers);
    await expect(
      t.unitOfWork.transaction(async () => {
        await fees().changeChannelFee(OPERATOR, { channelCode: 'CHECKOUT', feeRate: '0.05' });
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow('audit row');
    expect((await fees().listFees()).channels.find((row) => row.channelCode === 'CHECKOUT')?.feeRate).toBe('0.025');
    expect((await quoteFor(buyer.headers)).fees.ourFeeBeforeDiscount).toBe(before.fees.ourFeeBeforeDiscount);
  });
});

describe('an order is settled at the rates its quote was priced with', () => {
  const figures = {
    ourFee: '1.25',
    ourFeeBeforeDiscount: '2.50',
    networkFee: '0',
    spread: '1.00',
    spreadRate: '0.01',
    discount: '1.25',
    total: '1.25',
  };

  it('reads the rates stored with the quote, whatever the schedule says now', () => {
    expect(quotedRatesOf({ ...figures, ourFeeRate: '0.03', discountRate: '0.25' }, 'CHECKOUT')).toEqual({
      ourFeeRate: '0.03',
      discountRate: '0.25',
    });
  });

  it('for a quote stored before the rates were kept, the seeded rates of then', () => {
    expect(quotedRatesOf(figures, 'CHECKOUT')).toEqual({ ourFeeRate: '0.025', discountRate: '0.5' });
    expect(quotedRatesOf({ ...figures, discount: '0.00' }, 'OPENPAYD')).toEqual({ ourFeeRate: '0.01', discountRate: '0' });
  });
});
