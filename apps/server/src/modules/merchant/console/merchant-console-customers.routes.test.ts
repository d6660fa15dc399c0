import { MERCHANT_CUSTOMERS_PAGE_SIZE, PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantMembers, merchants, merchantUserLinks } from '../../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../../test/identity-helpers.ts';
import { newIndividual } from '../../../../test/kyc-helpers.ts';
import { DEMO_MERCHANT } from '../demo-merchant.ts';

/**
 * The console's "Customers" (docs/rules/merchant-console.md): the merchant's customer ids linked to an account,
 * with the campaign tag (cTag) that brought each and whether that sign-in created the account; for that merchant's
 * members only, newest link first, a page at a time, never naming our account.
 */
let t: IdentityTestApp;
let member: Record<string, string>;
let stranger: Record<string, string>;
let customerId: string;
const OTHER_MERCHANT = 'mch_customers_other';

beforeAll(async () => {
  t = await createIdentityTestApp();
  const now = t.clock.now();
  await t.db.insert(merchants).values({ id: OTHER_MERCHANT, code: 'customers-other', name: 'Other Shop', createdAt: now });
  const person = await newIndividual(t, 'customers-console-member@example.com');
  member = { token: person.token };
  await t.db.insert(merchantMembers).values({ merchantId: DEMO_MERCHANT.id, userId: person.userId, role: 'Developer', createdAt: now });
  stranger = { token: (await newIndividual(t, 'customers-console-stranger@example.com')).token };
  customerId = (await newIndividual(t, 'customers-console-customer@example.com')).userId;
});
afterAll(() => t.app.close());

const list = (headers: Record<string, string>, query: Record<string, string>) =>
  call(t.app, 'GET', `${PATHS.merchantConsoleCustomers}?${new URLSearchParams(query).toString()}`, { headers });
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 10, minutes));

describe("the console's customers", () => {
  it("lists the merchant's linked customers newest first with their campaign tag, to its members only", async () => {
    await t.db.insert(merchantUserLinks).values([
      { merchantId: DEMO_MERCHANT.id, merchantUserId: 'cust-old', userId: customerId, verifiedAt: at(5), createdAt: at(1) },
      {
        merchantId: DEMO_MERCHANT.id,
        merchantUserId: 'cust-new',
        userId: customerId,
        verifiedAt: at(3),
        createdAt: at(3),
        campaignTag: 'spring-2026',
        signedUpHere: true,
      },
      { merchantId: OTHER_MERCHANT, merchantUserId: 'not-yours', userId: customerId, verifiedAt: at(4), createdAt: at(4) },
    ]);
    const { statusCode, body } = await list(member, { merchantId: DEMO_MERCHANT.id });
    expect(statusCode).toBe(200);
    const ours = body.data.customers.filter((row: { merchantUserId: string }) => row.merchantUserId.startsWith('cust-'));
    expect(ours).toEqual([
      {
        merchantUserId: 'cust-new',
        linkedAt: at(3).toISOString(),
        verifiedAt: at(3).toISOString(),
        signedUpHere: true,
        campaignTag: 'spring-2026',
      },
      {
        merchantUserId: 'cust-old',
        linkedAt: at(1).toISOString(),
        verifiedAt: at(5).toISOString(),
        signedUpHere: false,
        campaignTag: null,
      },
    ]);
    expect(JSON.stringify(body.data)).not.toContain(customerId);
    expect(JSON.stringify(body.data)).not.toContain('not-yours');

    for (const query of [{ merchantId: DEMO_MERCHANT.id }, { merchantId: OTHER_MERCHANT }]) {
      const refused = await list(stranger, query);
      expect(refused.statusCode).toBe(403);
      expect(refused.body.code).toBe('MCN0000001');
    }
    expect((await list(member, { merchantId: OTHER_MERCHANT })).statusCode).toBe(403);
  });

  it('pages by MERCHANT_CUSTOMERS_PAGE_SIZE and refuses a page out of range', async () => {
    const rows = Array.from({ length: MERCHANT_CUSTOMERS_PAGE_SIZE + 1 }, (_, n) => ({
      merchantId: OTHER_MERCHANT,
      merchantUserId: `paged-${String(n).padStart(2, '0')}`,
      userId: customerId,
      verifiedAt: at(10 + n),
      createdAt: at(10 + n),
    }));
    await t.db.insert(merchantUserLinks).values(rows);
    const owner = await newIndividual(t, 'customers-console-owner@example.com');
    await t.db
      .insert(merchantMembers)
      .values({ merchantId: OTHER_MERCHANT, userId: owner.userId, role: 'Owner', createdAt: t.clock.now() });
    const first = await list({ token: owner.token }, { merchantId: OTHER_MERCHANT });
    const second = await list({ token: owner.token }, { merchantId: OTHER_MERCHANT, page: '2' });
    expect(first.body.data.total).toBe(MERCHANT_CUSTOMERS_PAGE_SIZE + 2);
    expect(first.body.data.customers).toHaveLength(MERCHANT_CUSTOMERS_PAGE_SIZE);
    expect(first.body.data.customers[0].merchantUserId).toBe(`paged-${MERCHANT_CUSTOMERS_PAGE_SIZE}`);
    expect(second.body.data.customers.map((row: { merchantUserId: string }) => row.merchantUserId)).toEqual(['paged-00', 'not-yours']);
    expect((await list({ token: owner.token }, { merchantId: OTHER_MERCHANT, page: '0' })).statusCode).toBe(400);
  });
});
