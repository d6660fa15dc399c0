import type Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders, sandboxCardPayments, sandboxChainTransfers } from '../../db/schema/index.ts';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { type CardProcessorProvider, createCardProcessor, ProcessorUnavailableError } from '../../providers/card-processor/index.ts';
import { type ChainProvider, ChainRefusedError, ChainUnavailableError, createChainProvider } from '../../providers/chain/index.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, orderDetail, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { createCardsRepository } from '../cards/cards.repository.ts';
import { createMerchantTransactionsRepository } from '../merchant/merchant-transactions.repository.ts';
import { fundInventoryJournal } from './order-journals.ts';
import { createSettlement } from './settlement.ts';

/**
 * Settlement when outside services misbehave (found by review): an outcome that is unknown is
 * never refunded, outages wait instead of failing the job for good, a refused request ends the
 * order, and the deadline reads the bank's answer before voiding.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const quietLog = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as never;

function settlementWith(
  overrides: { chain?: (real: ChainProvider) => ChainProvider; processor?: (real: CardProcessorProvider) => CardProcessorProvider } = {},
) {
  const processor = createCardProcessor({
    kind: 'sandbox',
    db: t.db,
    clock: t.clock,
    publicUrl: '',
    fingerprintKey: Buffer.alloc(32),
  }).provider;
  const chain = createChainProvider({ kind: 'sandbox', db: t.db, clock: t.clock, sandboxConfirmMs: 3000 });
  return createSettlement({
    orders: t.app.orders.repository,
    cards: createCardsRepository(t.db),
    ledger: t.app.orders.ledger,
    processor: overrides.processor ? overrides.processor(processor) : processor,
    chain: overrides.chain ? overrides.chain(chain) : chain,
    queue: createJobQueueRepository(t.db),
    transaction: t.unitOfWork.transaction,
    savepoint: t.unitOfWork.savepoint,
    clock: t.clock,
    log: quietLog,
    threeDsReturnUrl: () => '/cb',
    chainConfirmPollMs: 1000,
    merchantTransactions: createMerchantTransactionsRepository(t.db),
  });
}

const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const paymentOf = async (orderId: string) =>
  (await t.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.reference, orderId)))[0]!;

async function authorisedOrder(email: string, number: string = TEST_CARDS.visa) {
  const buyer = await verifiedBuyer(t, email);
  const card = await addCard(t, buyer.headers, number);
  return { ...(await buy(t, buyer.headers, card.cardId)), headers: buyer.headers };
}

describe('settlement when outside services fail', () => {
  it('a payout that went out but answered as an outage is retried with its key, never refunded, even past the deadline', async () => {
    const { orderId } = await authorisedOrder('unknown-payout@example.com');
    const lostAnswer = settlementWith({
      chain: (real) => ({
        ...real,
        kind: real.kind,
        explorerUrl: real.explorerUrl,
        getTransfer: real.getTransfer,
        send: async (input) => {
          await real.send(input);
          throw new ChainUnavailableError('the custody API did not answer');
        },
      }),
    });
    expect(await lostAnswer.advance(orderId)).not.toBeNull();
    expect((await orderRow(orderId)).step).toBe('PAYOUT');
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const healthy = settlementWith();
    for (let round = 0; round < 3 && (await orderRow(orderId)).step !== 'DONE'; round += 1) {
      await healthy.advance(orderId);
      t.clock.advance(4000);
    }
    expect((await orderRow(orderId)).status).toBe('SUCCESS');
    expect(
      await t.db
        .select()
        .from(sandboxChainTransfers)
        .where(eq(sandboxChainTransfers.idempotencyKey, `order:${orderId}:payout`)),
    ).toHaveLength(1);
    expect((await paymentOf(orderId)).status).toBe('CAPTURED');
    // Issue 13: the crypto is reserved before the capture, and a confirmed payout books its delivery and its network fee
    // (those two in one transaction, so in either order).
    expect((await t.app.orders.ledger.journalsOf(orderId)).map((journal) => journal.kind).sort()).toEqual([
      'card-capture',
      'crypto-payout',
      'crypto-purchase',
      'crypto-reservation',
      'payout-network-fee',
    ]);
  });

  it('a payout refused before sending (invalid address) is refunded and the books balance; a refusal that may follow a send (REJECTED) waits', async () => {
    const refusingWith = (reason: 'INVALID_ADDRESS' | 'REJECTED') =>
      settlementWith({
        chain: (real) => ({
          ...real,
          kind: real.kind,
          explorerUrl: real.explorerUrl,
          getTransfer: real.getTransfer,
          send: async () => {
            throw new ChainRefusedError(reason, `refused: ${reason}`);
          },
        }),
      });
    const advanceUntilDone = async (settlement: ReturnType<typeof settlementWith>, orderId: string) => {
      for (let round = 0; round < 6 && (await orderRow(orderId)).step !== 'DONE'; round += 1) await settlement.advance(orderId);
    };

    const presend = await authorisedOrder('presend-refusal@example.com');
    const invalid = presend.orderId;
    await advanceUntilDone(refusingWith('INVALID_ADDRESS'), invalid);
    expect(await orderRow(invalid)).toMatchObject({ status: 'FAILED', failReason: 'PAYOUT_FAILED', step: 'DONE' });
    expect((await paymentOf(invalid)).status).toBe('REFUNDED');
    // The person is told their money came back (issue 14), not that nothing was charged.
    expect(await orderDetail(t, presend.headers, invalid)).toMatchObject({ status: 'FAILED', refunded: true });
    expect(
      await t.db
        .select()
        .from(sandboxChainTransfers)
        .where(eq(sandboxChainTransfers.idempotencyKey, `order:${invalid}:payout`)),
    ).toHaveLength(0);
    for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);

    const rejected = (await authorisedOrder('postsend-refusal@example.com')).orderId;
    await advanceUntilDone(refusingWith('REJECTED'), rejected);
    expect(await orderRow(rejected)).toMatchObject({ status: 'PROCESSING', step: 'PAYOUT' });
    expect((await paymentOf(rejected)).status).toBe('CAPTURED');
    await advanceUntilDone(settlementWith(), rejected);
    t.clock.advance(4000);
    await advanceUntilDone(settlementWith(), rejected);
    expect(await orderRow(rejected)).toMatchObject({ status: 'SUCCESS', step: 'DONE' });
  });

  it('a processor outage at capture waits (the job is rescheduled, not failed) and settles once the processor is back', async () => {
    const { orderId } = await authorisedOrder('capture-outage@example.com');
    const down = settlementWith({
      processor: (real) => ({
        ...real,
        kind: real.kind,
        capture: async () => {
          throw new ProcessorUnavailableError('HTTP 503');
        },
      }),
    });
    const next = await down.advance(orderId);
    expect(next?.runAgainAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await orderRow(orderId)).step).toBe('CAPTURE');
    const back = settlementWith();
    await back.advance(orderId);
    t.clock.advance(4000);
    await back.advance(orderId);
    expect((await orderRow(orderId)).status).toBe('SUCCESS');
  });

  it('docs/trust.md deadline: an order the processor could not authorise for 24 h expires, nothing charged', async () => {
    const buyer = await verifiedBuyer(t, 'deadline@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const { orderId } = await buy(t, buyer.headers, card.cardId, { fiatAmount: '35' });
    // Put back before its authorisation, with the processor down from then on.
    await t.db.update(orders).set({ status: 'OrderSubmitted', step: 'AUTHORIZE', paymentId: null }).where(eq(orders.id, orderId));
    const down = settlementWith({
      processor: (real) => ({
        ...real,
        kind: real.kind,
        authorize: async () => {
          throw new ProcessorUnavailableError('HTTP 503');
        },
      }),
    });
    expect(await down.advance(orderId)).not.toBeNull();
    expect((await orderRow(orderId)).status).toBe('OrderSubmitted');
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await down.advance(orderId)).toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ status: 'EXPIRED', failReason: 'DEADLINE_PASSED', step: 'DONE' });
    expect(await t.app.orders.ledger.journalsOf(orderId)).toEqual([]);
  });

  it('no crypto left to sell: the database refuses the reservation (no overdraft) before any capture, the authorisation is voided, the books balance', async () => {
    const { orderId, headers } = await authorisedOrder('no-inventory@example.com');
    const held = await t.app.orders.ledger.balance('inventory:BTC');
    const move = (amount: Decimal, key: string) => t.app.orders.ledger.post(fundInventoryJournal('BTC', amount, key));
    await move(held.negated(), 'test:empty-inventory');
    try {
      const settlement = settlementWith();
      for (let round = 0; round < 3; round += 1) await settlement.advance(orderId);
      expect(await orderRow(orderId)).toMatchObject({ status: 'FAILED', failReason: 'LIQUIDITY', step: 'DONE' });
      // Issue 13: the reservation comes before the capture, so nothing was captured and nothing refunded.
      expect((await paymentOf(orderId)).status).toBe('VOIDED');
      expect(await orderDetail(t, headers, orderId)).toMatchObject({ status: 'FAILED', refunded: false });
      expect(await t.app.orders.ledger.journalsOf(orderId)).toEqual([]);
      for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
    } finally {
      await move(held, 'test:refill-inventory');
    }
  });

  it('a payment the processor has not decided (PENDING) keeps the order waiting; at the deadline it expires and stays watched for a late authorisation', async () => {
    const buyer = await verifiedBuyer(t, 'pending-payment@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const { orderId } = await buy(t, buyer.headers, card.cardId, { fiatAmount: '32' });
    await t.db.update(orders).set({ status: 'OrderSubmitted', step: 'AUTHORIZE', paymentId: null }).where(eq(orders.id, orderId));
    const pending = { paymentId: 'pay_pendingpayment', reference: orderId, status: 'PENDING', amount: '32.00', currency: 'EUR' } as const;
    const undecided = settlementWith({
      processor: (real) => ({
        ...real,
        kind: real.kind,
        authorize: async () => ({ ...pending, authorizedAmount: null, challengeUrl: null, declineReason: null }),
        getPayment: async () => ({ ...pending, authorizedAmount: null, challengeUrl: null, declineReason: null }),
        void: async () => {
          throw new Error('a pending payment holds nothing to void');
        },
      }),
    });
    // Twice: the first answer records the payment, the second reads it again; neither ends the order.
    for (let round = 0; round < 2; round += 1) expect(await undecided.advance(orderId)).not.toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ status: 'OrderSubmitted', step: 'AUTHORIZE', paymentId: 'pay_pendingpayment' });
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await undecided.advance(orderId)).toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ status: 'EXPIRED', failReason: 'DEADLINE_PASSED', step: 'DONE' });
    expect(await t.app.orders.ledger.journalsOf(orderId)).toEqual([]);
    const [watch] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `order-reconcile:${orderId}`));
    expect(watch?.payload).toMatchObject({ orderId, watchPaymentId: 'pay_pendingpayment' });
  });

  it('a processor that refuses the authorisation request itself ends the order FAILED, nothing charged', async () => {
    const buyer = await verifiedBuyer(t, 'refused-request@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const { orderId } = await buy(t, buyer.headers, card.cardId, { fiatAmount: '30' });
    // The inline authorisation already answered for this order: it is put back before it, to run through the refusing processor.
    await t.db.update(orders).set({ status: 'OrderSubmitted', step: 'AUTHORIZE', paymentId: null }).where(eq(orders.id, orderId));
    const refusing = settlementWith({
      processor: (real) => ({
        ...real,
        kind: real.kind,
        authorize: async () => {
          throw new Error('HTTP 422 token_invalid');
        },
      }),
    });
    expect(await refusing.advance(orderId)).toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ status: 'FAILED', failReason: 'CARD_DECLINED', step: 'DONE' });
  });

  it('at the deadline, a 3DS challenge the bank failed while nobody looked ends FAILED as the bank said, without a void', async () => {
    const { orderId, submit } = await authorisedOrder('late-3ds-fail@example.com', TEST_CARDS.threeDs);
    await t.app.inject({ method: 'POST', url: `${new URL(submit.body.data.threeDsUrl, 'http://x').pathname}/fail` });
    t.clock.advance(25 * 60 * 60 * 1000);
    await settlementWith().advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'FAILED', failReason: 'THREE_DS_FAILED', step: 'DONE' });
  });

  it('an order id written in upper case (iOS) is the same order', async () => {
    const buyer = await verifiedBuyer(t, 'upper-case@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const { submit } = await buy(t, buyer.headers, card.cardId, { orderId: crypto.randomUUID().toUpperCase() });
    expect(submit.body.data.status).toBe('PROCESSING');
  });
});
