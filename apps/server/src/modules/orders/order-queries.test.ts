import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers.ts';
import { addCard, getQuote, orderDetail, settle, verifiedBuyer } from '../../../test/order-helpers.ts';
import { createQueryCountingApp } from '../../../test/query-count.ts';

/**
 * The statements one submit-buy makes once warm, and those the worker makes until the order is
 * final (issue 16: orders must scale). Lower the figures when a change saves a query; a change
 * that adds one must say why here.
 * - submit-buy, 23 (24 before issue 16; 20 before issue 22's card disputes; 21 before issue 21's risk gate): the
 *   session; the idempotency key taken; the order id not used; the KYC standing; the risk steps (the warning
 *   agreed, the appropriateness test passed: two reads, docs/rules/appropriateness.md "Trading"); the quote; the card; whether a
 *   card dispute of the person's is open (docs/rules/card-disputes.md); the authenticator; the person's lock; their standing
 *   (spent, promotion); the order, its event, its job; the authorisation (the card again, the
 *   sandbox processor's token and payment, the order moved, its event, its job's new time); the
 *   order read back; the key's answer stored.
 * - settlement, 58 (66 before: the ledger remembers its accounts, a step goes on with the order its
 *   move returned instead of reading it again, the sandbox chain's transfer comes back from its
 *   insert): the worker's leases over the test's 11 rounds (JOB_CONCURRENCY 4), then per step the order moved and its
 *   event, the journals and their entries (a step that posts two locks their accounts first: no
 *   deadlock between two orders' steps), the capture, the payout, its confirmation and the receipt.
 *   77 since issue 22: the sandbox processor now sends its payment_captured webhook as Checkout.com
 *   does (its delivery job, which a real processor runs outside our database), and our intake stores
 *   the event once and runs its job, which wakes the order (docs/rules/card-disputes.md).
 *   85 since issue 21's enhanced due diligence: the settled order queues the recomputation of its
 *   person's risk rating (docs/rules/edd.md), whose job reads the person, their verification and their
 *   settled volume, then locks and stores the rating.
 */
const MAX_QUERIES_PER_SUBMIT = 23;
const MAX_QUERIES_PER_SETTLEMENT = 85;

let counted: Awaited<ReturnType<typeof createQueryCountingApp>>;
beforeAll(async () => {
  counted = await createQueryCountingApp();
});
afterAll(() => counted.t.app.close());

async function submit(buyer: Awaited<ReturnType<typeof verifiedBuyer>>, cardId: string) {
  const { t } = counted;
  const orderId = randomUUID();
  const quote = await getQuote(t, buyer.headers, { orderId, fiatAmount: '20' });
  expect(quote.statusCode).toBe(200);
  return {
    orderId,
    quoteId: quote.body.data.quoteId as string,
    send: () =>
      call(t.app, 'POST', PATHS.submitBuy, { headers: buyer.headers, body: { orderId, quoteId: quote.body.data.quoteId, cardId } }),
  };
}

describe('the queries of a card order', () => {
  it(`submit-buy takes at most ${MAX_QUERIES_PER_SUBMIT} and its settlement ${MAX_QUERIES_PER_SETTLEMENT} once warm`, async () => {
    const { t } = counted;
    const buyer = await verifiedBuyer(t, 'order.queries@example.com');
    const card = await addCard(t, buyer.headers);
    const warm = await submit(buyer, card.cardId);
    expect((await warm.send()).statusCode).toBe(200);
    await settle(t);
    const order = await submit(buyer, card.cardId);
    let status: number | undefined;
    const submitted = await counted.statementsOf(async () => (status = (await order.send()).statusCode));
    expect(status).toBe(200);
    const settled = await counted.statementsOf(() => settle(t));
    expect(submitted.length, submitted.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_SUBMIT);
    expect(settled.length, settled.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_SETTLEMENT);
    expect((await orderDetail(t, buyer.headers, order.orderId)).status).toBe('SUCCESS');
  });
});
