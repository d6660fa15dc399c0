import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';

/**
 * The statements one get-quote makes once the process is warm (issue 16: a quote must scale): the
 * session; the person's standing (spent per limit period, orders counting for the promotion, who
 * submitted the order id); their KYC level; the new quote stored as it supersedes the order's older
 * one (refused when another person's quotes hold the order id). The catalogue is served from memory
 * (modules/reference/catalogue.ts). Lower it when a change saves one; a change that adds one must
 * say why here.
 */
const MAX_QUERIES_PER_QUOTE = 4;

let t: IdentityTestApp;
const sent: string[] = [];
let counting = false;
beforeAll(async () => {
  t = await createIdentityTestApp({}, { onQuery: (sql) => counting && sent.push(sql) });
});
afterAll(() => t.app.close());

describe('the queries of a quote', () => {
  it(`takes at most ${MAX_QUERIES_PER_QUOTE} once warm`, async () => {
    const buyer = await verifiedBuyer(t, 'quote.queries@example.com');
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID() })).statusCode).toBe(200);
    counting = true;
    const quote = await getQuote(t, buyer.headers, { orderId: randomUUID() });
    counting = false;
    expect(quote.statusCode).toBe(200);
    // A quote opens no transaction; were one added, PostgreSQL's driver would report its begin and commit, PGlite's not.
    const statements = sent.filter((sql) => !/^(begin|commit|rollback|savepoint|release)\b/i.test(sql));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_QUOTE);
  });
});
