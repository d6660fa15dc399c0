import Decimal from 'decimal.js';
import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sandboxCardPayments, sandboxChainTransfers } from '../../db/schema/index.ts';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import {
  type CardProcessorProvider,
  createCardProcessor,
  ProcessorTimeoutError,
  ProcessorUnavailableError,
} from '../../providers/card-processor/index.ts';
import { type ChainProvider, ChainRefusedError, ChainUnavailableError, createChainProvider } from '../../providers/chain/index.ts';
import { SANDBOX_NETWORK_FEES } from '../../providers/chain/sandbox.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { addCard, buy, orderDetail, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { createCardsRepository } from '../cards/cards.repository.ts';
import { createMerchantTransactionsRepository } from '../merchant/merchant-transactions.repository.ts';
import { fundInventoryJournal } from './order-journals.ts';
import { createSettlement } from './settlement.ts';

/**
 * The money items of issue 13: a payout that never confirms gets a deadline and waits for an
 * operator with its crypto still in the books; the network fee a payout paid is journaled; the
 * crypto is reserved before the card is captured; each order is booked against its own processor.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const HOUR = 60 * 60 * 1000;
const DEADLINE_MS = 2 * HOUR;

interface Overrides {
  chain?: (real: ChainProvider) => Partial<ChainProvider>;
  processor?: (real: CardProcessorProvider) => Partial<CardProcessorProvider>;
}

/** A settlement over the test app's database, with a log that keeps its warnings, and chain or processor partly replaced. */
function settlementWith(overrides: Overrides = {}) {
  const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = {
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
    error: () => {},
    info: () => {},
    debug: () => {},
  } as never;
  const processor = createCardProcessor({
    kind: 'sandbox',
    db: t.db,
    clock: t.clock,
    publicUrl: '',
    fingerprintKey: Buffer.alloc(32),
  }).provider;
  const chain = createChainProvider({ kind: 'sandbox', db: t.db, clock: t.clock, sandboxConfirmMs: 3000 });
  const settlement = createSettlement({
    orders: t.app.orders.repository,
    cards: createCardsRepository(t.db),
    ledger: t.app.orders.ledger,
    processor: { ...processor, ...overrides.processor?.(processor) } as CardProcessorProvider,
    chain: { ...chain, ...overrides.chain?.(chain) } as ChainProvider,
    queue: createJobQueueRepository(t.db),
    transaction: t.unitOfWork.transaction,
    savepoint: t.unitOfWork.savepoint,
    clock: t.clock,
    log,
    threeDsReturnUrl: () => '/cb',
    chainConfirmPollMs: 1000,
    merchantTransactions: createMerchantTransactionsRepository(t.db),
    payoutConfirmDeadlineMs: DEADLINE_MS,
  });
  return { settlement, warnings };
}

const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const paymentOf = async (orderId: string) =>
  (await t.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.reference, orderId)))[0]!;
const kindsOf = async (orderId: string) => (await t.app.orders.ledger.journalsOf(orderId)).map((journal) => journal.kind);
const balance = (code: string) => t.app.orders.ledger.balance(code);
const expectBalancedBooks = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};
const advanceUntil = async (
  settlement: ReturnType<typeof createSettlement>,
  orderId: string,
  done: (row: Awaited<ReturnType<typeof orderRow>>) => boolean,
  rounds = 6,
) => {
  for (let round = 0; round < rounds && !done(await orderRow(orderId)); round += 1) await settlement.advance(orderId);
};
const moveInventory = (crypto: string, amount: Decimal, key: string) => t.app.orders.ledger.post(fundInventoryJournal(crypto, amount, key));

async function authorisedOrder(email: string, quote: Record<string, unknown> = {}) {
  const buyer = await verifiedBuyer(t, email);
  const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
  const { orderId } = await buy(t, buyer.headers, card.cardId, quote);
  return { orderId, headers: buyer.headers };
}

