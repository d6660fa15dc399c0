import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import type { WebhookDelivery } from '../kyc/sandbox/sandbox-kyc.ts';
import { CardWebhookRefusedError, type CardWebhookNotice } from './card-processor.ts';
import { CHECKOUT_SIGNATURE_HEADER, readCheckoutWebhook, signCheckoutWebhook } from './checkout-webhook.ts';

/**
 * The sandbox processor's webhooks, in Checkout.com's format and signature
 * (https://www.checkout.com/docs/developer-resources/webhooks/manage-webhooks/set-up-your-webhook-receiver,
 * event bodies as in https://www.checkout.com/docs/workflows/webhook-event-types/dispute_evidence_required):
 * `{id: evt_…, type, version, created_on, data}` signed with the hex HMAC-SHA256 of the raw body in
 * `Cko-Signature`. Each event is one job of the outbox, queued in the transaction of the change it
 * tells of, and delivered to our own intake (/webhooks/sandbox-card) by the worker, retried with
 * its backoff until the intake answers 2xx, as Checkout.com retries.
 */

/** Where the sandbox processor's webhooks arrive (the webhook intake's path for it). */
export const SANDBOX_CARD_WEBHOOK_PATH = '/webhooks/sandbox-card';

export const JOB_DELIVER_CARD_WEBHOOK = 'sandbox-card.deliver';

/** Checkout.com's event body version the sandbox writes. */
const EVENT_VERSION = '1.0.0';

/** What the sandbox processor needs to send its webhooks. */
export interface SandboxCardWebhookOptions {
  queue: JobQueueRepository;
  worker: JobWorker;
  /** The signature key (as Checkout.com's workflow signature key): derived from the server secret. */
  secret: string;
  /** Posts a signed body to our intake; answers the HTTP status. */
  deliver: WebhookDelivery;
}

/** A payment event's data (payment_captured, payment_refunded, …): Checkout.com's ids, amount in minor units. */
export interface PaymentEventData {
  id: string;
  reference: string;
  amount: number;
  currency: string;
}

/** A dispute event's data (dispute_evidence_required, dispute_won, …). */
export interface DisputeEventData {
  id: string;
  payment_id: string;
  payment_reference: string;
  amount: number;
  currency: string;
  category: string;
  status: string;
  evidence_required_by: string;
}

/**
 * One event to deliver. The whole event (its id, time and data) is fixed when it is queued, so a
 * retried delivery sends the very same bytes, and our intake drops the second as a duplicate.
 */
interface DeliveryPayload {
  id: string;
  type: string;
  createdOn: string;
  data: PaymentEventData | DisputeEventData;
}

export type SandboxCardWebhooks = ReturnType<typeof createSandboxCardWebhooks>;

/**
 * Without options (a processor built for a test, or a script) nothing is sent, and readWebhook
 * refuses every webhook: there is no signature key to check one with.
 */
export function createSandboxCardWebhooks(clock: Clock, options: SandboxCardWebhookOptions | undefined) {
  if (options) {
    options.worker.register(JOB_DELIVER_CARD_WEBHOOK, async (payload) => {
      const { id, type, createdOn, data } = payload as DeliveryPayload;
      const body = JSON.stringify({ id, type, version: EVENT_VERSION, created_on: createdOn, data });
      const status = await options.deliver(body, {
        'content-type': 'application/json',
        [CHECKOUT_SIGNATURE_HEADER]: signCheckoutWebhook(body, options.secret),
      });
      if (status < 200 || status >= 300) throw new Error(`card webhook intake answered ${status}`);
    });
  }

  return {
    /** Queues an event (inside the caller's transaction, when there is one: it commits with the change). */
    async send(type: string, data: PaymentEventData | DisputeEventData): Promise<void> {
      if (!options) return;
      const now = clock.now();
      const payload: DeliveryPayload = { id: newId('evt'), type, createdOn: now.toISOString(), data };
      await options.queue.enqueue({ kind: JOB_DELIVER_CARD_WEBHOOK, payload, runAt: now });
    },

    read(input: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> }): CardWebhookNotice | null {
      if (!options) throw new CardWebhookRefusedError('the sandbox card processor was built without a webhook secret');
      return readCheckoutWebhook(input.rawBody, input.headers, options.secret);
    },
  };
}
