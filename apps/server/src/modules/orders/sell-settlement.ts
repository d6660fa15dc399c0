import { type OrderFailReason, type OrderStatus, type QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { createFlowRunner, type StepOutcome } from '../../jobs/flow-runner.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { loggableError } from '../../platform/logging.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { AddressScreeningProvider } from '../../providers/address-screening/address-screening.ts';
import { ScreeningUnavailableError } from '../../providers/address-screening/address-screening.ts';
import {
  type CardProcessorProvider,
  CardRefusedError,
  type Payout,
  ProcessorTimeoutError,
  ProcessorUnavailableError,
} from '../../providers/card-processor/card-processor.ts';
import { ChainUnavailableError, type ChainProvider, type IncomingTransfer } from '../../providers/chain/chain.ts';
import type { SavedCards } from '../cards/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { ARRIVAL_BY_NETWORK, quotedRatesOf, type QuoteService, sellPayoutAt } from '../quotes/index.ts';
import type { OrderChange, OrderRow, OrdersRepository } from './orders.repository.ts';
import { createOrderMover } from './order-moves.ts';
import { JOB_ORDER_RECEIPT } from './settlement.ts';
import { decideDeposit, decidingOf, SOLD_OUTCOMES } from './sell-deposits.ts';
import type { DepositOutcome, SellDepositsRepository } from './sell-deposits.repository.ts';
import { balancePayoutJournal, cardPayoutJournal, depositJournal, type SaleMoney, saleJournal } from './sell-journals.ts';
import { BALANCE_PROCESSOR } from './bank-payment.ts';

export const JOB_ADVANCE_SELL = 'order.advance-sell';
export const advanceSellJobKey = (orderId: string) => `order-advance-sell:${orderId}`;
/** After a sell ends, its address is still read for a while: what arrives late is booked and owed back. */
export const JOB_WATCH_SELL_ADDRESS = 'order.watch-sell-address';
export const watchSellJobKey = (orderId: string) => `order-watch-sell:${orderId}`;

/** The deposit window: a transfer first seen after this (from submission) is not sold (docs/rules/sell-deposits.md). */
export const SELL_DEPOSIT_WINDOW_MS = 30 * 60 * 1000;
/** How long an ended sell's address is still read, and how often. */
export const LATE_WATCH_MS = 7 * 24 * 60 * 60 * 1000;
const LATE_WATCH_POLL_MS = 10 * 60 * 1000;
const PAYOUT_POLL_MS = 10_000;
const OUTAGE_RETRY_MS = 10_000;
/** Steps the 24-hour deadline does not cut short: the crypto is sold, the person must be paid. */
const PAST_DEADLINE_STEPS = ['SELL', 'CARD_PAYOUT', 'PAYOUT_CONFIRM', 'DONE'];

const keyOf = (orderId: string, what: string) => `order:${orderId}:${what}`;
const isOutage = (error: unknown) =>
  error instanceof ProcessorUnavailableError ||
  error instanceof ProcessorTimeoutError ||
  error instanceof ChainUnavailableError ||
  error instanceof ScreeningUnavailableError;

type Outcome = StepOutcome<OrderRow>;

/** When the order's deposit window closes. */
export const depositWindowEnd = (order: Pick<OrderRow, 'createdAt'>) => new Date(order.createdAt.getTime() + SELL_DEPOSIT_WINDOW_MS);
/** The confirmations a deposit needs on its network before it counts (the same table as a buy's arrival). */
export const confirmationsRequired = (network: string) => ARRIVAL_BY_NETWORK[network]?.confirmations ?? 1;

/**
 * Settlement of a card sell, one step at a time: AWAIT_DEPOSIT (the crypto arrives at the address
 * made for the order and confirms) → SELL (sold at the quoted price) → CARD_PAYOUT → PAYOUT_CONFIRM
 * → SUCCESS. Mismatches end as docs/rules/sell-deposits.md decides, with nothing dropped: what is
 * not sold stays in the books as owed back, and the order is flagged for an operator.
 */
export function createSellSettlement(deps: {
  orders: OrdersRepository;
  deposits: SellDepositsRepository;
  cards: SavedCards;
  ledger: Ledger;
  processor: CardProcessorProvider;
  chain: ChainProvider;
  screening: AddressScreeningProvider;
  quotes: Pick<QuoteService, 'pairAndRate'>;
  queue: JobQueueRepository;
  transaction: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often an unconfirmed deposit is read again (CHAIN_CONFIRM_POLL_MS). */
  chainConfirmPollMs: number;
}) {
  const { orders, deposits, ledger, clock } = deps;
  const later = (ms: number) => ({ waitUntil: new Date(clock.now().getTime() + ms) });
  const moneyOf = (order: OrderRow): SaleMoney => ({ ...order, fees: order.fees as QuoteFees });

  // An ended sell's address is still read for a while: a late or second transfer is booked and owed back.
  const move = createOrderMover({
    orders,
    transaction: deps.transaction,
    clock,
    alongWith: async (order, change, now) => {
      // A sale paid out gets its receipt, as a buy does (the orders module's receipt job).
      if (change.status === 'SUCCESS')
        await deps.queue.enqueue({
          kind: JOB_ORDER_RECEIPT,
          payload: { orderId: order.id },
          runAt: now,
          dedupeKey: `order-receipt:${order.id}`,
        });
      if (change.step === 'DONE')
        await deps.queue.enqueue({
          kind: JOB_WATCH_SELL_ADDRESS,
          payload: { orderId: order.id },
          runAt: now,
          dedupeKey: watchSellJobKey(order.id),
        });
    },
  });

  /** Ends the order unsold (failed or expired), flagging it for an operator when it holds crypto owed back. */
  function endUnsold(order: OrderRow, status: OrderStatus, failReason: OrderFailReason, operatorReason?: string) {
    return move(order, { status, step: 'DONE', set: { failReason }, detail: failReason }, async () => {
      if (operatorReason) await orders.flagForOperator(order, clock.now(), operatorReason);
    });
  }

  /** Whether selling `amount` at the order's price pays out at least the pair's minimum. */
  async function sellableCheck(order: OrderRow): Promise<(amount: Decimal) => boolean> {
    const pair = await deps.quotes.pairAndRate({ ...order, transactionType: 'sell' });
    return (amount) => payoutFor(order, amount).fiatAmount.gte(pair.minAmount);
  }

  /**
   * What selling `amount` at the order's quoted price pays out: our fee and the promotion's discount at the rates
   * the quote was priced with (kept with its fees), whatever an operator changed since.
   */
  function payoutFor(order: OrderRow, amount: Decimal) {
    const fees = order.fees as QuoteFees;
    const rates = quotedRatesOf(fees, order.channelCode);
    return sellPayoutAt({
      price: new Decimal(order.price),
      cryptoAmount: amount,
      ourFeeRate: new Decimal(rates.ourFeeRate),
      discountRate: new Decimal(rates.discountRate),
      // The quote wrote our fee with the fiat's decimals (the order's numeric columns read back with 18).
      fiatDecimals: fees.ourFee.split('.')[1]?.length ?? 2,
    });
  }

  /** Is the sender on a sanctions list? A transfer that names no single sender is not screened. */
  async function screened(order: OrderRow, transfer: IncomingTransfer): Promise<boolean> {
    if (!transfer.fromAddress) return false;
    return (await deps.screening.screen({ network: order.network, address: transfer.fromAddress })).flagged;
  }

  /**
   * Reads the address, records every transfer not seen before with its outcome, and books every
   * recorded one that has its confirmations. Answers the transfers as the chain reports them.
   */
  async function observe(order: OrderRow, ended: boolean): Promise<IncomingTransfer[]> {
    const transfers = await deps.chain.listIncoming({
      asset: order.cryptoCurrency,
      network: order.network,
      address: order.walletAddress,
      memo: order.memo,
    });
    let rows = await deposits.ofOrder(order.id);
    const known = new Set(rows.map((row) => row.transferId));
    const fresh = transfers.filter((transfer) => !known.has(transfer.transferId) && transfer.status !== 'FAILED');
    const sellable = fresh.length > 0 && !ended ? await sellableCheck(order) : () => false;
    for (const transfer of fresh) {
      const outcome = decideDeposit(
        { amount: new Decimal(transfer.amount), seenAt: transfer.seenAt, screened: await screened(order, transfer) },
        { expected: new Decimal(order.cryptoAmount), windowEndsAt: depositWindowEnd(order), ended, decided: !!decidingOf(rows), sellable },
      );
      await deposits.recordOnce({
        transferId: transfer.transferId,
        orderId: order.id,
        asset: transfer.asset,
        network: transfer.network,
        amount: transfer.amount,
        fromAddress: transfer.fromAddress,
        txHash: transfer.txHash,
        outcome,
        seenAt: transfer.seenAt,
      });
      deps.log.info({ orderId: order.id, transferId: transfer.transferId, outcome }, 'sell deposit seen');
      rows = await deposits.ofOrder(order.id);
    }
    const needed = confirmationsRequired(order.network);
    for (const row of rows) {
      const transfer = transfers.find((candidate) => candidate.transferId === row.transferId);
      if (row.confirmedAt || !transfer) continue;
      if (transfer.status === 'FAILED') {
        // Dropped before it confirmed: nothing arrived, so it decides nothing.
        await deposits.reclassify(row.transferId, row.outcome as DepositOutcome, 'DROPPED');
        continue;
      }
      if (transfer.confirmations > row.confirmations) await deposits.noteConfirmations(row.transferId, transfer.confirmations);
      if (transfer.status !== 'CONFIRMED' || transfer.confirmations < needed) continue;
      await deps.transaction(async () => {
        if (!(await deposits.markConfirmed(row.transferId, clock.now()))) return;
        await ledger.post(depositJournal(order.id, row.transferId, row.asset, row.amount, row.outcome === 'SCREENED'));
        // Crypto owed back (or held) waits for an operator; what is sold for the order does not.
        if (!SOLD_OUTCOMES.includes(row.outcome as DepositOutcome) || row.outcome === 'OVER')
          await orders.flagForOperator(order, clock.now(), operatorReasonOf(row.outcome as DepositOutcome, row, order.cryptoAmount));
      });
    }
    return transfers;
  }

  /** AWAIT_DEPOSIT: the deciding transfer, once confirmed, moves the order on; none by the window's end expires it. */
  async function awaitDeposit(order: OrderRow): Promise<Outcome> {
    await observe(order, false);
    const rows = await deposits.ofOrder(order.id);
    const deciding = decidingOf(rows);
    if (!deciding) {
      if (clock.now() >= depositWindowEnd(order)) return endUnsold(order, 'EXPIRED', 'DEPOSIT_NOT_RECEIVED');
      return later(deps.chainConfirmPollMs);
    }
    if (!deciding.confirmedAt) return later(deps.chainConfirmPollMs);
    const outcome = deciding.outcome as DepositOutcome;
    // Booked already, and the order flagged, when it confirmed (observe): the order ends unsold.
    if (outcome === 'SCREENED') return endUnsold(order, 'FAILED', 'DEPOSIT_SCREENED');
    if (outcome === 'SHORT') return endUnsold(order, 'FAILED', 'DEPOSIT_TOO_SMALL');
    const received = new Decimal(deciding.amount);
    // Less than quoted: all of it is sold at the quoted price, and the order says what was sold and paid.
    const resized = outcome === 'UNDER' ? resize(order, received) : {};
    return move(order, {
      status: 'PROCESSING',
      step: 'SELL',
      set: { receivedAmount: received.toFixed(), txHash: deciding.txHash, ...resized },
      detail: `deposit ${outcome.toLowerCase()}: ${received.toFixed()} ${order.cryptoCurrency}`,
    });
  }

  /** The order's amounts and fees for selling `received` (less than quoted) at the quoted price. */
  function resize(order: OrderRow, received: Decimal): OrderChange['set'] {
    const fees = order.fees as QuoteFees;
    const places = fees.ourFee.split('.')[1]?.length ?? 2;
    const paid = payoutFor(order, received);
    const ourFee = paid.before.minus(paid.discount);
    const spread = received
      .times(new Decimal(order.price))
      .times(new Decimal(fees.spreadRate))
      .dividedBy(new Decimal(1).minus(fees.spreadRate));
    return {
      cryptoAmount: received.toFixed(),
      fiatAmount: paid.fiatAmount.toFixed(places),
      fees: {
        ...fees,
        ourFee: ourFee.toFixed(places),
        ourFeeBeforeDiscount: paid.before.toFixed(places),
        discount: paid.discount.toFixed(places),
        spread: spread.toFixed(places, Decimal.ROUND_HALF_UP),
        total: ourFee.toFixed(places),
      },
    };
  }

  /**
   * SELL: the matched crypto (at most the quoted amount) is sold at the quoted price. A card sell goes on to
   * pay the card; a bank-transfer sell's proceeds are paid into the balance in the same move, and it ends.
   */
  const sell = (order: OrderRow) =>
    order.processor === BALANCE_PROCESSOR
      ? move(order, { status: 'SUCCESS', step: 'DONE', detail: 'sold: proceeds in the balance' }, async () => {
          await ledger.post(saleJournal(moneyOf(order)));
          await ledger.post(balancePayoutJournal(moneyOf(order)));
        })
      : move(order, { status: 'PROCESSING', step: 'CARD_PAYOUT', set: { payoutStartedAt: clock.now() }, detail: 'sold' }, async () => {
          await ledger.post(saleJournal(moneyOf(order)));
        });

  /** The proceeds could not reach the card: they stay owed in the books, and an operator pays the person another way. */
  const payoutDeclined = (order: OrderRow, why: string) =>
    move(order, { status: 'FAILED', step: 'DONE', set: { failReason: 'PAYOUT_DECLINED' }, detail: `payout declined: ${why}` }, async () => {
      await orders.flagForOperator(order, clock.now(), `card payout declined (${why}): ${order.fiatAmount} ${order.fiatCurrency} owed`);
    });

  async function onPayout(order: OrderRow, payout: Payout): Promise<Outcome> {
    if (payout.status === 'PAID')
      return move(order, { status: 'SUCCESS', step: 'DONE', set: { payoutId: payout.payoutId }, detail: 'paid out' }, async () => {
        await ledger.post(cardPayoutJournal(moneyOf(order)));
      });
    if (payout.status === 'DECLINED') return payoutDeclined(order, payout.declineReason ?? 'DECLINED');
    if (order.step === 'CARD_PAYOUT')
      return move(order, { status: 'PROCESSING', step: 'PAYOUT_CONFIRM', set: { payoutId: payout.payoutId }, detail: 'payout sent' });
    return later(PAYOUT_POLL_MS);
  }

  async function cardPayout(order: OrderRow): Promise<Outcome> {
    const card = order.cardId ? await deps.cards.findById(order.cardId) : undefined;
    if (!card) return payoutDeclined(order, 'CARD_MISSING');
    try {
      return await onPayout(
        order,
        await deps.processor.payout({
          idempotencyKey: keyOf(order.id, 'card-payout'),
          reference: order.id,
          cardToken: card.processorToken,
          amount: new Decimal(order.fiatAmount).toFixed(2),
          currency: order.fiatCurrency,
        }),
      );
    } catch (error) {
      // Refused before any payout existed: nothing was paid.
      if (error instanceof CardRefusedError) return payoutDeclined(order, error.reason);
      if (!(error instanceof ProcessorTimeoutError)) throw error;
      // No answer: the payout may exist. Find it by our reference; else the next try (same key) makes it once.
      const found = await deps.processor.findPayout(order.id);
      if (found) return onPayout(order, found);
      deps.log.warn({ orderId: order.id, err: loggableError(error) }, 'card payout got no answer and is not found: trying again');
      return later(OUTAGE_RETRY_MS);
    }
  }

  const confirmPayout = async (order: OrderRow) => onPayout(order, await deps.processor.getPayout(order.payoutId!));

  /** The 24-hour deadline, still waiting for the crypto: the order expires; a transfer still confirming is owed back. */
  async function expire(order: OrderRow): Promise<Outcome> {
    const deciding = decidingOf(await deposits.ofOrder(order.id));
    if (deciding && !deciding.confirmedAt) await deposits.reclassify(deciding.transferId, deciding.outcome as DepositOutcome, 'LATE');
    return endUnsold(order, 'EXPIRED', 'DEPOSIT_NOT_RECEIVED');
  }

  const flow = createFlowRunner<OrderRow>(
    {
      jobKind: JOB_ADVANCE_SELL,
      jobKey: advanceSellJobKey,
      payloadKey: 'orderId',
      load: (orderId) => orders.findOrder(orderId),
      finalStep: 'DONE',
      steps: { AWAIT_DEPOSIT: awaitDeposit, SELL: sell, CARD_PAYOUT: cardPayout, PAYOUT_CONFIRM: confirmPayout },
      pastDeadlineSteps: PAST_DEADLINE_STEPS,
      onDeadline: expire,
      isOutage,
      outageRetryMs: OUTAGE_RETRY_MS,
    },
    { clock, log: deps.log },
  );

  /** An ended sell's address, read until LATE_WATCH_MS after it ended: late and extra transfers are booked and owed back. */
  async function watchEnded(payload: unknown): Promise<{ runAgainAt: Date } | void> {
    const order = await orders.findOrder((payload as { orderId: string }).orderId);
    if (!order?.completedAt) return;
    await observe(order, true);
    if (clock.now().getTime() - order.completedAt.getTime() < LATE_WATCH_MS)
      return { runAgainAt: new Date(clock.now().getTime() + LATE_WATCH_POLL_MS) };
  }

  return {
    advance: flow.advance,
    registerJobs(worker: JobWorker) {
      flow.register(worker);
      worker.register(JOB_WATCH_SELL_ADDRESS, watchEnded);
    },
    /** A chain webhook named the address: read it now, ended or not. */
    async wake(orderId: string): Promise<void> {
      const now = clock.now();
      await deps.queue.wake(advanceSellJobKey(orderId), now);
      await deps.queue.wake(watchSellJobKey(orderId), now);
    },
  };
}

/** The operator page's words for crypto a sell holds that was not sold. */
function operatorReasonOf(outcome: DepositOutcome, row: { amount: string; asset: string }, ordered: string): string {
  const what = `${new Decimal(row.amount).toFixed()} ${row.asset}`;
  switch (outcome) {
    case 'SCREENED':
      return `deposit from a screened sender held: ${what}`;
    case 'OVER':
      return `deposit of ${what} above the order: ${new Decimal(row.amount).minus(ordered).toFixed()} ${row.asset} owed back`;
    case 'SHORT':
      return `deposit too small to sell, owed back: ${what}`;
    case 'EXTRA':
      return `another deposit after the order's, owed back: ${what}`;
    default:
      return `deposit after the window, owed back: ${what}`;
  }
}

export type SellSettlement = ReturnType<typeof createSellSettlement>;
