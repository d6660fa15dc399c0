import { randomUUID } from 'node:crypto';
import { PATHS, RISK_WARNING_PROTOCOL, RISK_WARNING_VERSION } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, clearRiskSteps, getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { appropriatenessAssessments, orders, userAgreements } from '../../db/schema/index.ts';

// docs/rules/appropriateness.md "Trading": the order calls ask the risk module themselves, so a person who calls
// the API directly, skipping the pages' risk steps, cannot trade either (RSK0000005, nothing written).

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(async () => {
  await t.app.close();
});

/** A verified buyer with a card, then with their risk steps undone: the warning not agreed, no test taken. */
async function buyerWithoutRiskSteps(email: string) {
  const buyer = await verifiedBuyer(t, email);
  const { cardId } = await addCard(t, buyer.headers);
  await t.db.delete(appropriatenessAssessments).where(eq(appropriatenessAssessments.userId, buyer.userId));
  await t.db.delete(userAgreements).where(and(eq(userAgreements.userId, buyer.userId), eq(userAgreements.protocol, RISK_WARNING_PROTOCOL)));
  return { ...buyer, cardId };
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

describe('the order calls and the risk steps', () => {
  it('refuse a buy until the warning is agreed and the test passed, and then take it', async () => {
    const buyer = await buyerWithoutRiskSteps('risk-gate-buy@example.com');

    const refused = await buy(t, buyer.headers, buyer.cardId);
    expect(refused.submit.statusCode).toBe(403);
    expect(refused.submit.body.code).toBe('RSK0000005');

    // The warning alone is a business's clearance, not an individual's: the test is still owed.
    await t.db
      .insert(userAgreements)
      .values({ userId: buyer.userId, protocol: RISK_WARNING_PROTOCOL, version: RISK_WARNING_VERSION, acceptedAt: new Date() });
    const stillRefused = await buy(t, buyer.headers, buyer.cardId);
    expect(stillRefused.submit.body.code).toBe('RSK0000005');
    expect(await ordersOf(buyer.userId)).toEqual([]);

    await clearRiskSteps(t.db, buyer.userId);
    const taken = await buy(t, buyer.headers, buyer.cardId);
    expect(taken.submit.statusCode, JSON.stringify(taken.submit.body)).toBe(200);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
  });

  it('refuse a sell the same way, before any deposit address is made', async () => {
    const seller = await buyerWithoutRiskSteps('risk-gate-sell@example.com');
    const orderId = randomUUID();
    const quote = await getQuote(t, seller.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
    });
    expect(quote.statusCode, JSON.stringify(quote.body)).toBe(200);

    const submit = await call(t.app, 'POST', PATHS.submitSell, {
      headers: seller.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: seller.cardId },
    });

    expect(submit.body.code, JSON.stringify(submit.body)).toBe('RSK0000005');
    expect(await ordersOf(seller.userId)).toEqual([]);
  });
});
