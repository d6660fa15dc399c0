import { LOGIN_MODES } from '@causeway/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AvailabilityFace, ServiceModeState } from '../availability/index.ts';
import { renderServiceModesPage } from './service-modes.page.ts';

/** A mode and one or two switches: a body larger than this is not a switch. */
const BODY_LIMIT_BYTES = 1024;

/** A switch's value: JSON's true or false, or the form's "true" or "false". */
const onOff = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

const switchSchema = z
  .object({
    mode: z.enum(LOGIN_MODES, { message: `The mode is one of ${LOGIN_MODES.join(', ')}` }),
    maintenance: onOff.optional(),
    ukOpen: onOff.optional(),
  })
  .strict()
  .refine((body) => body.maintenance !== undefined || body.ukOpen !== undefined, 'Give maintenance or ukOpen (true or false)');

const stateJson = z.object({
  mode: z.enum(LOGIN_MODES),
  maintenance: z.boolean(),
  ukOpen: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

/** Who the rows say switched: the sandbox tool (an operator's desk names its operator). */
export const SANDBOX_SWITCHER = 'sandbox';

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

const describe = (state: ServiceModeState, body: { maintenance?: boolean | undefined; ukOpen?: boolean | undefined }) =>
  [
    body.maintenance === undefined ? null : `${state.mode} ${state.maintenance ? 'under maintenance' : 'served'}`,
    body.ukOpen === undefined ? null : `${state.mode} ${state.ukOpen ? 'open to the UK' : 'closed to the UK'}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * docs/sandbox.md "Maintenance and the UK": the availability module's switches, turned by a tool as an operator
 * would turn them (through the module's face, so the switch is the one the desk turns). GET /sandbox/service-modes
 * is the page; its POST takes the page's form (303 back to it) or JSON (200 with every mode). Sandbox tools:
 * never registered in production.
 */
export function registerSandboxServiceModeRoutes(app: FastifyInstance, availability: AvailabilityFace): void {
  void app.register(async (scope) => {
    // The page's forms post urlencoded: parsed here, and only here.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get('/sandbox/service-modes', {
      schema: {
        tags: ['sandbox'],
        summary: "Each sign-in mode's maintenance switch and UK opening: a page, or JSON with ?format=json",
        querystring: z.object({ format: z.enum(['json']).optional(), changed: z.string().max(200).optional() }),
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const modes = await availability.serviceModes();
        if (request.query.format === 'json') return reply.header('cache-control', 'no-store').send({ modes });
        return html(reply, 200, renderServiceModesPage({ modes, ...(request.query.changed ? { changed: request.query.changed } : {}) }));
      },
    });

    routes.post('/sandbox/service-modes', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary:
          'Turns a mode\'s maintenance or UK opening: {"mode", "maintenance"?, "ukOpen"?} as JSON (200, every mode) or the page\'s form (303 back); 400 with the reason otherwise',
        // A 400 is this page's HTML for a form, `{ message }` for JSON, or the error envelope of a body Fastify could
        // not read: a narrower 400 schema would turn the others into 500s.
        response: { 200: z.object({ modes: z.array(stateJson) }), 400: z.unknown() },
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
        const parsed = switchSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const message = parsed.error.issues.map((issue) => issue.message).join('; ');
          if (fromForm) return html(reply, 400, renderServiceModesPage({ modes: await availability.serviceModes(), errors: [message] }));
          return reply.status(400).header('cache-control', 'no-store').send({ message });
        }
        const { mode, maintenance, ukOpen } = parsed.data;
        let state: ServiceModeState | undefined;
        if (maintenance !== undefined) state = await availability.setMaintenance(mode, maintenance, SANDBOX_SWITCHER);
        if (ukOpen !== undefined) state = await availability.setUkOpen(mode, ukOpen, SANDBOX_SWITCHER);
        if (fromForm)
          return reply.redirect(`/sandbox/service-modes?${new URLSearchParams({ changed: describe(state!, parsed.data) })}`, 303);
        return reply
          .status(200)
          .header('cache-control', 'no-store')
          .send({ modes: await availability.serviceModes() });
      },
    });
  });
}
