import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import type { People } from '../identity/index.ts';
import type { EddReview } from './edd-review.ts';
import { renderSandboxEddPage } from './sandbox-edd.page.ts';

const BODY_LIMIT_BYTES = 4096;
/** Who the cases say asked and decided: the sandbox tool (the desk names its operator). */
export const SANDBOX_REVIEWER = 'sandbox';

const requestSchema = z.object({ email: z.string().trim().min(3).max(254), reason: z.string().trim().min(1).max(500).optional() }).strict();
const decideSchema = z
  .object({
    caseId: z.string().min(1).max(32),
    outcome: z.enum(['approve', 'reject', 'rfi']),
    message: z.string().max(1000).optional(),
    parts: z.union([z.enum(['SOW', 'SOF']), z.array(z.enum(['SOW', 'SOF'])).max(2)]).optional(),
  })
  .strict();

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** A form's fields; a repeated field (the checkboxes' parts) as a list. */
function formFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

/**
 * docs/sandbox.md "Enhanced due diligence": what an operator does with EDD, played by a tool through the edd module's
 * own review functions (the ones the desk calls). GET /sandbox/edd is the page (JSON with ?format=json); POST
 * /sandbox/edd/request asks a person (by email) for EDD; POST /sandbox/edd/decide decides a case. Each POST takes
 * JSON (201/200 with the case) or the page's form (303 back). Sandbox tools: never registered in production.
 */
export function registerSandboxEddRoutes(app: FastifyInstance, deps: { review: EddReview; people: People }): void {
  const { review } = deps;
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, formFields(String(body))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const fromForm = (contentType: string | undefined) => contentType?.startsWith('application/x-www-form-urlencoded') ?? false;
    const page = async (reply: FastifyReply, status: number, extra: { changed?: string; errors?: string[] }) =>
      html(
        reply,
        status,
        renderSandboxEddPage({
          pending: (await review.listCases({ status: 'Pending', limit: 100 })).cases,
          waiting: [
            ...(await review.listCases({ status: 'Initial', limit: 100 })).cases,
            ...(await review.listCases({ status: 'RFI', limit: 100 })).cases,
          ],
          ...extra,
        }),
      );

    routes.get('/sandbox/edd', {
      schema: {
        tags: ['sandbox'],
        summary: 'The EDD cases waiting for a decision and for their person: a page, or JSON with ?format=json',
        querystring: z.object({ format: z.enum(['json']).optional(), changed: z.string().max(300).optional() }),
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        if (request.query.format === 'json') {
          const [pending, initial, rfi] = [
            await review.listCases({ status: 'Pending', limit: 100 }),
            await review.listCases({ status: 'Initial', limit: 100 }),
            await review.listCases({ status: 'RFI', limit: 100 }),
          ];
          return reply.header('cache-control', 'no-store').send({ pending: pending.cases, waiting: [...initial.cases, ...rfi.cases] });
        }
        return page(reply, 200, request.query.changed ? { changed: request.query.changed } : {});
      },
    });

    /** A refusal: the page again with the reason (a form), or 400/404 JSON. */
    const refuse = async (reply: FastifyReply, form: boolean, status: 400 | 404, message: string) =>
      form ? page(reply, status, { errors: [message] }) : reply.status(status).header('cache-control', 'no-store').send({ message });

    routes.post('/sandbox/edd/request', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary:
          'Asks a verified individual (by email) for EDD, as an operator would: 201 with the case (an open one is answered as it is), 404 no such person, 400 otherwise',
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const form = fromForm(request.headers['content-type']);
        const parsed = requestSchema.safeParse(request.body ?? {});
        if (!parsed.success)
          return refuse(reply, form, 400, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
        const person = await deps.people.findByEmail(parsed.data.email);
        if (!person) return refuse(reply, form, 404, `no account for ${parsed.data.email}`);
        try {
          const change = await review.requestEdd(
            SANDBOX_REVIEWER,
            person.id,
            { reason: parsed.data.reason ?? 'asked with the sandbox tool' },
            'sandbox',
          );
          if (form) return reply.redirect(`/sandbox/edd?${new URLSearchParams({ changed: `EDD asked of ${person.email}.` })}`, 303);
          return reply.status(201).header('cache-control', 'no-store').send({ case: change.after });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return refuse(reply, form, error.httpStatus === 404 ? 404 : 400, error.message);
        }
      },
    });

    routes.post('/sandbox/edd/decide', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary:
          'Decides an EDD case as an operator would: approve (Pending only), reject (blocks with AC100004), or rfi with a message and the parts asked again; 200 with the case, 404 no such case, 400 otherwise',
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const form = fromForm(request.headers['content-type']);
        const parsed = decideSchema.safeParse(request.body ?? {});
        if (!parsed.success)
          return refuse(reply, form, 400, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
        const { caseId, outcome, message, parts } = parsed.data;
        try {
          const change = await review.decide(
            SANDBOX_REVIEWER,
            caseId,
            outcome === 'rfi'
              ? { outcome, message: message ?? '', ...(parts ? { parts: Array.isArray(parts) ? parts : [parts] } : {}) }
              : { outcome, ...(message ? { note: message } : {}) },
          );
          if (form)
            return reply.redirect(`/sandbox/edd?${new URLSearchParams({ changed: `Case ${caseId}: ${change.after?.status}.` })}`, 303);
          return reply.status(200).header('cache-control', 'no-store').send({ case: change.after });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return refuse(reply, form, error.httpStatus === 404 ? 404 : 400, error.message);
        }
      },
    });
  });
}
