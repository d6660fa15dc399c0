import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode, ok } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import type { RateLimiter } from './rate-limit.repository.ts';

/** The signature over the body does not hold: the sender is not the vendor (or the secret is wrong). */
export class WebhookRefusedError extends Error {}

/** What every verified webhook has: the vendor's id for the event (stored once by it) and its type. */
export interface VerifiedWebhook {
  eventId: string;
  type: string;
}

/** One vendor's webhooks: how to check them, and where each verified event goes. */
export interface WebhookReceiver<Event extends VerifiedWebhook = VerifiedWebhook> {
  /**
   * Checks the signature over the exact bytes and reads the event. Throws WebhookRefusedError when
   * the signature does not hold; any other error means a body that is not the vendor's.
   */
  verify(input: { rawBody: Buffer; headers: IncomingHttpHeaders }): Promise<Event>;
  /** Stores the event once, by its id, and queues its processing in the same transaction: false for one stored already. */
  store(event: Event, rawBody: Buffer, receivedAt: Date): Promise<boolean>;
}

/** Refused webhooks (bad signature or body) an address may send in an hour before it is refused unchecked. */
export const WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;
/** The largest webhook body any vendor sends us. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The one webhook intake: `POST /webhooks/:provider` verifies the signature over the raw bytes,
 * stores the event by its id and queues its processing, then answers at once. A refused signature
 * changes nothing and is counted per address (a signature is a secret's check). Modules add their
 * vendors' receivers; a vendor set up with an older path keeps it (`handle`).
 */
export function createWebhookIntake(deps: { rateLimiter: RateLimiter; clock: Clock }) {
  const receivers = new Map<string, WebhookReceiver>();

  async function receive(provider: string, request: FastifyRequest) {
    const receiver = receivers.get(provider);
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event: VerifiedWebhook;
    try {
      event = await deps.rateLimiter.countRefusals(
        `webhook:ip:${request.ipKey}`,
        WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR,
        HOUR_MS,
        deps.clock.now(),
        'Too many refused webhooks from this address: try again later.',
        // A vendor we take no webhooks from is refused like a bad signature (and counted): no list of vendors to probe.
        async () => {
          if (!receiver) throw new WebhookRefusedError(`no webhooks are taken for ${provider}`);
          return receiver.verify({ rawBody, headers: request.headers });
        },
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof WebhookRefusedError) {
        request.log.warn({ provider, reason: error.message }, 'webhook refused');
        throw new AppError(ErrorCode.WebhookSignatureInvalid);
      }
      throw new AppError(ErrorCode.MalformedRequest, 'The webhook body is not the vendor JSON');
    }
    const stored = await receiver!.store(event, rawBody, deps.clock.now());
    request.log.info({ provider, eventType: event.type, duplicate: !stored }, 'webhook stored');
    return ok(null);
  }

  return {
    /** Takes `provider`'s webhooks from now on. */
    add<Event extends VerifiedWebhook>(provider: string, receiver: WebhookReceiver<Event>): void {
      receivers.set(provider, receiver as unknown as WebhookReceiver);
    },
    /** The intake's handler for one provider, for a route of its own (an older path a vendor is set up with). */
    handle: (provider: string) => (request: FastifyRequest) => receive(provider, request),
    /** Keeps each webhook's exact bytes (the signature is over them): call inside the scope of the webhook routes. */
    keepRawBody(scope: FastifyInstance): void {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
    },
    /** `POST /webhooks/:provider`, outside the API (not in its OpenAPI document: vendors call it, not clients). */
    register(app: FastifyInstance): void {
      void app.register(async (scope) => {
        this.keepRawBody(scope);
        scope.post<{ Params: { provider: string } }>('/webhooks/:provider', {
          config: { caller: 'webhook' },
          schema: { hide: true },
          handler: (request) => receive(request.params.provider, request),
        });
      });
    },
  };
}

export type WebhookIntake = ReturnType<typeof createWebhookIntake>;
