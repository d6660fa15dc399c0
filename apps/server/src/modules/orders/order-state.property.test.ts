import { FINAL_ORDER_STATUSES, PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, orderDetail, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

/**
 * A property test of the order state machine against a small reference model. Each run picks
 * random scenarios (card behaviour, what the person does at the bank's page) and a random
 * schedule for the worker (runs, concurrent runs, clock jumps), then checks that the real
 * settlement ends where the model says, moves only along the model's edges, and keeps the books.
 * The seed is logged; ORDER_PROPERTY_SEED=<seed> replays a run.
 */
type Scenario = 'visa' | 'master' | 'declined' | 'insufficient' | 'partial' | 'timeout' | '3ds-complete' | '3ds-fail' | '3ds-abandon';
const SCENARIOS: Scenario[] = [
  'visa',
  'master',
  'declined',
  'insufficient',
  'partial',
  'timeout',
  '3ds-complete',
  '3ds-fail',
  '3ds-abandon',
];

/**
 * The model: where each scenario must end, and with which reason. Written apart from order-state.ts on purpose.
 * A success books five journals: reservation, capture, purchase, payout and its network fee (issue 13).
 */
const MODEL: Record<Scenario, { status: string; failReason: string | null; journals: number }> = {
  visa: { status: 'SUCCESS', failReason: null, journals: 5 },
  master: { status: 'SUCCESS', failReason: null, journals: 5 },
  declined: { status: 'FAILED', failReason: 'CARD_DECLINED', journals: 0 },
  insufficient: { status: 'FAILED', failReason: 'INSUFFICIENT_FUNDS', journals: 0 },
  partial: { status: 'PARTIAL_AUTH', failReason: 'PARTIAL_AUTH', journals: 0 },
  timeout: { status: 'FAILED', failReason: 'PROCESSOR_TIMEOUT', journals: 0 },
  '3ds-complete': { status: 'SUCCESS', failReason: null, journals: 5 },
  '3ds-fail': { status: 'FAILED', failReason: 'THREE_DS_FAILED', journals: 0 },
  '3ds-abandon': { status: 'EXPIRED', failReason: 'THREE_DS_EXPIRED', journals: 0 },
};
/** The model's edges: the only moves an order may make. */
const EDGES = new Set([
  'null>OrderSubmitted',
  'OrderSubmitted>OrderSubmitted',
  'OrderSubmitted>PROCESSING',
  'OrderSubmitted>FAILED',
  'OrderSubmitted>PARTIAL_AUTH',
  'OrderSubmitted>EXPIRED',
  'PROCESSING>PROCESSING',
  'PROCESSING>SUCCESS',
  'PROCESSING>FAILED',
  'PROCESSING>EXPIRED_ERROR',
]);

const CARD_OF: Record<Scenario, string> = {
  visa: TEST_CARDS.visa,
  master: TEST_CARDS.master,
  declined: TEST_CARDS.declined,
  insufficient: TEST_CARDS.insufficientFunds,
  partial: TEST_CARDS.partial,
  timeout: TEST_CARDS.timeout,
  '3ds-complete': TEST_CARDS.threeDs,
  '3ds-fail': TEST_CARDS.threeDs,
  '3ds-abandon': TEST_CARDS.threeDs,
};

/** mulberry32: small, seeded, good enough to pick scenarios. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

describe('the order state machine against its model', () => {
  it('ends every random scenario where the model says, along its edges, with balanced books', async () => {
    const seed = Number(process.env.ORDER_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
    // eslint-disable-next-line no-console -- the seed replays a failing run
    console.info(`order state property test: ORDER_PROPERTY_SEED=${seed}`);
    const next = random(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    // Five cards at most per person (docs/rules/limits.md): the seven test cards are split between two buyers.
    const numbers = [...new Set(Object.values(CARD_OF))];
    const holders = [await verifiedBuyer(t, `property-a-${seed}@example.com`), await verifiedBuyer(t, `property-b-${seed}@example.com`)];
    const cards = new Map<string, { cardId: string; headers: Record<string, string> }>();
    for (const [index, number] of numbers.entries()) {
      const holder = holders[index < 4 ? 0 : 1]!;
      cards.set(number, { cardId: (await addCard(t, holder.headers, number)).cardId, headers: holder.headers });
    }
    const runs: Array<{ scenario: Scenario; orderId: string; headers: Record<string, string> }> = [];
    for (let index = 0; index < 16; index += 1) {
      const scenario = pick(SCENARIOS);
      const { cardId, headers } = cards.get(CARD_OF[scenario])!;
      const { orderId, submit } = await buy(t, headers, cardId, { fiatAmount: String(20 + Math.floor(next() * 60)) });
      expect(submit.statusCode, `${scenario}: ${JSON.stringify(submit.body)}`).toBe(200);
      runs.push({ scenario, orderId, headers });
      const url = submit.body.data.threeDsUrl as string | null;
      if (url && scenario !== '3ds-abandon') {
        await t.app.inject({
          method: 'POST',
          url: `${new URL(url, 'http://x').pathname}/${scenario === '3ds-complete' ? 'complete' : 'fail'}`,
        });
        if (next() < 0.5) await call(t.app, 'POST', PATHS.get3dsStatus, { headers, body: { orderId } });
      }
      // A random schedule: the worker runs, sometimes twice at once, and time jumps.
      const action = next();
      if (action < 0.3) await Promise.all([t.app.orders.settlement.advance(orderId), t.app.orders.settlement.advance(orderId)]);
      else if (action < 0.6) await t.app.jobs.drain();
      t.clock.advance(Math.floor(next() * 5000));
    }
    // Then long enough for every wait: chain confirmations, and the 15 minutes of an abandoned challenge.
    for (let round = 0; round < 8; round += 1) {
      await t.app.jobs.drain();
      t.clock.advance(round < 4 ? 4000 : 5 * 60 * 1000);
    }
    await t.app.jobs.drain();

    for (const { scenario, orderId, headers } of runs) {
      const detail = await orderDetail(t, headers, orderId);
      const expected = MODEL[scenario];
      expect({ scenario, status: detail.status, failReason: detail.failReason }).toEqual({
        scenario,
        status: expected.status,
        failReason: expected.failReason,
      });
      expect(FINAL_ORDER_STATUSES).toContain(detail.status);
      for (const event of await t.app.orders.repository.events(orderId))
        expect(EDGES.has(`${event.fromStatus}>${event.toStatus}`), `${scenario}: ${event.fromStatus}>${event.toStatus}`).toBe(true);
      expect((await t.app.orders.ledger.journalsOf(orderId)).length, scenario).toBe(expected.journals);
    }
    for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
  });
});
