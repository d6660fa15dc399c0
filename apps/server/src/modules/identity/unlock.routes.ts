import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { EmailLanguage } from './email-templates.ts';
import { renderUnlockPage, type UnlockPageState } from './unlock.page.ts';
import { UNLOCK_PATH, type UnlockService } from './unlock.service.ts';

/** Opening and using unlock links, per client address and hour (the tokens cannot be guessed; the page is still bounded). */
export const UNLOCK_PAGE_REQUESTS_PER_IP_PER_HOUR = 30;

const tokenSchema = z.string().regex(/^[\w-]{20,100}$/);
const fields = { token: z.string().max(200).default(''), lang: z.enum(['en', 'zh']).optional() };

/** The page an unlock email links to: GET shows a button, POST (a form) uses the link once. */
export function registerUnlockRoutes(app: FastifyInstance, deps: { unlock: UnlockService; rateLimiter: RateLimiter; clock: Clock }): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const page = (reply: FastifyReply, status: number, state: UnlockPageState, lang: EmailLanguage, token?: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(renderUnlockPage(state, lang, token));
    const withinLimit = async (ipKey: string) =>
      (await deps.rateLimiter.hit(`unlock-page:ip:${ipKey}`, UNLOCK_PAGE_REQUESTS_PER_IP_PER_HOUR, 60 * 60 * 1000, deps.clock.now()))
        .allowed;

    routes.get(UNLOCK_PATH, {
      schema: {
        tags: ['sign-in'],
        summary: "The unlock link's page: a button to lift the sign-in locks (HTML)",
        querystring: z.object(fields),
      },
      // Whoever holds the emailed link: its token is checked here.
      config: { caller: 'ticket' },
      handler: async (request, reply) => {
        const lang = request.query.lang ?? emailLanguageOf(request);
        if (!(await withinLimit(request.ipKey))) return page(reply, 429, 'busy', lang);
        const { token } = request.query;
        const open = tokenSchema.safeParse(token).success && (await deps.unlock.isOpen(token));
        return open ? page(reply, 200, 'offer', lang, token) : page(reply, 410, 'gone', lang);
      },
    });

    routes.post(UNLOCK_PATH, {
      schema: {
        tags: ['sign-in'],
        summary: 'Use an unlock link once: lifts the password and email-code locks (HTML form post)',
        body: z.object(fields),
      },
      config: { caller: 'ticket' },
      handler: async (request, reply) => {
        const lang = request.body.lang ?? emailLanguageOf(request);
        if (!(await withinLimit(request.ipKey))) return page(reply, 429, 'busy', lang);
        const { token } = request.body;
        const used = tokenSchema.safeParse(token).success && (await deps.unlock.use(token));
        return used ? page(reply, 200, 'done', lang) : page(reply, 410, 'gone', lang);
      },
    });
  });
}
