import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE, PATHS } from '@causeway/contracts';
import { entryUrl, signEntry, type EntryParams } from '@causeway/sdk/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MERCHANT } from '../merchant/index.ts';
import { CHECKOUT_MODES, renderSandboxMerchantPage } from './sandbox-merchant.page.ts';
import { SANDBOX_MERCHANT_SCRIPT } from './sandbox-merchant.script.ts';

/**
 * The demo merchant's published key and secret (docs/sandbox.md), which the page's server signs with.
 * A copy: the sandbox module may import only the merchant module's face, which does not export them;
 * the page's test holds it to modules/merchant/demo-merchant.ts.
 */
const DEMO_SHOP_KEYS = { apiKey: DEMO_MERCHANT.apiKey, secret: DEMO_MERCHANT.secret } as const;

/** What the demo shop buys with an amount: BTC on its own network, for EUR (docs/sandbox.md). */
const DEMO_PURCHASE = { tranType: 'buy', fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC' } as const;
/** The entry's JSON body is a few short fields. */
const BODY_LIMIT_BYTES = 2048;
/** A built SDK file: a name, no directory, ending in .js (Vite's chunks are `<name>-<hash>.js`). */
const SDK_FILE_NAME = /^[\w-]+\.js$/;

/** '' (an empty field of the form) is no value. */
const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const entrySchema = z.object({
  merchantUserId: z
    .string({ message: 'Enter the customer id' })
    .trim()
    .min(1, 'Enter the customer id')
    .max(64, 'The customer id is at most 64 characters'),
  email: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .trim()
      .max(254, 'The email is at most 254 characters')
      .pipe(z.email({ message: 'The email is not an email address' }))
      .optional(),
  ),
  // EUR with at most two decimals, more than zero; kept a string (money is never a JS number).
  amount: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'The amount is a number of EUR such as 50 or 49.90')
      .refine((amount) => /[1-9]/.test(amount), 'The amount is more than 0')
      .optional(),
  ),
  mode: z.enum(CHECKOUT_MODES, { message: 'The mode is overlay, embedded or redirect' }),
});

const pageQuerySchema = z.object({
  returned: z.string().max(8).optional(),
  orderId: z.string().max(64).optional(),
  status: z.string().max(32).optional(),
});

/**
 * The page's origin, signed as hostOrigin: PUBLIC_URL's, which the demo merchant allows (modules/merchant/
 * demo-allowed-origin.ts). Without PUBLIC_URL, the origin the page was asked at (its Host header): allowed
 * when it is this port's localhost or 127.0.0.1; elsewhere the link opens, but the checkout keeps neither the
 * events' target nor the way back, and the page says so.
 */
export const sandboxMerchantPageOrigin = (publicUrl: string, request: FastifyRequest): string =>
  publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;

/** An answer's JSON, or {} when it is none (the refusal then names the status). */
function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return {};
  }
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * docs/sandbox.md "The sandbox merchant page": the demo merchant's website, and the merchant's server
 * behind it, played by the sandbox. GET /sandbox/merchant is the page, /sandbox/merchant/page.js its
 * script, /sandbox/merchant/sdk/<file>.js the SDK's built browser bundle (packages/sdk/dist, read from
 * disk at each request, so a build after start is served), and POST /sandbox/merchant/entry signs a
 * checkout link with the demo merchant's secret, after creating a transaction through our own merchant
 * API when an amount is given. Sandbox tools: never registered in production.
 */
