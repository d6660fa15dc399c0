import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import type { People } from '../identity/index.ts';
import { DEMO_QUESTION_IDS } from './demo-questionnaire.ts';
import type { QuestionnaireService } from './questionnaire.service.ts';

const BODY_LIMIT_BYTES = 4096;
const emailSchema = z.string().trim().min(3).max(254);
const assignSchema = z.object({ email: emailSchema, questionIds: z.array(z.string().max(64)).min(1).max(50).optional() }).strict();
const refusalJson = z.object({ reason: z.enum(['NOT_FOUND', 'BAD_REQUEST']), message: z.string() });
const answerJson = z.object({
  questionId: z.string(),
  questionText: z.string(),
  answerText: z.string(),
  files: z.array(z.string()),
  radioOption: z.string().nullable(),
});
const assignmentJson = z.object({
  id: z.string(),
  questionIds: z.array(z.string()),
  assignedBy: z.string(),
  assignedAt: z.string(),
  answeredAt: z.string().nullable(),
  answers: z.array(answerJson),
});

type Assignment = Awaited<ReturnType<QuestionnaireService['assignmentsOf']>>[number];
const jsonOf = (assignment: Assignment) => ({
  ...assignment,
  assignedAt: assignment.assignedAt.toISOString(),
  answeredAt: assignment.answeredAt?.toISOString() ?? null,
});

/**
 * docs/sandbox.md "Questionnaire": what an operator would do, played by a tool. POST /sandbox/questionnaire/assign
 * asks a person (by email) the demo questionnaire, or the questions named; GET /sandbox/questionnaire?email= shows
 * what was asked of them and what they answered. Sandbox tools: registered only where the sandbox tools are, never
 * in production.
 */
export function registerSandboxQuestionnaireRoutes(
  app: FastifyInstance,
  deps: { service: QuestionnaireService; people: People; seedDemo: () => Promise<void> },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/sandbox/questionnaire/assign', {
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      tags: ['sandbox'],
      summary:
        'Asks a person (by email) the demo questionnaire, or the questions named: their account info says requireDynamicQuestionnaire until they answer; 404 no such person, 400 a question unknown or inactive',
      body: assignSchema,
      // A 400 is ours (`refusalJson`) or the error envelope of a body the schema refuses: a narrower 400 schema would
      // turn the envelope into a 500.
      response: { 201: z.object({ assignment: assignmentJson }), 400: z.union([refusalJson, z.unknown()]), 404: refusalJson },
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await deps.people.findByEmail(request.body.email);
      if (!person) return reply.status(404).send({ reason: 'NOT_FOUND', message: `no account for ${request.body.email}` });
      // The demo questions come back if they were never seeded (an operator's edits of them stay).
      await deps.seedDemo();
      try {
        const assignment = await deps.service.assign({
          userId: person.id,
          questionIds: request.body.questionIds ?? [...DEMO_QUESTION_IDS],
          assignedBy: 'sandbox',
        });
        return reply.status(201).send({ assignment: jsonOf(assignment) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.status(400).send({ reason: 'BAD_REQUEST', message: error.message });
      }
    },
  });

  routes.get('/sandbox/questionnaire', {
    schema: {
      tags: ['sandbox'],
      summary: 'The questionnaires asked of a person (by email), newest first, with their answers; 404 no such person',
      querystring: z.object({ email: emailSchema }),
      response: { 200: z.object({ assignments: z.array(assignmentJson) }), 404: refusalJson },
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await deps.people.findByEmail(request.query.email);
      if (!person) return reply.status(404).send({ reason: 'NOT_FOUND', message: `no account for ${request.query.email}` });
      return reply.status(200).send({ assignments: (await deps.service.assignmentsOf(person.id)).map(jsonOf) });
    },
  });
}
