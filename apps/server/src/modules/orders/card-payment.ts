import type { OrderFailReason, OrderStatus } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import { loggableError } from '../../platform/logging.ts';
import {
  type CardProcessorProvider,
  type DeclineReason,
  type Payment,
  ProcessorTimeoutError,
  ProcessorUnavailableError,
} from '../../providers/card-processor/card-processor.ts';
import type { SavedCards } from '../cards/index.ts';
import { scheduleReconcile } from './late-authorisations.ts';
import type { OrderChange, OrderRow, OrdersRepository } from './orders.repository.ts';
import type { Outcome, PaymentSource } from './payment-source.ts';

/** A 3DS challenge left unanswered this long is abandoned (the order expires, the authorisation is voided). */
export const THREE_DS_TTL_MS = 15 * 60 * 1000;
const THREE_DS_POLL_MS = 10_000;

const DECLINE_REASONS: Record<DeclineReason, OrderFailReason> = {
  DECLINED: 'CARD_DECLINED',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  THREE_DS_FAILED: 'THREE_DS_FAILED',
  THREE_DS_EXPIRED: 'THREE_DS_EXPIRED',
};
const OUTAGE_RETRY_MS = 10_000;

const keyOf = (orderId: string, what: string) => `order:${orderId}:${what}`;

/**
 * A card buy's payment (payment-source.ts): the card processor's authorisation with its 3-D Secure
 * challenge, then its capture, void and refund, each with a key derived from the order so a retry
 * never charges twice. What the processor answers moves the order (onPayment); a payment it has
 * not decided (PENDING) waits, and an order that ends not knowing its payment leaves the
 * late-authorisation watch behind it (late-authorisations.ts).
 */
