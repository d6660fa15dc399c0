import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { CardRefusedError, type SandboxCardProcessor } from '../../providers/card-processor/index.ts';
import { cardFieldsLanguageOf, renderCardFields } from './card-fields.page.ts';
import { CARD_FIELDS_SCRIPT } from './card-fields.script.ts';

/** Tokenisations per IP per window: a person retrying a mistyped card never meets it; a card-testing script does. */
export const CARD_FIELDS_TOKENS_PER_IP = 20;
export const CARD_FIELDS_WINDOW_MS = 10 * 60 * 1000;

/** What the fields send to the processor: the card as typed (digits only), never kept as such. */
const tokenRequestSchema = z.object({
  number: z.string().regex(/^\d{12,19}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2100),
  cvv: z.string().regex(/^\d{3,4}$/),
});

const tokenSchema = z.object({
  token: z.string(),
  expiresOn: z.string(),
  scheme: z.enum(['VISA', 'MASTER']),
  bin: z.string(),
  last4: z.string(),
  expiryMonth: z.number(),
  expiryYear: z.number(),
});

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The sandbox processor's card fields (docs/sandbox.md "Cards"; the stand-in for Checkout.com Flow's
 * card component): GET /sandbox/card-fields (?lang=en|zh&theme=light|dark) is the page the web app frames,
 * GET /sandbox/card-fields.js its script, POST /sandbox/card-fields/tokens the processor's
 * tokenisation (as Checkout.com's POST /tokens): the card in, a single-use token out. These are
 * the processor's, not our API's: the number and CVV stop here, and only the token goes on to
 * card/add-card. The tokens endpoint is limited per IP and takes at most 1 kB.
 */
export function registerSandboxCardFieldsRoutes(
  app: FastifyInstance,
  deps: { processor: SandboxCardProcessor; rateLimiter: RateLimiter; clock: Clock },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/sandbox/card-fields', {
    schema: {
      tags: ['sandbox'],
      summary: "The sandbox processor's card fields (the page the add-card form frames)",
      querystring: z.object({ lang: z.string().max(16).optional(), theme: z.string().max(8).optional() }),
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) =>
      noStore(reply)
        .type('text/html; charset=utf-8')
        .send(renderCardFields({ language: cardFieldsLanguageOf(request.query.lang), dark: request.query.theme === 'dark' })),
  });

  routes.get('/sandbox/card-fields.js', {
    schema: { tags: ['sandbox'], summary: 'The script of the sandbox card fields' },
    config: { caller: 'sandbox' },
    handler: async (_request, reply) => noStore(reply).type('text/javascript; charset=utf-8').send(CARD_FIELDS_SCRIPT),
  });

  routes.post('/sandbox/card-fields/tokens', {
    bodyLimit: 1024,
    config: { caller: 'sandbox' },
    schema: {
      tags: ['sandbox'],
      summary: 'Tokenise a card typed into the sandbox card fields (single use, 15 minutes); 422 names the refusal',
      body: tokenRequestSchema,
      response: {
        201: tokenSchema,
        422: z.object({ reason: z.string() }),
        429: z.object({ reason: z.string(), retryAfterSeconds: z.number() }),
      },
    },
    handler: async (request, reply) => {
      noStore(reply);
      const verdict = await deps.rateLimiter.hit(
        `sandbox-card-fields:${request.ipKey}`,
        CARD_FIELDS_TOKENS_PER_IP,
        CARD_FIELDS_WINDOW_MS,
        deps.clock.now(),
      );
      if (!verdict.allowed) {
        const retryAfterSeconds = Math.ceil(verdict.retryAfterMs / 1000);
        return reply.status(429).header('retry-after', String(retryAfterSeconds)).send({ reason: 'TOO_MANY_ATTEMPTS', retryAfterSeconds });
      }
      try {
        return reply.status(201).send(await deps.processor.tokenize(request.body));
      } catch (error) {
        if (error instanceof CardRefusedError) return reply.status(422).send({ reason: error.reason });
        throw error;
      }
    },
  });
}