/** A chain whose transfers are sent but never confirm (stuck in a mempool, a custody queue). */
const neverConfirms = (real: ChainProvider): Partial<ChainProvider> => ({
  getTransfer: async (transferId) => ({ ...(await real.getTransfer(transferId)), status: 'PENDING', confirmations: 0 }),
});

describe('a payout whose outcome stays unknown (PAYOUT_CONFIRM_DEADLINE_MS)', () => {
  it('sent but never confirmed: after the deadline it waits for an operator, reserved in the books, PROCESSING to the person, listed and logged', async () => {
    const { orderId } = await authorisedOrder('payout-review-sent@example.com');
    const stuck = settlementWith({ chain: neverConfirms });
    await advanceUntil(stuck.settlement, orderId, (row) => row.step === 'CONFIRM');
    const sent = await orderRow(orderId);
    expect(sent).toMatchObject({ status: 'PROCESSING', step: 'CONFIRM' });
    expect(sent.payoutStartedAt).not.toBeNull();
    const crypto = new Decimal(sent.cryptoAmount);
    const reservedBefore = await balance('payout-reserved:BTC');

    // Just before the deadline it is still only being polled.
    t.clock.advance(DEADLINE_MS - 1000);
    await stuck.settlement.advance(orderId);
    expect((await orderRow(orderId)).step).toBe('CONFIRM');
    expect(stuck.warnings.filter((warning) => warning.message.includes('awaits an operator'))).toHaveLength(0);

    t.clock.advance(1000);
    const next = await stuck.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'PAYOUT_REVIEW', failReason: null });
    // Looked at again, slowly: a late confirmation still ends it.
    expect(next?.runAgainAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const warning = stuck.warnings.find((entry) => entry.message.includes('awaits an operator'));
    expect(warning?.fields).toMatchObject({ orderId, payoutId: sent.payoutId, txHash: sent.txHash });

    // The funds are accounted for: still reserved for the order and owed to its buyer, nothing refunded, books balanced.
    expect(await kindsOf(orderId)).toEqual(['crypto-reservation', 'card-capture', 'crypto-purchase']);
    expect((await balance('payout-reserved:BTC')).toFixed()).toBe(reservedBefore.toFixed());
    expect((await balance('payout-reserved:BTC')).gte(crypto)).toBe(true);
    expect((await balance('payout-owed:BTC')).gte(crypto)).toBe(true);
    expect((await paymentOf(orderId)).status).toBe('CAPTURED');
    await expectBalancedBooks();

    // The person sees PROCESSING (the spec's statuses), in the detail and in the history (signed in afresh: hours went by).
    const headers = tokenHeaders(await signUp(t.app, 'payout-review-sent@example.com'));
    expect((await orderDetail(t, headers, orderId)).status).toBe('PROCESSING');
    const now = t.clock.now().getTime();
    const history = await call(t.app, 'POST', PATHS.listOrder, {
      headers,
      body: {
        startTime: new Date(now - 2 * 24 * HOUR).toISOString(),
        endTime: new Date(now + HOUR).toISOString(),
        pageNum: 1,
        pageSize: 10,
      },
    });
    expect(history.statusCode, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.list.find((row: { orderId: string }) => row.orderId === orderId)?.status).toBe('PROCESSING');

    // An operator sees it on the sandbox ledger page, with the payout and no person or address.
    const page = (await t.app.inject({ method: 'GET', url: '/sandbox/ledger' })).json() as {
      awaitingOperator: Array<Record<string, unknown>>;
      balanced: boolean;
    };
    expect(page.balanced).toBe(true);
    const listed = page.awaitingOperator.find((row) => row.orderId === orderId);
    expect(listed).toMatchObject({ payoutId: sent.payoutId, txHash: sent.txHash, cryptoCurrency: 'BTC', network: 'BTC' });
    expect(JSON.stringify(listed)).not.toContain(sent.walletAddress);

    // Past the order's own 24 h deadline it is still never refunded: the crypto may be out.
    t.clock.advance(25 * HOUR);
    await stuck.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'PAYOUT_REVIEW' });
    expect((await paymentOf(orderId)).status).toBe('CAPTURED');

    // The transfer confirms at last: the order ends SUCCESS by itself, and the books release the reserve.
    const { settlement } = settlementWith();
    await settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'SUCCESS', step: 'DONE' });
    expect((await kindsOf(orderId)).slice(3).sort()).toEqual(['crypto-payout', 'payout-network-fee']);
    expect((await balance('payout-reserved:BTC')).toFixed()).toBe(reservedBefore.minus(crypto).toFixed());
    expect((await t.app.orders.repository.awaitingOperator()).some((row) => row.orderId === orderId)).toBe(false);
    await expectBalancedBooks();
  });

  it('a send that never answers: after the deadline it waits for an operator without a transfer id; once the custody service answers, the same key finds the one transfer', async () => {
    const { orderId } = await authorisedOrder('payout-review-unanswered@example.com');
    const lostAnswers = settlementWith({
      chain: (real) => ({
        send: async (input) => {
          await real.send(input);
          throw new ChainUnavailableError('the custody API did not answer');
        },
      }),
    });
    await advanceUntil(lostAnswers.settlement, orderId, (row) => row.step === 'PAYOUT');
    await lostAnswers.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ step: 'PAYOUT', payoutId: null });

    t.clock.advance(DEADLINE_MS);
    await lostAnswers.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'PAYOUT_REVIEW', payoutId: null });
    expect(lostAnswers.warnings.find((entry) => entry.message.includes('awaits an operator'))?.fields).toMatchObject({
      orderId,
      why: 'the send has no known outcome',
    });
    // Still unanswered in review: it waits, it is not refunded.
    await lostAnswers.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ step: 'PAYOUT_REVIEW' });
    expect((await paymentOf(orderId)).status).toBe('CAPTURED');

    const { settlement } = settlementWith();
    await advanceUntil(settlement, orderId, (row) => row.step === 'DONE');
    expect(await orderRow(orderId)).toMatchObject({ status: 'SUCCESS', step: 'DONE' });
    expect(
      await t.db
        .select()
        .from(sandboxChainTransfers)
        .where(eq(sandboxChainTransfers.idempotencyKey, `order:${orderId}:payout`)),
    ).toHaveLength(1);
    await expectBalancedBooks();
  });
});

