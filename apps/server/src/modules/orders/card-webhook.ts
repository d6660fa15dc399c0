import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { type WebhookIntake, WebhookRefusedError } from '../../platform/webhook-intake.ts';
import {
  type CardProcessorProvider,
  type CardWebhookNotice,
  CardWebhookRefusedError,
} from '../../providers/card-processor/card-processor.ts';
import type { CardDisputes } from './disputes/card-disputes.ts';
import type { CardDisputesRepository } from './disputes/card-disputes.repository.ts';
import { reconcileJobKey } from './late-authorisations.ts';
import { isOrderId } from './order-id.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { advanceJobKey } from './settlement.ts';
import { advanceSellJobKey } from './sell-settlement.ts';

export const JOB_CARD_WEBHOOK = 'card.webhook';

/** Where the card processor's webhooks arrive: `/webhooks/checkout`, or `/webhooks/sandbox-card` for the sandbox processor. */
export const cardWebhookName = (processor: Pick<CardProcessorProvider, 'kind'>) =>
  processor.kind === 'sandbox' ? 'sandbox-card' : processor.kind;

/**
 * The card processor's webhooks (Checkout.com's payment_* and dispute_* events), through the one
 * intake: the signature is checked over the raw bytes, the event is stored once by its id and its
 * processing queued in the same transaction. Processing trusts only the ids: a dispute is read
 * again (card-disputes.ts sync); a payment's order is woken now rather than at its next poll (its
 * step reads the payment itself), and an order that ended has its late-authorisation watch woken.
 * So captures, refunds, voids and late authorisations update orders without waiting to be polled.
 */
export function addCardWebhookReceiver(deps: {
  intake: WebhookIntake;
  processor: CardProcessorProvider;
  repository: CardDisputesRepository;
  disputes: CardDisputes;
  orders: Pick<OrdersRepository, 'findOrder'>;
  queue: JobQueueRepository;
  worker: JobWorker;
  transaction: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
}): void {
  const name = cardWebhookName(deps.processor);

  deps.intake.add<{ eventId: string; type: string; notice: CardWebhookNotice | null }>(name, {
    async verify({ rawBody, headers }) {
      try {
        const notice = deps.processor.readWebhook({ rawBody, headers });
        return notice
          ? { eventId: notice.eventId, type: notice.type, notice }
          : { eventId: createHash('sha256').update(rawBody).digest('hex'), type: 'ignored', notice: null };
      } catch (error) {
        if (error instanceof CardWebhookRefusedError) throw new WebhookRefusedError(error.message);
        throw error;
      }
    },
    async store(event, _rawBody, receivedAt) {
      const notice = event.notice;
      if (!notice) return true;
      const eventKey = `${name}:${notice.eventId}`;
      return deps.transaction(async () => {
        const stored = await deps.repository.storeEventOnce(eventKey, notice.type, receivedAt);
        if (stored)
          await deps.queue.enqueue({ kind: JOB_CARD_WEBHOOK, payload: notice, runAt: receivedAt, dedupeKey: `card-webhook:${eventKey}` });
        return stored;
      });
    },
  });

  deps.worker.register(JOB_CARD_WEBHOOK, async (payload) => {
    const notice = payload as CardWebhookNotice;
    if (notice.disputeId) {
      await deps.disputes.sync(notice.disputeId);
      return;
    }
    const order = isOrderId(notice.reference) ? await deps.orders.findOrder(notice.reference) : undefined;
    if (!order) {
      deps.log.info({ type: notice.type, paymentId: notice.paymentId }, 'card webhook for no order of ours: nothing to wake');
      return;
    }
    const now = deps.clock.now();
    if (order.transactionType === 'sell') await deps.queue.wake(advanceSellJobKey(order.id), now);
    else if (order.step !== 'DONE') await deps.queue.wake(advanceJobKey(order.id), now);
    else await deps.queue.wake(reconcileJobKey(order.id), now);
  });
}
