import { ErrorCode } from '@causeway/contracts';
import type { KycUpdated, OrderUpdated, WebhookEvent } from '@causeway/sdk/events';
import { generateWebhookSecret } from '@causeway/sdk/server';
import type { JobQueueRepository } from '../../../jobs/job-queue.repository.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { Clock } from '../../../platform/clock.ts';
import { decrypt, encrypt, newId } from '../../../platform/crypto.ts';
import type { MerchantWebhooksRepository, WebhookEndpointRow } from './merchant-webhooks.repository.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import type { WebhookSender } from './webhook-sender.ts';

export const JOB_DELIVER_MERCHANT_WEBHOOK = 'merchant-webhook.deliver';
/** One job per delivery: a second enqueue of the same delivery (a replay racing a retry) is ignored. */
export const deliveryJobKey = (deliveryId: string) => `whd:${deliveryId}`;
export const MAX_ENDPOINTS_PER_MERCHANT = 10;

/** An order's change as the orders module reports it: the merchant's view, less the customer id this module finds. */
export type MerchantOrderChange = Omit<OrderUpdated, 'merchantUserId'> & { merchantId: string; userId: string };
const MAX_URL_LENGTH = 2000;

/** The endpoint as the merchant sees it: never its secret (shown once, when made or rotated). */
export const endpointView = (row: WebhookEndpointRow) => ({
  endpointId: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Webhooks to merchants (docs/rules/merchant-webhooks.md). A change a merchant may see is recorded as a
 * message in the same transaction as the change itself (the outbox), with one delivery per enabled
 * endpoint and a job for each; the job sends it, signed, and is run again on the retry schedule until
 * the endpoint answers 2xx or three days have passed. Delivered at least once: receivers dedupe on
 * webhook-id, which is the message's id on every attempt and replay.
 */
export function createMerchantWebhooksService(deps: {
  repository: MerchantWebhooksRepository;
  queue: JobQueueRepository;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  send: WebhookSender;
  /** Seals endpoint secrets (derived from the server secret). */
  secretKey: Buffer;
  clock: Clock;
  /** Whether endpoints may be plain http (sandbox installs, where the demo receiver is local). */
  allowHttp: boolean;
}) {
  const { repository, clock } = deps;

  /** Queues one delivery of `messageId` to each endpoint, due now (inside the caller's transaction). */
  async function queueDeliveries(messageId: string, endpoints: WebhookEndpointRow[], at: Date) {
    for (const endpoint of endpoints) {
      const id = newId('whd');
      await repository.insertDelivery({ id, messageId, endpointId: endpoint.id, status: 'Pending', nextAttemptAt: at, createdAt: at });
      await deps.queue.enqueue({
        kind: JOB_DELIVER_MERCHANT_WEBHOOK,
        payload: { deliveryId: id },
        runAt: at,
        dedupeKey: deliveryJobKey(id),
      });
    }
  }

  /** Records one event for the merchant unless `sourceKey` was recorded before; answers the message id when new. */
  async function record(merchantId: string, sourceKey: string, event: WebhookEvent, at: Date): Promise<string | null> {
    return deps.transaction(async () => {
      const id = newId('msg');
      const fresh = await repository.insertMessage({
        id,
        merchantId,
        eventType: event.type,
        sourceKey,
        body: JSON.stringify(event),
        createdAt: at,
      });
      if (!fresh) return null;
      await queueDeliveries(id, await repository.endpointsOf(merchantId, true), at);
      return id;
    });
  }

  function checkUrl(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new AppError(ErrorCode.MerchantWebhookUrlInvalid, 'the endpoint URL is not a URL');
    }
    const schemes = deps.allowHttp ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(parsed.protocol)) throw new AppError(ErrorCode.MerchantWebhookUrlInvalid, 'the endpoint URL must be https');
    if (parsed.username || parsed.password)
      throw new AppError(ErrorCode.MerchantWebhookUrlInvalid, 'the endpoint URL must not carry credentials');
    if (url.length > MAX_URL_LENGTH) throw new AppError(ErrorCode.MerchantWebhookUrlInvalid, 'the endpoint URL is too long');
    return parsed.toString();
  }

  async function ownEndpoint(merchantId: string, endpointId: string) {
    const endpoint = await repository.endpoint(merchantId, endpointId);
    if (!endpoint) throw new AppError(ErrorCode.MerchantWebhookNotFound, 'no such webhook endpoint');
    return endpoint;
  }

  return {
    /** Seals an endpoint secret as stored (the demo endpoint's published one is seeded with it). */
    sealSecret: (secret: string) => encrypt(deps.secretKey, secret),

    /** An order's status changed (or it was created): its merchant hears of it, once per status (inside the change's transaction). */
    async orderChanged(order: MerchantOrderChange): Promise<void> {
      const { merchantId, userId, ...view } = order;
      const data: OrderUpdated = { ...view, merchantUserId: await repository.merchantUserIdOf(merchantId, userId, order.tranId) };
      const at = new Date(order.updatedAt);
      await record(merchantId, `order:${order.orderId}:${order.status}`, { type: 'order.updated', timestamp: order.updatedAt, data }, at);
    },

    /** A person's verification changed: every merchant that knows them (a linked customer id) hears of it. */
    async kycChanged(userId: string, change: Omit<KycUpdated, 'merchantUserId'>, sourceKey: string): Promise<void> {
      const at = new Date(change.updatedAt);
      for (const link of await repository.linksOfUser(userId)) {
        const data: KycUpdated = { merchantUserId: link.merchantUserId, ...change };
        await record(
          link.merchantId,
          `kyc:${sourceKey}:${link.merchantUserId}`,
          { type: 'kyc.updated', timestamp: change.updatedAt, data },
          at,
        );
      }
    },

    /** Sends one attempt of a delivery (the job); answers when to run again, if ever. */
    async attempt(deliveryId: string): Promise<void | { runAgainAt: Date }> {
      const found = await repository.deliveryToSend(deliveryId);
      if (!found || found.delivery.status !== 'Pending') return;
      const { delivery, message, endpoint } = found;
      const at = clock.now();
      if (!endpoint.enabled) {
        // Disabled while the delivery waited: it ends here, kept in the log, and can be replayed later.
        const attempt = { id: newId('wha'), deliveryId, at, statusCode: null, error: 'the endpoint is disabled', durationMs: 0 };
        await repository.recordAttempt(deliveryId, delivery.attempts, attempt, { status: 'Failed', nextAttemptAt: null, completedAt: at });
        return;
      }
      const outcome = await deps.send({
        url: endpoint.url,
        secret: decrypt(deps.secretKey, endpoint.secretEncrypted),
        messageId: message.id,
        body: message.body,
        at,
      });
      const attempt = {
        id: newId('wha'),
        deliveryId,
        at,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: outcome.durationMs,
      };
      if (outcome.error === null) {
        await repository.recordAttempt(deliveryId, delivery.attempts, attempt, {
          status: 'Succeeded',
          nextAttemptAt: null,
          completedAt: at,
        });
        return;
      }
      const next = nextAttemptAt(delivery.attempts + 1, at);
      const moved = await repository.recordAttempt(
        deliveryId,
        delivery.attempts,
        attempt,
        next ? { nextAttemptAt: next } : { status: 'Failed', nextAttemptAt: null, completedAt: at },
      );
      return moved && next ? { runAgainAt: next } : undefined;
    },

    /** A new endpoint; its secret is answered here and never again. */
    async createEndpoint(merchantId: string, input: { url: string; description?: string }) {
      const url = checkUrl(input.url);
      if ((await repository.endpointsOf(merchantId)).length >= MAX_ENDPOINTS_PER_MERCHANT)
        throw new AppError(ErrorCode.MerchantWebhookEndpointLimit, `at most ${MAX_ENDPOINTS_PER_MERCHANT} webhook endpoints`);
      const secret = generateWebhookSecret();
      const now = clock.now();
      const row = await repository.insertEndpoint({
        id: newId('whe'),
        merchantId,
        url,
        description: (input.description ?? '').slice(0, 200),
        secretEncrypted: encrypt(deps.secretKey, secret),
        enabled: true,
        createdAt: now,
        updatedAt: now,
      });
      return { ...endpointView(row), secret };
    },

    async listEndpoints(merchantId: string) {
      return (await repository.endpointsOf(merchantId)).map(endpointView);
    },

    async setEnabled(merchantId: string, endpointId: string, enabled: boolean) {
      await ownEndpoint(merchantId, endpointId);
      await repository.updateEndpoint(endpointId, { enabled }, clock.now());
    },

    /** A new secret for the endpoint, answered once; the old one stops signing at once. */
    async rotateSecret(merchantId: string, endpointId: string): Promise<{ secret: string }> {
      await ownEndpoint(merchantId, endpointId);
      const secret = generateWebhookSecret();
      await repository.updateEndpoint(endpointId, { secretEncrypted: encrypt(deps.secretKey, secret) }, clock.now());
      return { secret };
    },

    /** A `webhook.test` event to one endpoint only, delivered like any other (signed, logged, retried). */
    async sendTest(merchantId: string, endpointId: string): Promise<{ messageId: string }> {
      const endpoint = await ownEndpoint(merchantId, endpointId);
      const at = clock.now();
      const messageId = newId('msg');
      const event: WebhookEvent = {
        type: 'webhook.test',
        timestamp: at.toISOString(),
        data: { endpointId, message: 'A test event from Causeway.' },
      };
      await deps.transaction(async () => {
        await repository.insertMessage({
          id: messageId,
          merchantId,
          eventType: event.type,
          sourceKey: `test:${messageId}`,
          body: JSON.stringify(event),
          createdAt: at,
        });
        await queueDeliveries(messageId, [endpoint], at);
      });
      return { messageId };
    },

    /** Sends a past message again, as it was, to one endpoint or to every enabled one. */
    async replay(merchantId: string, messageId: string, endpointId?: string): Promise<void> {
      const message = await repository.message(merchantId, messageId);
      if (!message) throw new AppError(ErrorCode.MerchantWebhookNotFound, 'no such webhook message');
      const endpoints = endpointId ? [await ownEndpoint(merchantId, endpointId)] : await repository.endpointsOf(merchantId, true);
      await deps.transaction(() => queueDeliveries(messageId, endpoints, clock.now()));
    },

    /** An endpoint's delivery log, newest first, each with its attempts. */
    async deliveryLog(merchantId: string, endpointId: string, limit = 50) {
      await ownEndpoint(merchantId, endpointId);
      const rows = await repository.deliveriesOf(endpointId, Math.min(limit, 200));
      const attempts = await repository.attemptsOf(rows.map(({ delivery }) => delivery.id));
      return rows.map(({ delivery, eventType }) => ({
        deliveryId: delivery.id,
        messageId: delivery.messageId,
        eventType,
        status: delivery.status as 'Pending' | 'Succeeded' | 'Failed',
        attempts: attempts
          .filter((attempt) => attempt.deliveryId === delivery.id)
          .map((attempt) => ({
            at: attempt.at.toISOString(),
            statusCode: attempt.statusCode,
            error: attempt.error,
            durationMs: attempt.durationMs,
          })),
        nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      }));
    },
  };
}

export type MerchantWebhooksService = ReturnType<typeof createMerchantWebhooksService>;