describe('payout network fees (gas) are journaled', () => {
  it('a BTC payout books the fee the chain reported, out of the BTC inventory, balanced', async () => {
    const { orderId } = await authorisedOrder('gas-btc@example.com');
    const { settlement } = settlementWith();
    await advanceUntil(settlement, orderId, (row) => row.step === 'CONFIRM');
    const expenseBefore = await balance('network-fee-expense:BTC');
    t.clock.advance(4000);
    await settlement.advance(orderId);
    const fee = (await t.app.orders.ledger.journalsOf(orderId)).find((journal) => journal.kind === 'payout-network-fee');
    expect(fee?.entries.map((entry) => [entry.code, entry.amount.toFixed()]).sort()).toEqual([
      ['inventory:BTC', `-${SANDBOX_NETWORK_FEES.BTC}`],
      ['network-fee-expense:BTC', SANDBOX_NETWORK_FEES.BTC],
    ]);
    expect((await balance('network-fee-expense:BTC')).minus(expenseBefore).toFixed()).toBe(SANDBOX_NETWORK_FEES.BTC);
    await expectBalancedBooks();
  });

  it('an ERC-20 payout (USDT on Ethereum) books its gas in ETH, out of the ETH inventory', async () => {
    const { orderId } = await authorisedOrder('gas-usdt@example.com', {
      cryptoCurrency: 'USDT',
      network: 'ETH',
      walletAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
    });
    const { settlement } = settlementWith();
    await advanceUntil(settlement, orderId, (row) => row.step === 'CONFIRM');
    t.clock.advance(4000);
    await settlement.advance(orderId);
    expect((await orderRow(orderId)).status).toBe('SUCCESS');
    const fee = (await t.app.orders.ledger.journalsOf(orderId)).find((journal) => journal.kind === 'payout-network-fee');
    expect(fee?.entries.map((entry) => [entry.code, entry.currency, entry.amount.toFixed()]).sort()).toEqual([
      ['inventory:ETH', 'ETH', `-${SANDBOX_NETWORK_FEES.ETH}`],
      ['network-fee-expense:ETH', 'ETH', SANDBOX_NETWORK_FEES.ETH],
    ]);
    await expectBalancedBooks();
  });

  it('a fee the inventory’s books cannot cover is still booked (to gas-unfunded), and the order still succeeds', async () => {
    const { orderId } = await authorisedOrder('gas-unfunded@example.com');
    const { settlement } = settlementWith();
    await advanceUntil(settlement, orderId, (row) => row.step === 'CONFIRM');
    const held = await balance('inventory:BTC');
    await moveInventory('BTC', held.negated(), `test:empty-for-gas:${orderId}`);
    try {
      t.clock.advance(4000);
      await settlement.advance(orderId);
      expect((await orderRow(orderId)).status).toBe('SUCCESS');
      const fee = (await t.app.orders.ledger.journalsOf(orderId)).find((journal) => journal.kind === 'payout-network-fee');
      expect(fee?.entries.map((entry) => [entry.code, entry.amount.toFixed()]).sort()).toEqual([
        ['gas-unfunded:BTC', `-${SANDBOX_NETWORK_FEES.BTC}`],
        ['network-fee-expense:BTC', SANDBOX_NETWORK_FEES.BTC],
      ]);
      expect((await balance('inventory:BTC')).toFixed()).toBe('0');
      await expectBalancedBooks();
    } finally {
      await moveInventory('BTC', held, `test:refill-after-gas:${orderId}`);
    }
  });
});

