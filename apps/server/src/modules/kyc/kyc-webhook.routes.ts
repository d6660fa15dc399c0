import { API_BASE, envelopeOf, ok, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { type KycProvider, WebhookSignatureError } from '../../providers/kyc/kyc-provider.ts';
import type { KycRepository } from './kyc.repository.ts';

export const JOB_APPLY_REVIEW = 'kyc.apply-review';

/** Refused webhooks (bad signature or body) an address may send in an hour before it is refused unchecked. */
export const WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The vendor's webhook intake: verify the signature over the raw bytes, store the event once,
 * queue its processing in the same transaction, answer at once. A bad signature changes nothing.
 */
export function registerKycWebhookRoutes(app: FastifyInstance, deps: { provider: KycProvider; repository: KycRepository; clock: Clock; rateLimiter: RateLimiter }): void {
  void app.register(async (scope) => {
    // The signature is over the exact bytes the vendor sent: keep them, parse later.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(`${API_BASE}${PATHS.kycWebhook}`, {
      schema: { tags: ['kyc'], summary: "The KYC vendor's webhooks (Sumsub format, X-Payload-Digest signed)", response: { 200: envelopeOf(z.null()) } },
      handler: async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          // A signature is a secret's check: counted per address, the vendor's right ones given back.
          event = await deps.rateLimiter.countRefusals(`kyc-webhook:ip:${request.ipKey}`, WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR, HOUR_MS, deps.clock.now(),
            'Too many refused webhooks from this address: try again later.', async () => deps.provider.parseWebhook({ rawBody, headers: request.headers }));
        } catch (error) {
          if (error instanceof AppError) throw error;
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ reason: error.message }, 'kyc webhook refused');
            throw new AppError('WHK0000401');
          }
          throw new AppError('REQ0000400', 'The webhook body is not the vendor JSON');
        }
        const now = deps.clock.now();
        const stored = await deps.repository.recordWebhookEvent(
          { eventKey: event.eventKey, provider: deps.provider.kind, type: event.type, applicantId: event.applicantId, rawBody: rawBody.toString('utf8'), receivedAt: now },
          { kind: JOB_APPLY_REVIEW, runAt: now },
        );
        request.log.info({ eventType: event.type, duplicate: !stored }, 'kyc webhook stored');
        return ok(null);
      },
    });
  });
}
