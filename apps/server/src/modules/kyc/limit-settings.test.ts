import { randomUUID } from 'node:crypto';
import { PATHS, wireCodeOf } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, getQuote, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

/**
 * docs/rules/limits.md "Verification tiers": the tiers' limits are data an operator changes through the kyc
 * module's face, and the next limit check (a quote, a submit, kyc/limit/query) reads them.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const limits = () => t.app.faces.get('kyc').limits;
const OPERATOR = 'opr_limits_admin';
const SEEDED = { kycLevel: 1, DAILY: '10000', MONTHLY: '50000', YEARLY: '200000' };

const dailyOf = async (headers: Record<string, string>) => {
  const answer = (await call(t.app, 'GET', PATHS.kycLimits, { headers })).body.data;
  return answer.userKycLimitVos.find((row: { current: boolean; period: string }) => row.current && row.period === 'DAILY');
};

describe('the tiers’ limits as data', () => {
  it('start as seeded: nothing before verification, then 10,000 a day, 50,000 a month and 200,000 a year (EUR)', async () => {
    expect(await limits().listLimitTiers()).toEqual([
      { kycLevel: 0, DAILY: '0', MONTHLY: '0', YEARLY: '0', currency: 'EUR', updatedAt: null, updatedBy: null },
      { ...SEEDED, currency: 'EUR', updatedAt: null, updatedBy: null },
      // Enhanced due diligence passed (docs/rules/edd.md).
      { kycLevel: 2, DAILY: '50000', MONTHLY: '250000', YEARLY: '1000000', currency: 'EUR', updatedAt: null, updatedBy: null },
    ]);
  });

  it('an operator lowers a tier’s day: the next quote, a submit of an older quote and kyc/limit/query all hold to it', async () => {
    const buyer = await verifiedBuyer(t, 'limits-change@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const orderId = randomUUID();
    const early = await getQuote(t, buyer.headers, { orderId, fiatAmount: '100' });
    expect(early.body.data.maxAmount).toBe('10000.00');
    try {
      const change = await limits().changeLimitTier(OPERATOR, { kycLevel: 1, DAILY: '50.00' });
      expect(change).toEqual({ setting: 'limits.tier.1', actor: OPERATOR, before: SEEDED, after: { ...SEEDED, DAILY: '50' } });

      const refused = await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '100' });
      expect(refused.body).toMatchObject({
        code: wireCodeOf('TransactionLimitExceeded'),
        data: { minAmount: '20.00', maxAmount: '50.00', currency: 'EUR' },
      });
      expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '40' })).body.data.maxAmount).toBe('50.00');
      // The quote made before the change is checked again at submit, under the person's lock.
      const submit = await call(t.app, 'POST', PATHS.submitBuy, {
        headers: buyer.headers,
        body: { orderId, quoteId: early.body.data.quoteId, cardId: card.cardId },
      });
      expect(submit.body.code).toBe(wireCodeOf('TransactionLimitExceeded'));
      expect(await dailyOf(buyer.headers)).toMatchObject({ limitAmount: '50.00', availableAmount: '50.00' });
      expect((await limits().listLimitTiers())[1]).toMatchObject({ DAILY: '50', updatedBy: OPERATOR });
    } finally {
      await limits().changeLimitTier(OPERATOR, { kycLevel: 1, DAILY: '10000' });
    }
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '100' })).body.data.maxAmount).toBe('10000.00');
  });

  it('refuses bad input with a code naming the field, and changes nothing', async () => {
    const buyer = await verifiedBuyer(t, 'limits-refusals@example.com');
    const listed = await limits().listLimitTiers();
    const invalid = (field: string) => ({ errorName: 'SettingValueInvalid', httpStatus: 400, message: expect.stringContaining(field) });
    const change =
      (input: object, actor = OPERATOR) =>
      () =>
        limits().changeLimitTier(actor, input as { kycLevel: number });
    const refusals: Array<[() => Promise<unknown>, object]> = [
      // A day above the month, a month above the year (as they would end up), refused rather than clipped.
      [change({ kycLevel: 1, DAILY: '60000' }), invalid('DAILY')],
      [change({ kycLevel: 1, MONTHLY: '250000' }), invalid('MONTHLY')],
      [change({ kycLevel: 1, DAILY: '-1' }), invalid('DAILY')],
      [change({ kycLevel: 1, DAILY: 100 }), invalid('DAILY')],
      [change({ kycLevel: 1, DAILY: '1,000' }), invalid('DAILY')],
      [change({ kycLevel: 1, DAILY: '100.001' }), invalid('DAILY')],
      [change({ kycLevel: '1', DAILY: '100' }), invalid('kycLevel')],
      [change({ kycLevel: 1 }), invalid('input')],
      [change({ kycLevel: 1, WEEKLY: '100' }), invalid('WEEKLY')],
      [change({ kycLevel: 1, DAILY: '100' }, ''), invalid('actor')],
      [change({ kycLevel: 7, DAILY: '100' }), { errorName: 'SettingNotFound', httpStatus: 404 }],
    ];
    for (const [attempt, refusal] of refusals) await expect(attempt()).rejects.toMatchObject(refusal);
    expect(await limits().listLimitTiers()).toEqual(listed);
    expect(await dailyOf(buyer.headers)).toMatchObject({ limitAmount: '10000.00' });
  });
});
