import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { rateLimitBuckets } from '../../db/schema/index.ts';
import { hmacHex } from '../../platform/crypto.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { newBusiness } from '../../../test/kyb-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { DEMO_MERCHANT } from './demo-merchant.ts';

/**
 * Account linking by orderToken (docs/rules/merchant-linking.md): merchant-bind and kyb-merchant-bind link the
 * signed-in account to the merchant's customer of a transaction, or record why not (kycLoginFail), which
 * only that account is told of and which stops it paying the transaction.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** The demo merchant's server creates a transaction for its customer; answers its orderToken. */
async function transactionFor(merchantUserId: string, tranId = `bind-${randomUUID()}`) {
  const params = {
    apiKey: DEMO_MERCHANT.apiKey,
    timestamp: String(t.clock.now().getTime()),
    tranId,
    tranType: 'buy',
    fiatCurrency: 'EUR',
    fiatAmount: '50',
    cryptoCurrency: 'BTC',
    network: 'BTC',
    merchantUserId,
  };
  const body = { ...params, signature: hmacHex(Buffer.from(DEMO_MERCHANT.secret), canonicalEntryQuery(params)) };
  const created = await call(t.app, 'POST', PATHS.merchantTransactionCreate, { body });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  // Created again (idempotent), the same token: nothing is stored that could drift.
  expect((await call(t.app, 'POST', PATHS.merchantTransactionCreate, { body })).body.data.orderToken).toBe(created.body.data.orderToken);
  return { tranId, orderToken: created.body.data.orderToken as string };
}

const bind = (headers: Record<string, string>, orderToken: string, path: string = PATHS.merchantBind) =>
  call(t.app, 'POST', path, { headers, body: { orderToken } });
const status = (headers: Record<string, string>, orderToken: string) =>
  call(t.app, 'POST', PATHS.getMerchantBindStatus, { headers, body: { orderToken } });
const tranInfo = (headers: Record<string, string>, tranId: string) =>
  call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=${tranId}`, { headers });

describe('account linking by orderToken', () => {
  it("links the signed-in person to the transaction's customer, and says so afterwards", async () => {
    const ann = await verifiedBuyer(t, 'bind-ann@example.com');
    const { tranId, orderToken } = await transactionFor('customer-ann');
    expect((await status(ann.headers, orderToken)).body.data).toEqual({ tranId, merchantName: DEMO_MERCHANT.name, bindStatus: 'UNBOUND' });
    expect((await bind(ann.headers, orderToken)).body.data).toEqual({
      tranId,
      merchantName: DEMO_MERCHANT.name,
      bindStatus: 'SUCCESS',
      failCode: null,
    });
    expect((await status(ann.headers, orderToken)).body.data.bindStatus).toBe('BOUND');
    expect((await tranInfo(ann.headers, tranId)).body.data.kycLoginFail).toBeNull();
  });

  it('records ALREADY_LINKED_ANOTHER_ACCOUNT for a second account, tells only it, and stops it paying the transaction', async () => {
    const first = await verifiedBuyer(t, 'bind-first@example.com');
    await bind(first.headers, (await transactionFor('customer-shared')).orderToken);

    const second = await verifiedBuyer(t, 'bind-second@example.com');
    const { tranId, orderToken } = await transactionFor('customer-shared');
    expect((await status(second.headers, orderToken)).body.data.bindStatus).toBe('BOUND_TO_ANOTHER');
    expect((await bind(second.headers, orderToken)).body.data).toMatchObject({
      bindStatus: 'FAILED',
      failCode: 'ALREADY_LINKED_ANOTHER_ACCOUNT',
    });
    expect((await tranInfo(second.headers, tranId)).body.data).toMatchObject({
      status: 'Initial',
      kycLoginFail: { kycLoginStatus: 'ALREADY_LINKED_ANOTHER_ACCOUNT', merchantName: DEMO_MERCHANT.name },
    });
    // The account already linked is not told of another's failure.
    expect((await tranInfo(first.headers, tranId)).body.data.kycLoginFail).toBeNull();
    // And the second account may not pay what the merchant meant for its customer.
    expect((await getQuote(t, second.headers, { orderId: randomUUID(), tranId, fiatAmount: '50' })).body.code).toBe('ODR00001012');
    expect((await getQuote(t, first.headers, { orderId: randomUUID(), tranId, fiatAmount: '50' })).statusCode).toBe(200);
  });

  it('two accounts claiming one customer at once: exactly one is linked, the other told ALREADY_LINKED_ANOTHER_ACCOUNT', async () => {
    const [one, two] = await Promise.all([verifiedBuyer(t, 'bind-race-1@example.com'), verifiedBuyer(t, 'bind-race-2@example.com')]);
    const first = await transactionFor('customer-race');
    const second = await transactionFor('customer-race');
    const answers = await Promise.all([bind(one.headers, first.orderToken), bind(two.headers, second.orderToken)]);
    expect(answers.map((answer) => answer.body.data.bindStatus).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
      'FAILED',
      'SUCCESS',
    ]);
  });

  it('links a business by kyb-merchant-bind, which only a business session may call', async () => {
    const business = await newBusiness(t, 'bind-business@example.com');
    const { orderToken } = await transactionFor('customer-business');
    expect((await bind(business, orderToken, PATHS.kybMerchantBind)).body.data).toMatchObject({ bindStatus: 'SUCCESS' });
    const person = await verifiedBuyer(t, 'bind-person@example.com');
    expect((await bind(person.headers, orderToken, PATHS.kybMerchantBind)).statusCode).toBe(401);
  });

  it('refuses a token it did not make, counting the refusals of an address', async () => {
    const ann = await verifiedBuyer(t, 'bind-forger@example.com');
    const { tranId, orderToken } = await transactionFor('customer-forged');
    expect(orderToken).toMatch(/^[\w.:-]{1,128}$/); // what the checkout keeps of a link's orderToken
    for (const forged of [`${tranId}:${'0'.repeat(48)}`, orderToken.replace(tranId, `${tranId}x`), 'nothing-at-all', `:${orderToken}`])
      expect((await bind(ann.headers, forged)).body.code, forged).toBe('ODR00001012');
    const [bucket] = await t.db.select().from(rateLimitBuckets).where(like(rateLimitBuckets.key, 'merchant-order-token:ip:%'));
    expect(bucket?.count).toBe(4);
  });
});