describe('the crypto is reserved before the card is captured', () => {
  it('the reservation is booked before the capture: the capture call finds it already posted', async () => {
    const { orderId } = await authorisedOrder('reserve-first@example.com');
    let reservedAtCapture: string[] = [];
    const { settlement } = settlementWith({
      processor: (real) => ({
        capture: async (paymentId, input) => {
          reservedAtCapture = await kindsOf(orderId);
          return real.capture(paymentId, input);
        },
      }),
    });
    await advanceUntil(settlement, orderId, (row) => row.step === 'CONFIRM');
    expect(reservedAtCapture).toEqual(['crypto-reservation']);
    const steps = (await t.app.orders.repository.events(orderId)).map((event) => `${event.step}:${event.detail}`);
    expect(steps).toEqual(expect.arrayContaining(['RESERVE:authorised', 'CAPTURE:crypto reserved', 'PURCHASE:captured']));
  });

  it('no crypto to reserve and the void fails once: the order keeps its reason and voids on the next run, even if the inventory is refilled meanwhile', async () => {
    const { orderId } = await authorisedOrder('reserve-void-retry@example.com');
    const held = await balance('inventory:BTC');
    await moveInventory('BTC', held.negated(), `test:empty-for-void:${orderId}`);
    const voidDown = settlementWith({
      processor: () => ({
        void: async () => {
          throw new ProcessorUnavailableError('HTTP 503');
        },
      }),
    });
    try {
      await voidDown.settlement.advance(orderId);
      expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'RESERVE', failReason: 'LIQUIDITY' });
    } finally {
      await moveInventory('BTC', held, `test:refill-after-void:${orderId}`);
    }
    const { settlement } = settlementWith();
    await settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'FAILED', step: 'DONE', failReason: 'LIQUIDITY' });
    expect((await paymentOf(orderId)).status).toBe('VOIDED');
    expect(await t.app.orders.ledger.journalsOf(orderId)).toEqual([]);
    await expectBalancedBooks();
  });

  it('the deadline before capture voids the hold and releases the reservation', async () => {
    const { orderId } = await authorisedOrder('reserve-deadline@example.com');
    const captureDown = settlementWith({
      processor: () => ({
        capture: async () => {
          throw new ProcessorUnavailableError('HTTP 503');
        },
      }),
    });
    await captureDown.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ step: 'CAPTURE' });
    const reserved = await balance('payout-reserved:BTC');
    t.clock.advance(25 * HOUR);
    await captureDown.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'EXPIRED_ERROR', step: 'DONE', failReason: 'DEADLINE_PASSED' });
    expect((await paymentOf(orderId)).status).toBe('VOIDED');
    expect(await kindsOf(orderId)).toEqual(['crypto-reservation', 'crypto-reservation-release']);
    expect((await balance('payout-reserved:BTC')).toFixed()).toBe(reserved.minus((await orderRow(orderId)).cryptoAmount).toFixed());
    await expectBalancedBooks();
  });

  it('a capture that went through but whose answer was lost, then the deadline: the capture is booked and refunded, never kept', async () => {
    const { orderId } = await authorisedOrder('capture-answer-lost@example.com');
    const answerLost = settlementWith({
      processor: (real) => ({
        capture: async (paymentId, input) => {
          await real.capture(paymentId, input);
          throw new ProcessorTimeoutError('no answer in 10 s');
        },
      }),
    });
    await answerLost.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ step: 'CAPTURE' });
    expect((await paymentOf(orderId)).status).toBe('CAPTURED');
    const receivableBefore = await balance('processor-receivable:sandbox:EUR');

    t.clock.advance(25 * HOUR);
    const { settlement } = settlementWith();
    await advanceUntil(settlement, orderId, (row) => row.step === 'DONE');
    expect(await orderRow(orderId)).toMatchObject({ status: 'EXPIRED_ERROR', step: 'DONE', failReason: 'DEADLINE_PASSED' });
    expect((await paymentOf(orderId)).status).toBe('REFUNDED');
    expect(await kindsOf(orderId)).toEqual(['crypto-reservation', 'card-capture', 'crypto-reservation-release', 'card-refund']);
    expect((await balance('processor-receivable:sandbox:EUR')).toFixed()).toBe(receivableBefore.toFixed());
    await expectBalancedBooks();
  });
});

