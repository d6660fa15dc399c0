import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { createQueryCountingApp } from '../../../test/query-count.ts';

/**
 * The statements one get-quote makes once the process is warm (issue 16: a quote must scale): the
 * session; the person's standing (spent per limit period, orders counting for the promotion, who
 * submitted the order id); their KYC level; the new quote stored as it supersedes the order's older
 * one (refused when another person's quotes hold the order id). The catalogue is served from memory
 * (modules/reference/catalogue.ts). Lower it when a change saves one; a change that adds one must
 * say why here.
 */
const MAX_QUERIES_PER_QUOTE = 4;

let counted: Awaited<ReturnType<typeof createQueryCountingApp>>;
beforeAll(async () => {
  counted = await createQueryCountingApp();
});
afterAll(() => counted.t.app.close());

describe('the queries of a quote', () => {
  it(`takes at most ${MAX_QUERIES_PER_QUOTE} once warm`, async () => {
    const { t } = counted;
    const buyer = await verifiedBuyer(t, 'quote.queries@example.com');
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID() })).statusCode).toBe(200);
    let status: number | undefined;
    const statements = await counted.statementsOf(
      async () => (status = (await getQuote(t, buyer.headers, { orderId: randomUUID() })).statusCode),
    );
    expect(status).toBe(200);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_QUOTE);
  });
});
