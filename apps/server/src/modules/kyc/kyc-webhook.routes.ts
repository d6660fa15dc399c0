import { CALLS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import { type WebhookIntake, WebhookRefusedError } from '../../platform/webhook-intake.ts';
import { type KycProvider, type KycWebhookEvent, WebhookSignatureError } from '../../providers/kyc/kyc-provider.ts';
import type { KycRepository } from './kyc.repository.ts';

export const JOB_APPLY_REVIEW = 'kyc.apply-review';

/**
 * The KYC vendor's webhooks go through the one intake (platform/webhook-intake.ts), as
 * `/webhooks/<vendor>` and on the call path a vendor is already set up with (kyc webhook): the
 * signature is checked over the raw bytes, the event stored once by its key, its processing
 * queued in the same transaction. A bad signature changes nothing.
 */
export function registerKycWebhookRoutes(
  app: FastifyInstance,
  deps: { provider: KycProvider; repository: KycRepository; intake: WebhookIntake },
): void {
  deps.intake.add<KycWebhookEvent & { eventId: string }>(deps.provider.kind, {
    async verify({ rawBody, headers }) {
      try {
        const event = deps.provider.parseWebhook({ rawBody, headers });
        return { ...event, eventId: event.eventKey };
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new WebhookRefusedError(error.message);
        throw error;
      }
    },
    store: (event, rawBody, receivedAt) =>
      deps.repository.recordWebhookEvent(
        {
          eventKey: event.eventKey,
          provider: deps.provider.kind,
          type: event.type,
          applicantId: event.applicantId,
          rawBody: rawBody.toString('utf8'),
          receivedAt,
        },
        { kind: JOB_APPLY_REVIEW, runAt: receivedAt },
      ),
  });
  void app.register(async (scope) => {
    deps.intake.keepRawBody(scope);
    registerCall(scope, CALLS.kycWebhook, deps.intake.handle(deps.provider.kind));
  });
}
