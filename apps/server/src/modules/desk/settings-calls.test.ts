import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { operatorAuditLog } from '../../db/schema/index.ts';

// docs/rules/operator-desk.md "Fees and limits": an admin changes the fees and the tiers' limits as data through
// the desk; each change is audited with its before and after, and the next quote prices with it.

let t: IdentityTestApp;
let admin: string;
let compliance: string;
let support: string;
beforeAll(async () => {
  t = await createIdentityTestApp();
  admin = await deskSignIn(t, 'admin');
  compliance = await deskSignIn(t, 'compliance');
  support = await deskSignIn(t, 'support');
});
afterAll(async () => {
  await t.app.close();
});

const post = (token: string, path: string, body: object) => deskCall(t.app, 'POST', path, token, { body });
const fees = async () => (await deskCall(t.app, 'GET', PATHS.deskFees, admin)).body.data;
const checkoutFee = async () => (await fees()).channels.find((row: { channelCode: string }) => row.channelCode === 'CHECKOUT').feeRate;
const auditOf = (action: string) =>
  t.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.outcome, 'done')));
const quoteFees = async (headers: Record<string, string>) => {
  const answer = await getQuote(t, headers, { orderId: randomUUID() });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.fees;
};

describe('the fees on the desk', () => {
  it('lists the fees as seeded, with the bounds a change is held to', async () => {
    const listing = await fees();
    expect(listing.channels).toContainEqual({ channelCode: 'CHECKOUT', feeRate: '0.025', updatedAt: null, updatedBy: null });
    expect(listing.spreads[0]).toMatchObject({ cryptoCurrency: null, spreadRate: '0.01' });
    expect(listing.promotion).toMatchObject({ firstTransactions: 3, discountRate: '0.5' });
    expect(listing.bounds).toEqual({ feeRateMax: '0.25', spreadRateMax: '0.1', discountRateMax: '1', promotionTransactionsMax: 100 });
  });

  it('an admin changes a channel fee: answered and audited before → after, and the next quote prices with it', async () => {
    const buyer = await verifiedBuyer(t, 'desk-fee-change@example.com');
    expect((await quoteFees(buyer.headers)).ourFeeBeforeDiscount).toBe('2.50');
    try {
      const answer = await post(admin, PATHS.deskChangeChannelFee, { channelCode: 'CHECKOUT', feeRate: '0.0300' });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toEqual({
        setting: 'fees.channel.CHECKOUT',
        before: { channelCode: 'CHECKOUT', feeRate: '0.025' },
        after: { channelCode: 'CHECKOUT', feeRate: '0.03' },
      });
      const rows = await auditOf('fees.change-channel');
      expect(rows.map((row) => [row.targetType, row.targetId, row.details])).toEqual([
        [
          'setting',
          'fees.channel.CHECKOUT',
          { before: { channelCode: 'CHECKOUT', feeRate: '0.025' }, after: { channelCode: 'CHECKOUT', feeRate: '0.03' } },
        ],
      ]);
      expect(await quoteFees(buyer.headers)).toMatchObject({ ourFeeBeforeDiscount: '3.00' });
    } finally {
      await post(admin, PATHS.deskChangeChannelFee, { channelCode: 'CHECKOUT', feeRate: '0.025' });
    }
    expect((await quoteFees(buyer.headers)).ourFeeBeforeDiscount).toBe('2.50');
  });

  it('refuses compliance and support (DSK0000004, the refusal audited) and changes nothing', async () => {
    for (const token of [compliance, support]) {
      const change = await post(token, PATHS.deskChangeChannelFee, { channelCode: 'CHECKOUT', feeRate: '0.2' });
      expect([change.statusCode, change.body.code]).toEqual([403, 'DSK0000004']);
      const list = await deskCall(t.app, 'GET', PATHS.deskFees, token);
      expect([list.statusCode, list.body.code]).toEqual([403, 'DSK0000004']);
    }
    expect(await checkoutFee()).toBe('0.025');
    const refused = await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.outcome, 'refused'));
    expect(refused.filter((row) => row.action === 'fees.change-channel')).toHaveLength(2);
  });

  it.each([
    ['a JS number', { channelCode: 'CHECKOUT', feeRate: 0.03 }, 'REQ0000400'],
    ['a negative rate', { channelCode: 'CHECKOUT', feeRate: '-0.01' }, 'REQ0000400'],
    ['seven decimals', { channelCode: 'CHECKOUT', feeRate: '0.0300001' }, 'REQ0000400'],
    ['an exponent', { channelCode: 'CHECKOUT', feeRate: '3e-2' }, 'REQ0000400'],
    ['a field of no fee', { channelCode: 'CHECKOUT', feeRate: '0.03', extra: '1' }, 'REQ0000400'],
    ['a rate above its bound', { channelCode: 'CHECKOUT', feeRate: '0.26' }, 'SET0000001'],
  ])('answers %s with a 400 that says why, and changes nothing', async (_what, body, code) => {
    const before = await auditOf('fees.change-channel');
    const answer = await post(admin, PATHS.deskChangeChannelFee, body);
    expect([answer.statusCode, answer.body.code], JSON.stringify(answer.body)).toEqual([400, code]);
    expect(answer.body.msg).toMatch(/feeRate|extra/);
    expect(await checkoutFee()).toBe('0.025');
    expect(await auditOf('fees.change-channel')).toHaveLength(before.length);
  });

  it('answers a channel that has no fee with SET0000002 (404)', async () => {
    const answer = await post(admin, PATHS.deskChangeChannelFee, { channelCode: 'NO_SUCH', feeRate: '0.01' });
    expect([answer.statusCode, answer.body.code]).toEqual([404, 'SET0000002']);
  });

  it('changes a spread, a network fee and the promotion, each audited under the setting it answers', async () => {
    const changes = [
      [PATHS.deskChangeSpreadRate, 'fees.change-spread', { spreadRate: '0.02' }, { spreadRate: '0.01' }],
      [PATHS.deskChangeSpreadRate, 'fees.change-spread', { cryptoCurrency: 'USDT', spreadRate: '0.004' }, { spreadRate: '0.005' }],
      [PATHS.deskChangeNetworkFee, 'fees.change-network', { network: 'ETH', tokenTransfer: '0.0005' }, { tokenTransfer: '0.0004' }],
      [PATHS.deskChangePromotion, 'fees.change-promotion', { firstTransactions: 5 }, { firstTransactions: 3 }],
    ] as const;
    for (const [path, action, body, undo] of changes) {
      const answer = await post(admin, path, body);
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      const rows = await auditOf(action);
      expect(rows.at(-1)).toMatchObject({
        targetType: 'setting',
        targetId: answer.body.data.setting,
        details: { before: answer.body.data.before, after: answer.body.data.after },
      });
      expect((await post(admin, path, { ...body, ...undo })).statusCode).toBe(200);
    }
    expect((await fees()).spreads.map((row: { spreadRate: string }) => row.spreadRate)).toEqual(['0.01', '0.005', '0.005']);
  });

  it("refuses removing the default spread, and a network amount beyond its coin's decimals", async () => {
    const noDefault = await post(admin, PATHS.deskChangeSpreadRate, { spreadRate: null });
    expect([noDefault.statusCode, noDefault.body.code]).toEqual([400, 'REQ0000400']);
    const tooFine = await post(admin, PATHS.deskChangeNetworkFee, { network: 'BTC', nativeTransfer: '0.000000001' });
    expect([tooFine.statusCode, tooFine.body.code]).toEqual([400, 'SET0000001']);
  });
});

