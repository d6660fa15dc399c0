import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import { loggableError } from '../../platform/logging.ts';
import {
  type CardProcessorProvider,
  ProcessorTimeoutError,
  ProcessorUnavailableError,
} from '../../providers/card-processor/card-processor.ts';
import type { OrdersRepository } from './orders.repository.ts';

export const JOB_RECONCILE_AUTHORISATION = 'order.reconcile-authorisation';
/** The reconcile job of an order, found again by this key (a processor webhook wakes it). */
export const reconcileJobKey = (orderId: string) => `order-reconcile:${orderId}`;

/**
 * How long after an order ended without knowing its payment the processor is still asked for one.
 * Checkout.com keeps an idempotency key 24 h: a late authorisation made from our request shows up
 * within that, and a 3DS challenge it started expires after 15 minutes.
 */
export const RECONCILE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The first look, then twice the gap each time, at most an hour apart: about 30 looks in 24 h. */
const FIRST_LOOK_MS = 60_000;
const LONGEST_GAP_MS = 60 * 60 * 1000;
const OUTAGE_RETRY_MS = 60_000;

interface ReconcilePayload {
  orderId: string;
  /** ISO time of the last look. */
  until: string;
  /**
   * The order's own payment, when it ended while the processor had not decided it (PENDING): it is
   * watched like a payment found late. Without it, the order's own payment is one settlement decided.
   */
  watchPaymentId?: string;
}

/**
 * Queued (inside the transaction that ends the order) when an order ends while the processor may
 * still hold a payment for it that the order never learnt of: the authorisation timed out and the
 * one lookup found nothing, or the order expired before any authorisation answered.
 */
export function scheduleReconcile(queue: JobQueueRepository, orderId: string, now: Date, watchPaymentId?: string): Promise<void> {
  const payload: ReconcilePayload = {
    orderId,
    until: new Date(now.getTime() + RECONCILE_WINDOW_MS).toISOString(),
    ...(watchPaymentId ? { watchPaymentId } : {}),
  };
  return queue.enqueue({
    kind: JOB_RECONCILE_AUTHORISATION,
    payload,
    runAt: new Date(now.getTime() + FIRST_LOOK_MS),
    dedupeKey: reconcileJobKey(orderId),
  });
}

const isOutage = (error: unknown) => error instanceof ProcessorUnavailableError || error instanceof ProcessorTimeoutError;

/**
 * The reconcile job (issue 13: "a processor timeout looks the payment up once, so a late
 * authorisation could leave a hold"). It asks the processor for a payment by the order's reference
 * until the window ends. An order that ended is never captured, so an authorisation found is voided
 * (the person's hold is released); a waiting challenge is looked at again until it ends. Every look
 * is counted on the order, and what was found is written to its history. No money moved, so no
 * journal is posted: the books stay as they were.
 */
export function createLateAuthorisationReconciler(deps: {
  orders: OrdersRepository;
  processor: CardProcessorProvider;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { orders, processor, clock, log } = deps;

  return async function reconcile(rawPayload: unknown): Promise<void | { runAgainAt: Date }> {
    const payload = rawPayload as ReconcilePayload;
    const order = await orders.findOrder(payload.orderId);
    // Only an order that ended unpaid: any other is settlement's (its own steps void what it holds).
    if (!order || order.step !== 'DONE' || order.status === 'SUCCESS' || order.status === 'BuySendSuccess') return;
    const now = clock.now();
    const until = new Date(payload.until);
    const lookAgain = () => {
      const gap = Math.min(FIRST_LOOK_MS * 2 ** order.reconcileAttempts, LONGEST_GAP_MS);
      return { runAgainAt: new Date(Math.min(now.getTime() + gap, until.getTime())) };
    };

    try {
      const payment = await processor.findPayment(order.id);
      if (!payment || (payment.paymentId === order.paymentId && payment.paymentId !== payload.watchPaymentId)) {
        if (now < until) {
          await orders.noteReconcile(order, now);
          return lookAgain();
        }
        await orders.noteReconcile(order, now, 'reconcile: no late authorisation in 24 h');
        return;
      }
      switch (payment.status) {
        case 'AUTHORIZED':
        case 'PARTIALLY_AUTHORIZED':
          await processor.void(payment.paymentId, { idempotencyKey: `order:${order.id}:void-late` });
          log.warn(
            { orderId: order.id, paymentId: payment.paymentId },
            'the processor authorised after the order ended: authorisation voided',
          );
          await orders.noteReconcile(order, now, `reconcile: late authorisation ${payment.paymentId} voided`);
          return;
        case 'CHALLENGE_REQUIRED':
        case 'PENDING':
          // A challenge (or a payment the processor has not decided) is not an authorisation yet: it expires, or it is answered and then voided here.
          await orders.noteReconcile(order, now);
          return now < until ? lookAgain() : { runAgainAt: new Date(now.getTime() + LONGEST_GAP_MS) };
        case 'DECLINED':
        case 'VOIDED':
          await orders.noteReconcile(order, now, `reconcile: late payment ${payment.paymentId} holds nothing (${payment.status})`);
          return;
        default:
          // Captured or refunded for an order we never captured: no rule of ours did that, so a person
          // must look. The order is flagged: it stays on the operator page until an operator clears it.
          log.error(
            { orderId: order.id, paymentId: payment.paymentId, status: payment.status },
            'a payment for an ended order was captured: an operator must look',
          );
          await orders.noteReconcile(order, now, `reconcile: payment ${payment.paymentId} is ${payment.status}: operator to review`, true);
          return;
      }
    } catch (error) {
      // The processor is down: the job waits instead of failing, so it is never given up.
      if (isOutage(error)) {
        log.warn({ orderId: order.id, err: loggableError(error) }, 'card processor unavailable while reconciling: looking again later');
        return { runAgainAt: new Date(now.getTime() + OUTAGE_RETRY_MS) };
      }
      // Any other refusal (a lookup or a void the processor refuses) is not left to the worker's
      // retry limit, which would drop the job silently: it is tried again until the window ends,
      // then the order goes to an operator, because a hold may still be there.
      log.error({ orderId: order.id, err: loggableError(error) }, 'card processor refused while reconciling');
      if (now < until) {
        await orders.noteReconcile(order, now);
        return lookAgain();
      }
      await orders.noteReconcile(order, now, 'reconcile: the processor kept refusing for 24 h: operator to review', true);
    }
  };
}
