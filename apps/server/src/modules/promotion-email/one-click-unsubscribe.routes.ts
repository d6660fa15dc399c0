// RFC 8058 (one-click unsubscribe): https://www.rfc-editor.org/rfc/rfc8058 — the mail client POSTs
// `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded or multipart/form-data) to the HTTPS URI
// of List-Unsubscribe, without cookies or credentials; the sender must not answer that POST with a redirect.
import { ok, unsubscribeTokenSchema } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailLanguageOf } from '../../platform/request-language.ts';
import { ONE_CLICK_UNSUBSCRIBE_PATH, type PromotionEmailService } from './promotion-email.service.ts';

/**
 * The named fields of a multipart/form-data body, as text (the one-click POST has one short field).
 * Undefined when the content type names no boundary.
 */
export function multipartFields(body: string, contentType: string | undefined): Record<string, string> | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return undefined;
  const fields: Record<string, string> = {};
  // What stands before the first delimiter is a preamble, and `--boundary--` closes the body: neither holds fields.
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /\bname="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name !== undefined) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

const oneClickQuerySchema = z.object({ token: unsubscribeTokenSchema });

/**
 * The URI of a promotional email's List-Unsubscribe header. POST (the mail client's unsubscribe button):
 * the address off the list at once, no page. GET (a person or a scanner following the header): nothing
 * changes, it leads to the unsubscribe screen, which asks to confirm.
 */
export function registerOneClickUnsubscribeRoutes(app: FastifyInstance, service: PromotionEmailService): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (request, body, done) =>
      done(null, multipartFields(String(body), request.headers['content-type'])),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(ONE_CLICK_UNSUBSCRIBE_PATH, {
      schema: {
        tags: ['promotion-email'],
        summary:
          "RFC 8058 one-click unsubscribe: a mail client's POST of List-Unsubscribe=One-Click to the List-Unsubscribe URI; the token in its query names the address and list",
        querystring: oneClickQuerySchema,
        body: z.object({ 'List-Unsubscribe': z.literal('One-Click') }),
      },
      // Whoever holds the emailed link: its token is the credential, checked (and a forged one counted) by the service.
      config: { caller: 'ticket' },
      handler: async (request) => ok(await service.unsubscribeByLink(request.query.token, request.ipKey, 'one-click')),
    });

    routes.get(ONE_CLICK_UNSUBSCRIBE_PATH, {
      schema: {
        tags: ['promotion-email'],
        summary: 'The List-Unsubscribe URI opened as a link: changes nothing, 303 to the unsubscribe screen (which asks to confirm)',
        querystring: oneClickQuerySchema,
      },
      config: { caller: 'ticket' },
      handler: async (request, reply) =>
        // The token goes in the fragment: the page reads it, no server or Referer sees it again.
        reply.header('cache-control', 'no-store').redirect(`/${emailLanguageOf(request)}/unsubscribe#${request.query.token}`, 303),
    });
  });
}
