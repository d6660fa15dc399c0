import type { OrderFailReason, OrderStatus, QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { createFlowRunner } from '../../jobs/flow-runner.ts';
import {
  type CardProcessorProvider,
  ProcessorTimeoutError,
  ProcessorUnavailableError,
} from '../../providers/card-processor/card-processor.ts';
import {
  ChainRefusedError,
  type ChainRefusal,
  ChainUnavailableError,
  type ChainProvider,
  type NetworkFee,
  type Transfer,
} from '../../providers/chain/chain.ts';
import { loggableError } from '../../platform/logging.ts';
import { type KlarnaProvider, KlarnaTimeoutError, KlarnaUnavailableError } from '../../providers/klarna/index.ts';
import type { JournalInput, Ledger } from '../ledger/index.ts';
import type { SavedCards } from '../cards/index.ts';
import type { TransactionRecords } from '../merchant/index.ts';
import { createCardPayment } from './card-payment.ts';
import { createKlarnaPayment, KLARNA_CHANNEL } from './klarna-payment.ts';
import { BALANCE_PROCESSOR, createBankPayment } from './bank-payment.ts';
import {
  captureJournal,
  isOverdraftError,
  networkFeeJournal,
  type OrderMoney,
  payoutJournal,
  purchaseJournal,
  reservationJournal,
  reservationKey,
  refundKindOf,
  REVERSALS,
} from './order-journals.ts';
import type { OrderChange, OrderRow, OrdersRepository } from './orders.repository.ts';
import { createOrderMover } from './order-moves.ts';
import type { Outcome, PaymentSource } from './payment-source.ts';

export const JOB_ADVANCE_ORDER = 'order.advance';
export const JOB_ORDER_RECEIPT = 'order.receipt';
/** Each order has one advance job, found again by this key (to wake it when work is possible now). */
export const advanceJobKey = (orderId: string) => `order-advance:${orderId}`;

const OUTAGE_RETRY_MS = 10_000;
/** PAYOUT_CONFIRM_DEADLINE_MS: a payout still of unknown outcome this long after it was first tried waits for an operator. */
export const DEFAULT_PAYOUT_CONFIRM_DEADLINE_MS = 4 * 60 * 60 * 1000;
/** A payout waiting for an operator is still looked at, this often: a late confirmation or failure ends it by itself. */
const PAYOUT_REVIEW_POLL_MS = 10 * 60 * 1000;

const keyOf = (orderId: string, what: string) => `order:${orderId}:${what}`;
/** The order a move left, or 'moved' when another worker moved it first. */
const movedTo = (outcome: Outcome): OrderRow | 'moved' => (typeof outcome === 'object' && 'movedTo' in outcome ? outcome.movedTo : 'moved');

/** Refusals that prove nothing was sent: the only payout failures that may be refunded. */
const PRE_SEND_REFUSALS: readonly ChainRefusal[] = ['INVALID_ADDRESS', 'INVALID_AMOUNT', 'UNSUPPORTED_ASSET'];
/** Steps the deadline does not cut short: a payout may be out (only its outcome is unknown), a refund must finish. */
const PAST_DEADLINE_STEPS = ['PAYOUT', 'CONFIRM', 'PAYOUT_REVIEW', 'REFUND', 'DONE'];

/** An outside service is down or slow: the step is tried again later with the same keys. */
const isOutage = (error: unknown) =>
  error instanceof ProcessorUnavailableError ||
  error instanceof ProcessorTimeoutError ||
  error instanceof ChainUnavailableError ||
  error instanceof KlarnaUnavailableError ||
  error instanceof KlarnaTimeoutError;

/**
 * Settlement of a buy, one step at a time (order-state.ts): authorise → reserve the crypto →
 * capture → sell from the reserve → pay out → confirm → SUCCESS, or void / refund. Every step is safe to run twice: provider
 * calls carry keys derived from the order id, journals are keyed, and the order row only moves
 * by compare-and-set, so a crash, a retry or two workers at once change nothing twice.
 * How the money is authorised, captured, released and refunded is the order's payment source
 * (payment-source.ts): the card processor's (card-payment.ts), Klarna's for a Klarna buy (klarna-payment.ts), or
 * the buyer's balance for a bank-transfer buy (bank-payment.ts).
 */
export function createSettlement(deps: {
  orders: OrdersRepository;
  cards: SavedCards;
  ledger: Ledger;
  processor: CardProcessorProvider;
  /** Klarna buys' payments; absent where only card orders are settled. */
  klarna?: KlarnaProvider;
  chain: ChainProvider;
  queue: JobQueueRepository;
  /** Each move, its journals and its next jobs commit together (platform/transaction.ts). */
  transaction: RunInTransaction;
  /** A journal that may be refused (an overdraft) without undoing the move around it. */
  savepoint: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where the bank's 3DS page sends the person back (our 3ds-callback route). */
  threeDsReturnUrl: (orderId: string) => string;
  chainConfirmPollMs: number;
  merchantTransactions: TransactionRecords;
  /** PAYOUT_CONFIRM_DEADLINE_MS (4 hours). */
  payoutConfirmDeadlineMs?: number;
  /** Whether a card dispute names the order (disputes/card-disputes.ts): its refund then waits for an operator. */
  isDisputed?: (orderId: string) => Promise<boolean>;
  /** Bank-transfer buys: what arrived with an order's reference (banking's), and the order at today's price (quotes'). */
  bankFunds?: {
    receivedFor(orderId: string): Promise<string>;
    reprice(order: OrderRow): Promise<{ cryptoAmount: string; price: string; fees: QuoteFees }>;
  };
}) {
  const { orders, ledger, processor, chain, clock } = deps;
  const payoutDeadlineMs = deps.payoutConfirmDeadlineMs ?? DEFAULT_PAYOUT_CONFIRM_DEADLINE_MS;
  const later = (ms: number) => ({ waitUntil: new Date(clock.now().getTime() + ms) });
  // Booked against the processor that holds the order's payment (stored on the order), never the one configured now.
  const moneyOf = (order: OrderRow): OrderMoney => ({ ...order, fees: order.fees as QuoteFees });

  /** Every move: a success queues its receipt; an ended order ends its merchant's transaction. */
  const move = createOrderMover({
    orders,
    transaction: deps.transaction,
    clock,
    alongWith: async (order, change, now) => {
      const succeeded = change.status === 'SUCCESS' || change.status === 'BuySendSuccess';
      if (succeeded)
        await deps.queue.enqueue({
          kind: JOB_ORDER_RECEIPT,
          payload: { orderId: order.id },
          runAt: now,
          dedupeKey: `order-receipt:${order.id}`,
        });
      if (change.step === 'DONE' && order.merchantTranId)
        await deps.merchantTransactions.finish(order.merchantTranId, order.id, succeeded ? 'Success' : 'Failed', now);
    },
  });

  /**
   * A step that posts several journals locks all their accounts first, in the ledger's one order:
   * two orders' steps running at once never each hold a balance the other waits for.
   */
  const lockAccountsOf = (...journals: JournalInput[]) =>
    ledger.lockAccounts(journals.flatMap((journal) => journal.entries.map((entry) => entry.account)));

  /** The order ends without money moving: declined, partial, expired. */
  const endUnpaid = (
    order: OrderRow,
    status: OrderStatus,
    failReason: OrderFailReason,
    set: OrderChange['set'] = {},
    withMove?: () => Promise<void>,
  ) => move(order, { status, step: 'DONE', set: { ...set, failReason }, detail: failReason }, withMove);

  /** Puts the order's reserved crypto back into the inventory (nothing when it had none). */
  const releaseReservation = (order: OrderRow) =>
    ledger.reverse(REVERSALS.reservation.of(order.id), {
      kind: REVERSALS.reservation.kind,
      idempotencyKey: REVERSALS.reservation.key(order.id),
    });

  /** Money was captured: refund it (after undoing any sale and releasing the reserve), then end with `failReason`. */
  function startRefund(order: OrderRow, failReason: OrderFailReason): Promise<Outcome> {
    return move(order, { status: 'PROCESSING', step: 'REFUND', set: { failReason }, detail: `refund: ${failReason}` }, async () => {
      // What was booked is undone as booked (read back from the ledger): a step never posted is nothing to undo.
      await lockAccountsOf(purchaseJournal(moneyOf(order)), reservationJournal(moneyOf(order)));
      await ledger.reverse(REVERSALS.purchase.of(order.id), {
        kind: REVERSALS.purchase.kind,
        idempotencyKey: REVERSALS.purchase.key(order.id),
      });
      await releaseReservation(order);
    });
  }

  /**
   * Sets the order's crypto aside before the card is charged. When the inventory cannot cover it
   * (the ledger refuses the overdraft) the authorisation is voided: nothing is ever captured for
   * crypto we cannot deliver. The reason is written first, so a crash before the void still voids.
   */
  async function reserve(order: OrderRow): Promise<Outcome> {
    if (order.failReason !== 'LIQUIDITY') {
      try {
        return await move(order, { status: 'PROCESSING', step: 'CAPTURE', detail: 'crypto reserved' }, async () => {
          await ledger.post(reservationJournal(moneyOf(order)));
        });
      } catch (error) {
        if (!isOverdraftError(error)) throw error;
      }
      deps.log.warn(
        { orderId: order.id, crypto: order.cryptoCurrency },
        'inventory cannot cover the order: voiding its authorisation, nothing captured',
      );
      // Another worker moved the order on meanwhile (it reserved): nothing to void, read it again.
      const marked = await orders.transition(
        order,
        { status: 'PROCESSING', step: 'RESERVE', set: { failReason: 'LIQUIDITY' }, detail: 'no crypto to reserve' },
        clock.now(),
      );
      if (!marked) return 'moved';
    }
    await sourceOf(order).release(order);
    return endUnpaid(order, 'FAILED', 'LIQUIDITY');
  }

  /** The card (or Klarna) was charged: the order moves on to the sale with the capture in its books. */
  const recordCapture = (order: OrderRow, detail: string) =>
    move(order, { status: 'PROCESSING', step: 'PURCHASE', detail }, async () => {
      await ledger.post(captureJournal(moneyOf(order)));
    });

  async function capture(order: OrderRow): Promise<Outcome> {
    const captured = await sourceOf(order).capture(order);
    if (captured === 'captured') return recordCapture(order, 'captured');
    // The authorisation is gone (Klarna cancelled or expired it): nothing was taken, the crypto goes back.
    return move(
      order,
      { status: 'FAILED', step: 'DONE', set: { failReason: captured.failReason }, detail: `capture refused: ${captured.failReason}` },
      async () => {
        await releaseReservation(order);
      },
    );
  }

  async function purchase(order: OrderRow): Promise<Outcome> {
    try {
      return await move(
        order,
        { status: 'PROCESSING', step: 'PAYOUT', set: { payoutStartedAt: clock.now() }, detail: 'sold from the reserve' },
        async () => {
          // An order captured before reservations existed reserves here; for the others the key finds
          // the reservation already posted and posts nothing.
          await lockAccountsOf(reservationJournal(moneyOf(order)), purchaseJournal(moneyOf(order)));
          await ledger.post(reservationJournal(moneyOf(order)));
          await ledger.post(purchaseJournal(moneyOf(order)));
        },
      );
    } catch (error) {
      if (!isOverdraftError(error)) throw error;
      deps.log.warn(
        { orderId: order.id, crypto: order.cryptoCurrency },
        'inventory cannot cover an order captured before it was reserved: refunding',
      );
      return startRefund(order, 'LIQUIDITY');
    }
  }

  /** The payout has been of unknown outcome longer than PAYOUT_CONFIRM_DEADLINE_MS (counted from its first try). */
  const payoutOverdue = (order: OrderRow) =>
    clock.now().getTime() - (order.payoutStartedAt ?? order.createdAt).getTime() >= payoutDeadlineMs;

  /**
   * Past its deadline, a payout of unknown outcome stops being retried at the pace of an outage and
   * waits for an operator (the log line, the sandbox ledger page). Its crypto stays reserved and owed
   * in the books, the person sees PROCESSING, and the step still follows the transfer.
   */
  async function awaitOperator(order: OrderRow, why: string): Promise<Outcome> {
    deps.log.warn(
      {
        orderId: order.id,
        payoutId: order.payoutId,
        txHash: order.txHash,
        payoutStartedAt: (order.payoutStartedAt ?? order.createdAt).toISOString(),
        why,
      },
      'payout not confirmed by its deadline (PAYOUT_CONFIRM_DEADLINE_MS): the order awaits an operator',
    );
    await move(order, { status: 'PROCESSING', step: 'PAYOUT_REVIEW', detail: `awaiting operator: ${why}` });
    return later(PAYOUT_REVIEW_POLL_MS);
  }

  async function payout(order: OrderRow): Promise<Outcome> {
    const inReview = order.step === 'PAYOUT_REVIEW';
    try {
      const transfer = await chain.send({
        idempotencyKey: keyOf(order.id, 'payout'),
        asset: order.cryptoCurrency,
        network: order.network,
        address: order.walletAddress,
        memo: order.memo,
        amount: order.cryptoAmount,
      });
      return move(order, {
        status: 'PROCESSING',
        step: inReview ? 'PAYOUT_REVIEW' : 'CONFIRM',
        set: { payoutId: transfer.transferId, txHash: transfer.txHash },
        detail: 'sent',
      });
    } catch (error) {
      // Only a refusal before anything was sent may be refunded. Anything else (an outage, a
      // repeated key the vendor cannot match yet, a refusal after approval) may have sent the
      // crypto: refunding then would pay twice. Those wait, and an operator sees the log.
      if (error instanceof ChainRefusedError && PRE_SEND_REFUSALS.includes(error.reason)) {
        deps.log.error({ orderId: order.id, reason: error.reason }, 'payout refused before sending: refunding');
        return startRefund(order, 'PAYOUT_FAILED');
      }
      deps.log.error({ orderId: order.id, err: loggableError(error) }, 'payout outcome unknown: retrying with the same key');
      if (inReview) return later(PAYOUT_REVIEW_POLL_MS);
      return payoutOverdue(order) ? awaitOperator(order, 'the send has no known outcome') : later(OUTAGE_RETRY_MS);
    }
  }

  /**
   * Books the network fee the payout paid, out of the inventory of the network's coin. When those
   * books cannot cover it (the CHECK refuses the overdraft, inside a savepoint so the order's own
   * move still commits), it goes to gas-unfunded: the fee was paid and is never dropped.
   */
  async function postNetworkFee(order: OrderRow, fee: NetworkFee): Promise<void> {
    try {
      await deps.savepoint(() => ledger.post(networkFeeJournal(order.id, fee, 'inventory')));
    } catch (error) {
      if (!isOverdraftError(error)) throw error;
      deps.log.error(
        { orderId: order.id, coin: fee.asset, fee: fee.amount },
        'the inventory cannot cover the payout network fee: booked to gas-unfunded',
      );
      await ledger.post(networkFeeJournal(order.id, fee, 'unfunded'));
    }
  }

  /** The chain confirmed: the reserve and what the buyer was owed end, and the fee actually paid is booked. */
  function succeed(order: OrderRow, transfer: Transfer): Promise<Outcome> {
    return move(
      order,
      { status: 'SUCCESS', step: 'DONE', set: { txHash: transfer.txHash ?? order.txHash }, detail: 'confirmed' },
      async () => {
        const fee = transfer.fee && new Decimal(transfer.fee.amount).gt(0) ? transfer.fee : null;
        await lockAccountsOf(
          payoutJournal(moneyOf(order)),
          ...(fee ? [networkFeeJournal(order.id, fee, 'inventory'), networkFeeJournal(order.id, fee, 'unfunded')] : []),
        );
        // An order sold before reservations existed was taken from the inventory directly: nothing reserved, nothing owed.
        if (await ledger.hasJournal(reservationKey(order.id))) await ledger.post(payoutJournal(moneyOf(order)));
        if (fee) await postNetworkFee(order, fee);
      },
    );
  }

  /** CONFIRM and PAYOUT_REVIEW: follow the transfer until it is final; past the deadline, an operator is told. */
  async function confirm(order: OrderRow): Promise<Outcome> {
    const inReview = order.step === 'PAYOUT_REVIEW';
    if (inReview && !order.payoutId) return payout(order);
    let transfer: Transfer;
    try {
      transfer = await chain.getTransfer(order.payoutId!);
    } catch (error) {
      if (!isOutage(error)) throw error;
      if (inReview) return later(PAYOUT_REVIEW_POLL_MS);
      if (payoutOverdue(order)) return awaitOperator(order, 'the custody service does not answer');
      throw error;
    }
    if (transfer.status === 'CONFIRMED') return succeed(order, transfer);
    // A failed transfer never reached the chain: nothing was delivered, so the money goes back.
    if (transfer.status === 'FAILED') return startRefund(order, 'PAYOUT_FAILED');
    if (inReview) return later(PAYOUT_REVIEW_POLL_MS);
    return payoutOverdue(order) ? awaitOperator(order, 'the transfer is still pending') : later(deps.chainConfirmPollMs);
  }

  async function refund(order: OrderRow): Promise<Outcome> {
    // A disputed payment is the cardholder's bank's to settle (docs/rules/card-disputes.md): a refund on
    // top would pay them twice. The order waits for an operator, looked at again like a payout in review.
    if (await deps.isDisputed?.(order.id)) {
      if (!order.operatorReviewSince)
        await orders.flagForOperator(order, clock.now(), 'refund held: the card payment is disputed (chargeback)');
      return later(PAYOUT_REVIEW_POLL_MS);
    }
    await sourceOf(order).refund(order);
    const status: OrderStatus = order.failReason === 'DEADLINE_PASSED' ? 'EXPIRED_ERROR' : 'FAILED';
    return move(order, { status, step: 'DONE', detail: 'refunded' }, async () => {
      // The capture as it was booked (its processor, its amount), reversed.
      await ledger.reverse(REVERSALS.capture.of(order.id), {
        kind: refundKindOf(order),
        idempotencyKey: REVERSALS.capture.key(order.id),
      });
    });
  }

  /** A card buy's payment (card-payment.ts): the card processor's authorisation, void, capture and refund. */
  const cardPayment = createCardPayment({
    orders,
    cards: deps.cards,
    processor,
    queue: deps.queue,
    clock,
    log: deps.log,
    threeDsReturnUrl: deps.threeDsReturnUrl,
    move,
    endUnpaid,
    wake: (order, at) => deps.queue.wake(advanceJobKey(order.id), at),
  });

  /** A Klarna buy's payment (klarna-payment.ts): Klarna's order, placed with the widget's token. */
  const klarnaPayment = createKlarnaPayment({
    klarna: deps.klarna,
    orders,
    clock,
    log: deps.log,
    move,
    endUnpaid,
    wake: (order, at) => deps.queue.wake(advanceJobKey(order.id), at),
  });

  /** A bank-transfer buy's payment (bank-payment.ts): the buyer's balance, funded by their transfer. */
  const bankPayment = createBankPayment({
    ledger,
    clock,
    receivedFor: (orderId) => bankFunds().receivedFor(orderId),
    reprice: (order) => bankFunds().reprice(order),
    move,
    endUnpaid: (order, status, failReason, set) => endUnpaid(order, status, failReason, set),
  });
  const bankFunds = () => {
    if (!deps.bankFunds) throw new Error('a bank-transfer buy needs the banking module');
    return deps.bankFunds;
  };

  /** The order's payment source, by its channel. */
  const sourceOf = (order: OrderRow): PaymentSource =>
    order.channelCode === KLARNA_CHANNEL ? klarnaPayment : order.processor === BALANCE_PROCESSOR ? bankPayment : cardPayment;

  /** docs/trust.md: a buy ends by its deadline. What it ends as depends on how far the money went. */
  async function expire(order: OrderRow): Promise<Outcome> {
    if (order.step === 'AUTHORIZE' || order.step === 'KLARNA_AUTH') return sourceOf(order).expireUnauthorised(order);
    if (order.step === 'RESERVE' || order.step === 'CAPTURE') {
      // A capture that went through while its answer was lost (a timeout) is booked first; the deadline
      // then refunds it from PURCHASE. Ending here as released would keep the person's money.
      if (await sourceOf(order).releaseUnlessCaptured(order)) return recordCapture(order, 'captured (found at the deadline)');
      return move(
        order,
        { status: 'EXPIRED_ERROR', step: 'DONE', set: { failReason: 'DEADLINE_PASSED' }, detail: 'deadline: authorisation voided' },
        async () => {
          await releaseReservation(order);
        },
      );
    }
    return startRefund(order, 'DEADLINE_PASSED');
  }

  /** A buy as a flow (jobs/flow-runner.ts): the runner owns the loop, the deadline and outage waits. */
  const flow = createFlowRunner<OrderRow>(
    {
      jobKind: JOB_ADVANCE_ORDER,
      jobKey: advanceJobKey,
      payloadKey: 'orderId',
      load: (orderId) => orders.findOrder(orderId),
      finalStep: 'DONE',
      steps: {
        AUTHORIZE: (order) => sourceOf(order).authorize(order),
        KLARNA_AUTH: (order) => klarnaPayment.authorize(order),
        RESERVE: reserve,
        CAPTURE: capture,
        PURCHASE: purchase,
        PAYOUT: payout,
        CONFIRM: confirm,
        PAYOUT_REVIEW: confirm,
        REFUND: refund,
      },
      pastDeadlineSteps: PAST_DEADLINE_STEPS,
      onDeadline: expire,
      isOutage,
      outageRetryMs: OUTAGE_RETRY_MS,
    },
    { clock, log: deps.log },
  );

  return {
    /**
     * Runs the order's steps until it waits on something or ends. Answers when to look again
     * (the job is rescheduled for then), or null when the order is final.
     */
    advance: flow.advance,
    /** The worker advances each order whose job is due. */
    registerJobs: flow.register,

    /**
     * An operator's verified outcome of a payout waiting at PAYOUT_REVIEW (payout-review.ts), by the
     * settlement's own moves: delivered ends it as the chain's confirmation does (`succeed`, with the
     * transaction the operator checked); not delivered refunds it as a failed transfer does (`startRefund`,
     * PAYOUT_FAILED), and its advance job is woken to run the refund now. Compare-and-set from the
     * order as read: 'moved' when it is no longer where the operator saw it (nothing written).
     */
    async settleReviewedPayout(
      order: OrderRow,
      outcome: { delivered: true; txHash: string; fee: NetworkFee | null } | { delivered: false },
    ): Promise<'moved' | OrderRow> {
      if (order.step !== 'PAYOUT_REVIEW') return 'moved';
      if (outcome.delivered) {
        const transfer: Transfer = {
          transferId: order.payoutId ?? '',
          txHash: outcome.txHash,
          status: 'CONFIRMED',
          confirmations: 0,
          ...(outcome.fee ? { fee: outcome.fee } : {}),
        };
        return movedTo(await succeed(order, transfer));
      }
      const refunding = movedTo(await startRefund(order, 'PAYOUT_FAILED'));
      if (refunding !== 'moved') await deps.queue.wake(advanceJobKey(order.id), clock.now());
      return refunding;
    },

    /**
     * submit-auth-token, inside the person's request: places the Klarna order with the widget's token (or
     * ends the order on the widget's decline) and moves the order as Klarna's fraud check says. Klarna's
     * timeouts and outages are thrown (the token is never stored: the page sends it again).
     */
    placeKlarnaOrder: klarnaPayment.placeOrder,

    /**
     * The authorisation step only, inside the person's request (submit-buy, get-3ds-status), so
     * they learn at once about a 3DS challenge or a decline; the rest happens in the worker.
     */
    async authorizeNow(orderOrId: string | OrderRow): Promise<void> {
      // The caller may hold the order already (submit-buy, which has just stored it).
      const order = typeof orderOrId === 'string' ? await orders.findOrder(orderOrId) : orderOrId;
      const orderId = order?.id;
      if (order?.step !== 'AUTHORIZE' || clock.now() >= order.deadlineAt) return;
      try {
        await flow.step(order);
      } catch (error) {
        // The order is saved and its job will try again: the person gets its state, not a 500.
        deps.log.error({ orderId, err: loggableError(error) }, 'authorisation failed in the request: left to the worker');
      }
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
