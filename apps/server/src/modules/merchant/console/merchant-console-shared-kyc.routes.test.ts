import { MERCHANT_SHARED_KYC_PAGE_SIZE, PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycShareOutcomes, merchantMembers, merchants } from '../../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../../test/identity-helpers.ts';
import { newIndividual } from '../../../../test/kyc-helpers.ts';
import { DEMO_MERCHANT } from '../demo-merchant.ts';

/**
 * The console's "Shared verifications" (docs/rules/merchant-console.md): what became of each KYC a merchant
 * shared, for that merchant's members only, newest first, a page at a time, naming the merchant's customer id
 * and never our account.
 */
let t: IdentityTestApp;
let owner: Record<string, string>;
let otherOwner: Record<string, string>;
let stranger: Record<string, string>;
let customerId: string;
const OTHER_MERCHANT = 'mch_othershop';

beforeAll(async () => {
  t = await createIdentityTestApp();
  const now = t.clock.now();
  await t.db.insert(merchants).values({ id: OTHER_MERCHANT, code: 'other-shop', name: 'Other Shop', createdAt: now });
  const person = await newIndividual(t, 'shared-console-owner@example.com');
  owner = { token: person.token };
  await t.db.insert(merchantMembers).values({ merchantId: DEMO_MERCHANT.id, userId: person.userId, role: 'Developer', createdAt: now });
  const other = await newIndividual(t, 'shared-console-other@example.com');
  otherOwner = { token: other.token };
  await t.db.insert(merchantMembers).values({ merchantId: OTHER_MERCHANT, userId: other.userId, role: 'Owner', createdAt: now });
  stranger = { token: (await newIndividual(t, 'shared-console-stranger@example.com')).token };
  customerId = (await newIndividual(t, 'shared-console-customer@example.com')).userId;
});
afterAll(() => t.app.close());

const list = (headers: Record<string, string>, query: Record<string, string>) =>
  call(t.app, 'GET', `${PATHS.merchantConsoleSharedKyc}?${new URLSearchParams(query).toString()}`, { headers });
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 10, minutes));
const digest = (n: number) => n.toString(16).padStart(64, '0');

describe("the console's shared verifications", () => {
  it("lists the merchant's share-token outcomes, newest first, to its members only; never another merchant's, nor whose account", async () => {
    await t.db.insert(kycShareOutcomes).values([
      {
        shareTokenSha256: digest(1),
        userId: customerId,
        merchantId: DEMO_MERCHANT.id,
        outcome: 'reused',
        applicantId: 'app_1',
        createdAt: at(1),
      },
      {
        shareTokenSha256: digest(2),
        userId: customerId,
        merchantId: DEMO_MERCHANT.id,
        merchantUserId: 'cust-42',
        outcome: 'refused',
        party: 'merchant',
        reason: 'token-invalid',
        createdAt: at(3),
      },
      {
        shareTokenSha256: digest(3),
        userId: customerId,
        merchantId: DEMO_MERCHANT.id,
        merchantUserId: 'cust-7',
        outcome: 'mismatch',
        createdAt: at(2),
      },
      {
        shareTokenSha256: digest(4),
        userId: customerId,
        merchantId: OTHER_MERCHANT,
        merchantUserId: 'other-1',
        outcome: 'matched',
        createdAt: at(4),
      },
    ]);

    const answer = await list(owner, { merchantId: DEMO_MERCHANT.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toEqual({
      total: 3,
      outcomes: [
        { createdAt: at(3).toISOString(), merchantUserId: 'cust-42', outcome: 'refused', party: 'merchant', reason: 'token-invalid' },
        { createdAt: at(2).toISOString(), merchantUserId: 'cust-7', outcome: 'mismatch', party: null, reason: null },
        { createdAt: at(1).toISOString(), merchantUserId: null, outcome: 'reused', party: null, reason: null },
      ],
    });
    expect(JSON.stringify(answer.body)).not.toContain(customerId);
    expect(JSON.stringify(answer.body)).not.toContain('app_1');

    expect((await list(otherOwner, { merchantId: OTHER_MERCHANT })).body.data.outcomes).toEqual([
      expect.objectContaining({ merchantUserId: 'other-1', outcome: 'matched' }),
    ]);
    // A member of another merchant, and someone of no merchant, are refused before anything is read.
    for (const answer of [await list(otherOwner, { merchantId: DEMO_MERCHANT.id }), await list(stranger, { merchantId: DEMO_MERCHANT.id })])
      expect([answer.statusCode, answer.body.code]).toEqual([403, 'MCN0000001']);
    expect((await list({}, { merchantId: DEMO_MERCHANT.id })).statusCode).toBe(401);
  });

  it(`answers ${MERCHANT_SHARED_KYC_PAGE_SIZE} a page, and refuses a page out of range`, async () => {
    await t.db.insert(kycShareOutcomes).values(
      Array.from({ length: MERCHANT_SHARED_KYC_PAGE_SIZE + 5 }, (_, n) => ({
        shareTokenSha256: digest(100 + n),
        userId: customerId,
        merchantId: OTHER_MERCHANT,
        outcome: 'comparing',
        createdAt: at(10 + n),
      })),
    );
    const first = (await list(otherOwner, { merchantId: OTHER_MERCHANT })).body.data;
    expect(first.total).toBe(MERCHANT_SHARED_KYC_PAGE_SIZE + 6);
    expect(first.outcomes).toHaveLength(MERCHANT_SHARED_KYC_PAGE_SIZE);
    expect(first.outcomes[0].createdAt).toBe(at(10 + MERCHANT_SHARED_KYC_PAGE_SIZE + 4).toISOString());
    const second = (await list(otherOwner, { merchantId: OTHER_MERCHANT, page: '2' })).body.data;
    expect(second.outcomes).toHaveLength(6);
    expect(second.outcomes.at(-1)).toMatchObject({ merchantUserId: 'other-1', outcome: 'matched' });
    expect((await list(otherOwner, { merchantId: OTHER_MERCHANT, page: '0' })).statusCode).toBe(400);
  });
});