describe('each order is booked against its own processor', () => {
  it('an order submitted under the sandbox processor books and refunds against it after CARD_PROCESSOR names another', async () => {
    const { orderId } = await authorisedOrder('own-processor@example.com');
    expect((await orderRow(orderId)).processor).toBe('sandbox');
    // The same payments, behind a processor that now calls itself checkout (the setting was switched).
    // A payout refused before sending makes it refund too, so the reversal of the capture is checked as well.
    const switched = settlementWith({
      processor: () => ({ kind: 'checkout' }),
      chain: () => ({
        send: async () => {
          throw new ChainRefusedError('INVALID_ADDRESS', 'refused');
        },
      }),
    });
    await advanceUntil(switched.settlement, orderId, (row) => row.step === 'DONE', 8);
    expect(await orderRow(orderId)).toMatchObject({ status: 'FAILED', failReason: 'PAYOUT_FAILED' });
    const journals = await t.app.orders.ledger.journalsOf(orderId);
    const codes = journals.flatMap((journal) => journal.entries.map((entry) => entry.code));
    expect(codes).toContain('processor-receivable:sandbox:EUR');
    expect(codes.some((code) => code.startsWith('processor-receivable:checkout'))).toBe(false);
    const total = new Decimal((await orderRow(orderId)).fiatAmount);
    const refund = journals.find((journal) => journal.kind === 'card-refund');
    expect(refund?.entries.map((entry) => [entry.code, entry.amount.toFixed()]).sort()).toEqual([
      ['customer-funds:EUR', total.toFixed()],
      ['processor-receivable:sandbox:EUR', total.negated().toFixed()],
    ]);
    expect((await t.app.orders.ledger.balance('processor-receivable:checkout:EUR')).toFixed()).toBe('0');
    await expectBalancedBooks();
  });
});
