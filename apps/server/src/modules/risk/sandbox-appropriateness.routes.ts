import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import type { People } from '../identity/index.ts';
import type { AppropriatenessService } from './appropriateness.service.ts';
import type { AppropriatenessRecord } from './appropriateness-view.ts';

const BODY_LIMIT_BYTES = 4096;
const emailSchema = z.string().trim().min(3).max(254);
const refusalJson = z.object({ reason: z.enum(['NOT_FOUND', 'NOT_COOLING_OFF']), message: z.string() });
/** The desk's record as JSON: times as ISO strings. */
const recordJson = z.record(z.string(), z.unknown());
const jsonOf = (record: AppropriatenessRecord) => JSON.parse(JSON.stringify(record)) as Record<string, unknown>;

/**
 * docs/sandbox.md "The appropriateness test": what an operator would do, played by a tool. GET
 * /sandbox/appropriateness?email= shows a person's test (every attempt with its answers, every move); POST
 * /sandbox/appropriateness/end-cooling-off ends their cooling-off now, so a demo need not wait 24 hours. Sandbox
 * tools: registered only where the sandbox tools are, never in production.
 */
export function registerSandboxAppropriatenessRoutes(
  app: FastifyInstance,
  deps: { service: AppropriatenessService; people: People },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/sandbox/appropriateness', {
    schema: {
      tags: ['sandbox'],
      summary: "A person's appropriateness test (by email): stage, attempts with their answers, moves; 404 no such person or no test",
      querystring: z.object({ email: emailSchema }),
      response: { 200: z.object({ record: recordJson }), 404: refusalJson },
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await deps.people.findByEmail(request.query.email);
      const record = person && (await deps.service.recordOf(person.id));
      if (!record) return reply.status(404).send({ reason: 'NOT_FOUND', message: `no test for ${request.query.email}` });
      return reply.status(200).send({ record: jsonOf(record) });
    },
  });

  routes.post('/sandbox/appropriateness/end-cooling-off', {
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      tags: ['sandbox'],
      summary:
        "Ends a person's 24-hour cooling-off now (by email), as an operator may: the test can be retaken; 404 no such person, 409 not in a cooling-off",
      body: z.object({ email: emailSchema, reason: z.string().trim().min(1).max(500).optional() }).strict(),
      response: { 200: z.object({ record: recordJson }), 404: refusalJson, 409: refusalJson },
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await deps.people.findByEmail(request.body.email);
      if (!person) return reply.status(404).send({ reason: 'NOT_FOUND', message: `no account for ${request.body.email}` });
      try {
        const record = await deps.service.endCoolingOff({
          userId: person.id,
          operator: 'sandbox',
          reason: request.body.reason ?? 'sandbox tool',
        });
        return reply.status(200).send({ record: jsonOf(record) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.status(409).send({ reason: 'NOT_COOLING_OFF', message: error.message });
      }
    },
  });
}
