import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SANDBOX_DISPUTE_CATEGORIES,
  type SandboxCardProcessor,
  type SandboxDispute,
  SandboxDisputeActionError,
} from '../../providers/card-processor/index.ts';

/** Every field is a short id or word: a body larger than this is not a dispute action. */
const BODY_LIMIT_BYTES = 1024;

const PAYMENT_ID = /^pay_[a-z0-9]{1,40}$/;
const DISPUTE_ID = /^dsp_[a-z0-9]{1,64}$/;

const openSchema = z
  .object({
    paymentId: z.string().regex(PAYMENT_ID, 'A sandbox payment id is pay_ and lowercase letters or digits').optional(),
    /** Our order id: the newest payment made for it is disputed. */
    reference: z.string().trim().min(1).max(64).optional(),
    category: z.enum(SANDBOX_DISPUTE_CATEGORIES).optional(),
  })
  .refine((body) => (body.paymentId === undefined) !== (body.reference === undefined), 'Give paymentId or reference, one of them');

const decideSchema = z.object({ outcome: z.enum(['won', 'lost']) });

const disputeJson = z.object({
  id: z.string(),
  paymentId: z.string(),
  reference: z.string(),
  status: z.string(),
  amount: z.string(),
  currency: z.string(),
  category: z.string(),
  evidenceRequiredBy: z.string(),
});
const refusalJson = z.object({ reason: z.enum(['NOT_FOUND', 'CONFLICT']), message: z.string() });

const jsonOf = (dispute: SandboxDispute) => ({ ...dispute, evidenceRequiredBy: dispute.evidenceRequiredBy.toISOString() });
const refusalOf = (error: unknown) => {
  if (!(error instanceof SandboxDisputeActionError)) throw error;
  return {
    status: error.status,
    body: { reason: error.status === 404 ? ('NOT_FOUND' as const) : ('CONFLICT' as const), message: error.message },
  };
};

/**
 * docs/sandbox.md "Disputes (chargebacks)": the card scheme's side of a dispute, played by a tool.
 * POST /sandbox/card/disputes opens one on a captured sandbox payment, named by its id or by our
 * order id (the newest payment for it); POST /sandbox/card/disputes/:disputeId/decide is the
 * scheme's decision on evidence under review. Each sends the processor's webhook to our intake.
 * Sandbox tools: registered only where the sandbox tools are, never in production.
 */
export function registerSandboxCardDisputeRoutes(app: FastifyInstance, processor: SandboxCardProcessor): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/sandbox/card/disputes', {
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      tags: ['sandbox'],
      summary:
        "The cardholder's bank disputes a captured sandbox card payment (by paymentId, or by reference: our order id): evidence_required for 7 days, dispute_evidence_required sent; 404 unknown, 409 not captured, refunded or disputed already",
      body: openSchema,
      response: { 201: z.object({ dispute: disputeJson }), 404: refusalJson, 409: refusalJson },
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { paymentId, reference, category } = request.body;
      try {
        const disputed = paymentId ?? (reference === undefined ? undefined : (await processor.findPayment(reference))?.paymentId);
        if (!disputed)
          return reply.status(404).send({ reason: 'NOT_FOUND', message: `no sandbox card payment for reference ${reference}` });
        return reply.status(201).send({ dispute: jsonOf(await processor.openDispute(disputed, category)) });
      } catch (error) {
        const { status, body } = refusalOf(error);
        return reply.status(status).send(body);
      }
    },
  });

  routes.post('/sandbox/card/disputes/:disputeId/decide', {
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      tags: ['sandbox'],
      summary:
        'The card scheme decides a sandbox dispute under review: won or lost, dispute_won or dispute_lost sent; 404 unknown, 409 not evidence_under_review',
      params: z.object({ disputeId: z.string().max(80) }),
      body: decideSchema,
      response: { 200: z.object({ dispute: disputeJson }), 404: refusalJson, 409: refusalJson },
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { disputeId } = request.params;
      // Anything that is not a dispute id is unknown without a lookup.
      if (!DISPUTE_ID.test(disputeId))
        return reply.status(404).send({ reason: 'NOT_FOUND', message: `sandbox card dispute ${disputeId} does not exist` });
      try {
        return reply.status(200).send({ dispute: jsonOf(await processor.decideDispute(disputeId, request.body.outcome)) });
      } catch (error) {
        const { status, body } = refusalOf(error);
        return reply.status(status).send(body);
      }
    },
  });
}