export function registerSandboxMerchantPageRoutes(
  app: FastifyInstance,
  deps: {
    /** PUBLIC_URL without its trailing slash, or '': the page's origin and where the checkout's pages are. */
    publicUrl: string;
    /** The origins the demo merchant allows for this server (merchant ownOrigins: PUBLIC_URL's, or the loopback ones of its port). */
    allowedOrigins: () => readonly string[];
    /** packages/sdk/dist. */
    sdkDist: string;
    clock: Clock;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sdkDist = path.resolve(deps.sdkDist);
  const sdkBuilt = async () => (await stat(path.join(sdkDist, 'index.js')).catch(() => null))?.isFile() ?? false;

  routes.get('/sandbox/merchant', {
    schema: {
      tags: ['sandbox'],
      summary: "The sandbox merchant page: a merchant's site on the SDK, with the checkout's events and the webhooks received",
      querystring: pageQuerySchema,
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      const { returned, orderId, status } = request.query;
      const page = renderSandboxMerchantPage({
        pageOrigin: sandboxMerchantPageOrigin(deps.publicUrl, request),
        originAllowed: deps.allowedOrigins().includes(sandboxMerchantPageOrigin(deps.publicUrl, request)),
        sdkBuilt: await sdkBuilt(),
        ...(returned ? { returned: { ...(orderId ? { orderId } : {}), ...(status ? { status } : {}) } } : {}),
      });
      return noStore(reply).type('text/html; charset=utf-8').send(page);
    },
  });

  routes.get('/sandbox/merchant/page.js', {
    schema: { tags: ['sandbox'], summary: 'The script of the sandbox merchant page (an ES module)' },
    config: { caller: 'sandbox' },
    handler: async (_request, reply) => noStore(reply).type('text/javascript; charset=utf-8').send(SANDBOX_MERCHANT_SCRIPT),
  });

  routes.get('/sandbox/merchant/sdk/:file', {
    schema: {
      tags: ['sandbox'],
      summary: "The SDK's built browser bundle (packages/sdk/dist), for the sandbox merchant page",
      params: z.object({ file: z.string().max(100) }),
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const name = request.params.file;
      // Only a .js file directly inside dist: the name has no separator, and resolving it must stay there.
      if (!SDK_FILE_NAME.test(name)) return notFound();
      const file = path.resolve(sdkDist, name);
      if (path.dirname(file) !== sdkDist) return notFound();
      const code = await readFile(file, 'utf8').catch(() => null);
      if (code === null) return notFound();
      return noStore(reply).type('text/javascript; charset=utf-8').send(code);
    },
  });

  routes.post('/sandbox/merchant/entry', {
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      tags: ['sandbox'],
      summary:
        "The sandbox merchant's server: a checkout link signed with the demo secret (and, with an amount, a transaction created first); 400 names what is wrong",
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      noStore(reply);
      const parsed = entrySchema.safeParse(request.body ?? {});
      if (!parsed.success) return reply.code(400).send({ errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] });
      const { merchantUserId, email, amount } = parsed.data;
      const now = deps.clock.now().getTime();

      let transaction: { tranId: string; orderToken: string } | undefined;
      if (amount !== undefined) {
        // As a merchant's server does: the transaction first, signed like an entry, through our own API.
        const tranId = `sandbox-${randomUUID()}`;
        const body = signEntry(
          { apiKey: DEMO_SHOP_KEYS.apiKey, tranId, ...DEMO_PURCHASE, fiatAmount: amount, merchantUserId },
          DEMO_SHOP_KEYS.secret,
          now,
        );
        const created = await app.inject({
          method: 'POST',
          url: `${API_BASE}${PATHS.merchantTransactionCreate}`,
          remoteAddress: request.ip,
          payload: body,
        });
        const answer = jsonOf(created.body) as { code?: string; msg?: string; data?: { orderToken?: string } };
        if (created.statusCode !== 200 || answer.code !== '000000' || !answer.data?.orderToken)
          return reply.code(502).send({
            errors: [`The merchant API refused the transaction: ${answer.code ?? created.statusCode} ${answer.msg ?? ''}`.trim()],
          });
        transaction = { tranId, orderToken: answer.data.orderToken };
      }

      const pageOrigin = sandboxMerchantPageOrigin(deps.publicUrl, request);
      const entry: EntryParams = {
        apiKey: DEMO_SHOP_KEYS.apiKey,
        merchantUserId,
        hostOrigin: pageOrigin,
        redirectUrl: `${pageOrigin}/sandbox/merchant?returned=1`,
        lng: 'en',
        ...(email ? { email } : {}),
        ...(transaction ? { tranId: transaction.tranId, orderToken: transaction.orderToken } : {}),
      };
      const url = entryUrl(deps.publicUrl || pageOrigin, 'login-v3', signEntry(entry, DEMO_SHOP_KEYS.secret, now));
      return reply.send({ url, ...(transaction ? { tranId: transaction.tranId } : {}) });
    },
  });
}
