import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { constantTimeEqual } from '../../platform/crypto.ts';
import type { MerchantReceiverRepository } from './merchant-receiver.repository.ts';

/** The largest webhook the receiver reads: ours are well under 2 kB. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** Standard Webhooks' replay window. */
const TOLERANCE_SECONDS = 5 * 60;
const failNextSchema = z.object({ count: z.number().int().min(0).max(10) });

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * Whether a request is signed by `secret` per Standard Webhooks, checked as a merchant's server would:
 * the signature recomputed with the maintained library over id.timestamp.body, any of the v1 entries
 * matching in constant time, and the timestamp within 5 minutes of our clock (the sandbox's clock,
 * which tests move: the library's own check reads the machine's).
 */
export function signedBy(secret: string, body: string, headers: Record<string, string | string[] | undefined>, now: Date): boolean {
  const id = headerOf(headers['webhook-id']);
  const timestamp = Number(headerOf(headers['webhook-timestamp']));
  const signatures = headerOf(headers['webhook-signature']).split(' ');
  if (!id || !Number.isSafeInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
  return signatures.some((signature) => constantTimeEqual(signature, expected));
}

/**
 * docs/sandbox.md "Merchant webhooks": the demo merchant's webhook endpoint. It checks each request's
 * signature with the demo endpoint's published secret, keeps what came (the newest 200), and answers
 * 200, or 500 while told to fail (so the retries can be watched), or 400 for a bad signature.
 */
export function registerMerchantReceiverRoutes(
  app: FastifyInstance,
  deps: { repository: MerchantReceiverRepository; secret: string; clock: Clock },
) {
  void app.register(async (scope) => {
    // The signature covers the body's exact bytes: read it as text, parse it after.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/sandbox/merchant/webhooks', { config: { caller: 'sandbox' } }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const now = deps.clock.now();
      const verified = signedBy(deps.secret, body, request.headers, now);
      let parsed: { type?: unknown } | null = null;
      try {
        parsed = JSON.parse(body) as { type?: unknown };
      } catch {
        parsed = null;
      }
      const answeredStatus = !verified ? 400 : (await deps.repository.takeFailure()) ? 500 : 200;
      await deps.repository.record({
        webhookId: headerOf(request.headers['webhook-id']).slice(0, 64),
        eventType: typeof parsed?.type === 'string' ? parsed.type.slice(0, 32) : null,
        verified,
        answeredStatus,
        body: verified ? parsed : null,
        receivedAt: now,
      });
      return reply.code(answeredStatus).send({ received: answeredStatus === 200 });
    });
  });

  app.get('/sandbox/merchant/webhooks', { config: { caller: 'sandbox' } }, async () => ({
    received: (await deps.repository.recent(50)).map((row) => ({
      webhookId: row.webhookId,
      eventType: row.eventType,
      verified: row.verified,
      answeredStatus: row.answeredStatus,
      body: row.body,
      receivedAt: row.receivedAt.toISOString(),
    })),
  }));

  app.post('/sandbox/merchant/webhooks/fail-next', { bodyLimit: 1024, config: { caller: 'sandbox' } }, async (request, reply) => {
    const parsed = failNextSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'count is a whole number from 0 to 10' });
    await deps.repository.setFailNext(parsed.data.count);
    return { failNext: parsed.data.count };
  });
}
