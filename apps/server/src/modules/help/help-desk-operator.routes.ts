import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorPassword } from '../../platform/operator-password.ts';
import type { BuiltinDeskRepository } from '../../providers/help-desk/builtin-desk.repository.ts';
import { safeDownloadName } from '../../providers/storage/storage.ts';
import { renderHelpDeskPage } from './help-desk.page.ts';

export interface HelpDeskOperatorDeps {
  repository: BuiltinDeskRepository;
  /**
   * HELP_DESK_OPERATOR_PASSWORD, else OPERATOR_PASSWORD (register.ts), with its brute-force limit
   * (platform/operator-password.ts). Without either: open (sandbox installs only).
   */
  operator: OperatorPassword;
}

/**
 * The built-in desk's operator page (issue 6): the newest requests with their attachments.
 * Attachments are served as downloads, never rendered (docs/trust.md: attachment + nosniff).
 */
export function registerHelpDeskOperatorRoutes(app: FastifyInstance, deps: HelpDeskOperatorDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const passwordGuard = deps.operator.guard('Causeway help desk', 'The help desk needs the operator password.');

  routes.get('/sandbox/help-desk', {
    schema: {
      tags: ['sandbox'],
      summary: 'Requests sent to the built-in help desk (HTML, or JSON with format=json)',
      querystring: z.object({ format: z.enum(['html', 'json']).default('html') }),
    },
    config: { caller: 'operator' },
    onRequest: passwordGuard,
    handler: async (request, reply) => {
      const requests = await deps.repository.latestRequests(100);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') {
        return {
          requests: requests.map(({ attachments, createdAt, ...r }) => ({
            ...r,
            createdAt: createdAt.toISOString(),
            attachments: attachments.map(({ token, fileName, size, contentType }) => ({ token, fileName, size, contentType })),
          })),
        };
      }
      return reply.type('text/html; charset=utf-8').send(renderHelpDeskPage(requests));
    },
  });

  routes.get('/sandbox/help-desk/requests/:requestId/attachments/:token', {
    schema: {
      tags: ['sandbox'],
      summary: 'Download one attachment of a request',
      params: z.object({ requestId: z.coerce.number().int().positive().max(2_147_483_647), token: z.string().regex(/^[\w-]{1,64}$/) }),
    },
    config: { caller: 'operator' },
    onRequest: passwordGuard,
    handler: async (request, reply) => {
      const file = await deps.repository.attachment(request.params.requestId, request.params.token);
      if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('No such attachment.');
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${safeDownloadName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'no-store')
        .type('application/octet-stream')
        .send(file.bytes);
    },
  });
}
