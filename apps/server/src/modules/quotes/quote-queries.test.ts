import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';

/**
 * The queries one get-quote makes once the process is warm (issue 16: a quote must scale): the
 * session; who owns the order id (its order, its quotes); the KYC level; what the person spent in
 * each limit period; how many orders count for the promotion; the older quote superseded; the new
 * quote. The catalogue is served from memory (modules/reference/catalogue.ts). Lower it when a
 * change saves one; a change that adds one must say why here.
 */
const MAX_QUERIES_PER_QUOTE = 8;

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
    // The supersede and the insert share a transaction: PostgreSQL's driver reports its begin and commit, PGlite's does not.
    const statements = sent.filter((sql) => !/^(begin|commit|rollback|savepoint|release)\b/i.test(sql));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_QUOTE);
  });
});
