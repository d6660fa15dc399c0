import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CardDisputes, DisputeEvidenceRefusedError } from './card-disputes.ts';
import type { CardDisputeRow } from './card-disputes.repository.ts';

export const SANDBOX_DISPUTE_EVIDENCE_PATH = '/sandbox/card/disputes/:disputeId/evidence';

const disputeJson = (row: CardDisputeRow) => ({
  disputeId: row.processorDisputeId,
  orderId: row.orderId,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  reason: row.reason,
  evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
  evidenceSubmittedAt: row.evidenceSubmittedAt?.toISOString() ?? null,
});

/**
 * The sandbox's stand-in for the operator's answer to a dispute (docs/sandbox.md "Disputes"): our
 * evidence goes to the processor, from the text given or, without one, from the order's own record.
 * A real deployment answers from its processor's dashboard or the operator's desk (issue 21).
 */
export function registerSandboxDisputeEvidenceRoute(app: FastifyInstance, disputes: CardDisputes): void {
  app.withTypeProvider<ZodTypeProvider>().post(SANDBOX_DISPUTE_EVIDENCE_PATH, {
    schema: {
      tags: ['sandbox'],
      summary: "Submit our evidence for a card dispute (the operator's action, in the sandbox); 409 when it takes none now",
      params: z.object({ disputeId: z.string().min(1).max(64) }),
      body: z.object({ text: z.string().max(1000).optional() }).default({}),
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      try {
        return { dispute: disputeJson(await disputes.submitEvidence(request.params.disputeId, request.body.text)) };
      } catch (error) {
        if (error instanceof DisputeEvidenceRefusedError) return reply.code(409).send({ error: error.message });
        throw error;
      }
    },
  });
}