describe('the limit tiers on the desk', () => {
  it('an admin changes a tier, answered and audited before → after; a day above the month is refused', async () => {
    const tiers = (await deskCall(t.app, 'GET', PATHS.deskLimitTiers, admin)).body.data.tiers;
    const tier1 = tiers.find((tier: { kycLevel: number }) => tier.kycLevel === 1);
    expect(tier1).toMatchObject({ currency: 'EUR' });
    const answer = await post(admin, PATHS.deskChangeLimitTier, { kycLevel: 1, DAILY: '1234.50' });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ setting: 'limits.tier.1', before: { DAILY: tier1.DAILY }, after: { DAILY: '1234.5' } });
    expect((await auditOf('limits.change-tier')).at(-1)).toMatchObject({
      targetId: 'limits.tier.1',
      details: { before: { DAILY: tier1.DAILY }, after: { DAILY: '1234.5' } },
    });

    const tooHigh = await post(admin, PATHS.deskChangeLimitTier, { kycLevel: 1, DAILY: tier1.YEARLY, MONTHLY: '1.00' });
    expect([tooHigh.statusCode, tooHigh.body.code]).toEqual([400, 'SET0000001']);
    const cents = await post(admin, PATHS.deskChangeLimitTier, { kycLevel: 1, DAILY: '1.001' });
    expect([cents.statusCode, cents.body.code]).toEqual([400, 'REQ0000400']);

    expect((await post(admin, PATHS.deskChangeLimitTier, { kycLevel: 1, DAILY: tier1.DAILY })).statusCode).toBe(200);
    expect((await auditOf('limits.change-tier')).length).toBe(2);
    const refused = await post(support, PATHS.deskChangeLimitTier, { kycLevel: 1, DAILY: '1.00' });
    expect(refused.body.code).toBe('DSK0000004');
  });
});