export function createCardPayment(deps: {
  orders: OrdersRepository;
  cards: SavedCards;
  processor: CardProcessorProvider;
  queue: JobQueueRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where the bank's 3DS page sends the person back (our 3ds-callback route). */
  threeDsReturnUrl: (orderId: string) => string;
  move: (order: OrderRow, change: OrderChange, withMove?: () => Promise<void>) => Promise<Outcome>;
  endUnpaid: (
    order: OrderRow,
    status: OrderStatus,
    failReason: OrderFailReason,
    set?: OrderChange['set'],
    withMove?: () => Promise<void>,
  ) => Promise<Outcome>;
  /** Brings the order's advance job forward (an authorisation: the rest of the settlement runs now). */
  wake: (order: OrderRow, at: Date) => Promise<void>;
}): PaymentSource {
  const { orders, processor, clock, move, endUnpaid } = deps;
  const later = (ms: number) => ({ waitUntil: new Date(clock.now().getTime() + ms) });

  /**
   * The order ends not knowing whether the processor holds a payment for it (or what its undecided
   * payment becomes): the reconcile job keeps asking (late-authorisations.ts).
   */
  const reconcileLater = (order: OrderRow, watchPaymentId?: string) => () =>
    scheduleReconcile(deps.queue, order.id, clock.now(), watchPaymentId);

  async function onPayment(order: OrderRow, payment: Payment): Promise<Outcome> {
    const now = clock.now();
    switch (payment.status) {
      case 'AUTHORIZED':
        return move(
          order,
          {
            status: 'PROCESSING',
            step: 'RESERVE',
            set: { paymentId: payment.paymentId, threeDsStatus: order.threeDsStatus === 'PENDING' ? 'SUCCEEDED' : order.threeDsStatus },
            detail: 'authorised',
          },
          async () => {
            await deps.wake(order, now);
          },
        );
      case 'CHALLENGE_REQUIRED': {
        if (now.getTime() - order.createdAt.getTime() >= THREE_DS_TTL_MS) {
          await processor.void(payment.paymentId, { idempotencyKey: keyOf(order.id, 'void') });
          return endUnpaid(order, 'EXPIRED', 'THREE_DS_EXPIRED', { threeDsStatus: 'EXPIRED' });
        }
        if (order.threeDsStatus !== 'PENDING') {
          await orders.transition(
            order,
            {
              status: 'OrderSubmitted',
              step: 'AUTHORIZE',
              set: { paymentId: payment.paymentId, threeDsStatus: 'PENDING', threeDsUrl: payment.challengeUrl },
              detail: '3DS challenge',
            },
            now,
          );
        }
        return later(Math.min(THREE_DS_POLL_MS, order.createdAt.getTime() + THREE_DS_TTL_MS - now.getTime() + 1));
      }
      case 'PENDING':
        // The processor has not decided and asks nothing of the person: keep its id, look again (a
        // webhook wakes the order sooner). The deadline ends it, watched for a late authorisation.
        // A 3-D Secure payment read back without its link is still that challenge: its 15 minutes hold.
        // Nothing to void while it is undecided: the reconcile watch voids it if it is authorised later.
        if (order.threeDsStatus === 'PENDING' && now.getTime() - order.createdAt.getTime() >= THREE_DS_TTL_MS) {
          return endUnpaid(order, 'EXPIRED', 'THREE_DS_EXPIRED', { threeDsStatus: 'EXPIRED' }, reconcileLater(order, payment.paymentId));
        }
        if (order.paymentId !== payment.paymentId)
          await orders.transition(
            order,
            {
              status: 'OrderSubmitted',
              step: 'AUTHORIZE',
              set: { paymentId: payment.paymentId },
              detail: 'payment pending at the processor',
            },
            now,
          );
        return later(THREE_DS_POLL_MS);
      case 'DECLINED': {
        const failReason = DECLINE_REASONS[payment.declineReason ?? 'DECLINED'];
        // The bank's challenge timed out on the processor's side: the same end as our own 15 minutes.
        if (failReason === 'THREE_DS_EXPIRED')
          return endUnpaid(order, 'EXPIRED', failReason, { paymentId: payment.paymentId, threeDsStatus: 'EXPIRED' });
        const threeDs =
          order.threeDsStatus === 'PENDING' ? { threeDsStatus: failReason === 'THREE_DS_FAILED' ? 'FAILED' : 'SUCCEEDED' } : {};
        return endUnpaid(order, 'FAILED', failReason, { paymentId: payment.paymentId, ...threeDs });
      }
      case 'PARTIALLY_AUTHORIZED':
        await processor.void(payment.paymentId, { idempotencyKey: keyOf(order.id, 'void') });
        return endUnpaid(order, 'PARTIAL_AUTH', 'PARTIAL_AUTH', { paymentId: payment.paymentId });
      case 'VOIDED': {
        // We voided it and crashed before recording why: the payment itself tells.
        const partial = payment.authorizedAmount !== null && new Decimal(payment.authorizedAmount).lt(payment.amount);
        if (partial) return endUnpaid(order, 'PARTIAL_AUTH', 'PARTIAL_AUTH', { paymentId: payment.paymentId });
        return endUnpaid(order, 'EXPIRED', 'THREE_DS_EXPIRED', { paymentId: payment.paymentId, threeDsStatus: 'EXPIRED' });
      }
      default:
        throw new Error(`order ${order.id}: payment ${payment.paymentId} is ${payment.status} before we authorised it`);
    }
  }

  async function authorize(order: OrderRow): Promise<Outcome> {
    if (order.paymentId) return onPayment(order, await processor.getPayment(order.paymentId));
    const card = order.cardId ? await deps.cards.findById(order.cardId) : undefined;
    if (!card) return endUnpaid(order, 'FAILED', 'CARD_DECLINED');
    let payment: Payment;
    try {
      payment = await processor.authorize({
        idempotencyKey: keyOf(order.id, 'authorize'),
        reference: order.id,
        cardToken: card.processorToken,
        amount: order.fiatAmount,
        currency: order.fiatCurrency,
        successUrl: deps.threeDsReturnUrl(order.id),
        failureUrl: deps.threeDsReturnUrl(order.id),
      });
    } catch (error) {
      if (error instanceof ProcessorUnavailableError) return later(OUTAGE_RETRY_MS);
      if (!(error instanceof ProcessorTimeoutError)) {
        // The processor refused the request itself (e.g. a token it no longer knows): nothing was charged.
        deps.log.error({ orderId: order.id, err: loggableError(error) }, 'card processor refused the authorisation request');
        return endUnpaid(order, 'FAILED', 'CARD_DECLINED');
      }
      // No answer: the processor may or may not have the payment. Ask by our reference.
      const found = await processor.findPayment(order.id);
      if (found) return onPayment(order, found);
      deps.log.warn({ orderId: order.id }, 'card processor did not answer and has no payment: the order fails without a charge');
      return endUnpaid(order, 'FAILED', 'PROCESSOR_TIMEOUT', {}, reconcileLater(order));
    }
    return onPayment(order, payment);
  }

  /** Releases the card's hold, when the payment still holds money (a declined or voided one has none). */
  async function voidIfHeld(order: OrderRow, payment: Payment): Promise<void> {
    if (['AUTHORIZED', 'PARTIALLY_AUTHORIZED', 'CHALLENGE_REQUIRED'].includes(payment.status)) {
      await processor.void(payment.paymentId, { idempotencyKey: keyOf(order.id, 'void') });
    }
  }

  /** The deadline at AUTHORIZE: the card's authorisation never finished (a 3DS challenge, or no answer). */
  async function expireUnauthorisedCard(order: OrderRow): Promise<Outcome> {
    if (order.paymentId) {
      // The bank may have answered while nobody looked: a declined or voided payment ends as it says.
      const payment = await processor.getPayment(order.paymentId);
      if (payment.status === 'DECLINED' || payment.status === 'VOIDED') return onPayment(order, payment);
      await voidIfHeld(order, payment);
      // Undecided at the processor: it may still authorise, so the reconcile job watches it and voids what it becomes.
      if (payment.status === 'PENDING') return endUnpaid(order, 'EXPIRED', 'DEADLINE_PASSED', {}, reconcileLater(order, payment.paymentId));
    }
    // Without a payment id, an earlier attempt that failed as an outage may still have authorised: look for it later.
    return endUnpaid(
      order,
      'EXPIRED',
      order.threeDsStatus === 'PENDING' ? 'THREE_DS_EXPIRED' : 'DEADLINE_PASSED',
      order.threeDsStatus === 'PENDING' ? { threeDsStatus: 'EXPIRED' } : {},
      order.paymentId ? undefined : reconcileLater(order),
    );
  }

  /** A card buy's payment: the card processor's authorisation, void, capture and refund (today's calls). */
  const cardPayment: PaymentSource = {
    authorize,
    release: (order) => processor.void(order.paymentId!, { idempotencyKey: keyOf(order.id, 'void') }),
    async capture(order) {
      await processor.capture(order.paymentId!, {
        idempotencyKey: keyOf(order.id, 'capture'),
        amount: order.fiatAmount,
        currency: order.fiatCurrency,
      });
      return 'captured';
    },
    refund: (order) =>
      processor.refund(order.paymentId!, {
        idempotencyKey: keyOf(order.id, 'refund'),
        amount: order.fiatAmount,
        currency: order.fiatCurrency,
      }),
    async releaseUnlessCaptured(order) {
      const payment = await processor.getPayment(order.paymentId!);
      if (payment.status === 'CAPTURED') return true;
      // Undecided at the processor (a capture may still land): not "released" yet; asked again, like an outage.
      if (payment.status === 'PENDING')
        throw new ProcessorUnavailableError(`payment ${payment.paymentId} is undecided at the processor: looking again`);
      await voidIfHeld(order, payment);
      return false;
    },
    expireUnauthorised: expireUnauthorisedCard,
  };

  return cardPayment;
}
