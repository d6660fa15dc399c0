import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChainRefusedError,
  type IncomingTransfer,
  SANDBOX_SENDERS,
  type SandboxChain,
  sandboxChainNotice,
} from '../../providers/chain/index.ts';
import { type ChainFormValues, renderChainPage } from './chain.page.ts';

/** How many arrivals the page lists. */
const RECENT_ON_PAGE = 30;
/** The largest form or JSON body these routes read: every field is bounded well below it. */
const BODY_LIMIT_BYTES = 4096;

const COIN = /^[A-Z0-9]{2,10}\/[A-Z0-9]{2,16}$/;
const sendSchema = z.object({
  asset: z.string().trim().min(2).max(10),
  network: z.string().trim().min(2).max(16),
  address: z.string().trim().min(1, 'Enter the address to send to').max(128, 'The address is at most 128 characters'),
  memo: z.string().trim().max(10, 'The destination tag is at most 10 digits').nullish(),
  amount: z.string().trim().min(1, 'Enter the amount').max(40, 'The amount is at most 40 characters'),
  fromAddress: z.string().trim().max(128, 'The from address is at most 128 characters').nullish(),
});
type SendBody = z.infer<typeof sendSchema>;

const pageQuerySchema = z.object({
  asset: z.string().max(10).optional(),
  network: z.string().max(16).optional(),
  address: z.string().max(128).optional(),
  memo: z.string().max(10).optional(),
  amount: z.string().max(40).optional(),
  from: z.string().max(128).optional(),
  sent: z.string().max(40).optional(),
});

const incomingSchema = z.object({
  transferId: z.string(),
  asset: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  amount: z.string(),
  fromAddress: z.string().nullable(),
  txHash: z.string(),
  confirmations: z.number(),
  status: z.enum(['PENDING', 'CONFIRMED', 'FAILED']),
  seenAt: z.string(),
});
const jsonOf = (transfer: IncomingTransfer) => ({ ...transfer, seenAt: transfer.seenAt.toISOString() });

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** The network's clean sender stands for "no sender": the page prefills one, and the person may switch networks. */
const senderOf = (fromAddress: string | null | undefined) =>
  fromAddress && !Object.values(SANDBOX_SENDERS).includes(fromAddress) ? fromAddress : null;

/**
 * docs/sandbox.md "Chain": the sandbox chain's own page and call, which make crypto arrive at an
 * address as someone's wallet would. GET /sandbox/chain is the form and the latest arrivals (a link
 * may prefill it: ?asset=&network=&address=&memo=&amount=); its POST sends and answers 303 back to
 * it; POST /sandbox/chain/send is the same for tests and scripts (JSON in, 201 and the transfer out,
 * 422 with the chain's refusal). Sandbox tools: never registered in production.
 */
export function registerSandboxChainRoutes(app: FastifyInstance, chain: SandboxChain): void {
  void app.register(async (scope) => {
    // The form posts urlencoded: parsed here, and only here, within the same bound as JSON.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get('/sandbox/chain', {
      schema: {
        tags: ['sandbox'],
        summary: "The sandbox chain's page: send crypto to an address, see the latest arrivals",
        querystring: pageQuerySchema,
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const { asset, network, address, memo, amount, from, sent } = request.query;
        const coin = asset && network && COIN.test(`${asset}/${network}`) ? `${asset}/${network}` : 'BTC/BTC';
        const values: ChainFormValues = {
          coin,
          address: address ?? '',
          memo: memo ?? '',
          amount: amount ?? '',
          fromAddress: from ?? SANDBOX_SENDERS[coin.split('/')[1]!] ?? '',
        };
        return html(
          reply,
          200,
          renderChainPage({ values, errors: [], recent: await chain.recentIncoming(RECENT_ON_PAGE), ...(sent ? { sentId: sent } : {}) }),
        );
      },
    });

    routes.post('/sandbox/chain', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: { tags: ['sandbox'], summary: 'Send on the sandbox chain from its page (form post, answers 303)' },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
          string,
          string | undefined
        >;
        const coin = fields.coin && COIN.test(fields.coin) ? fields.coin : '';
        const [asset = '', network = ''] = coin.split('/');
        const values: ChainFormValues = {
          coin,
          address: fields.address?.slice(0, 128) ?? '',
          memo: fields.memo?.slice(0, 10) ?? '',
          amount: fields.amount?.slice(0, 40) ?? '',
          fromAddress: fields.fromAddress?.slice(0, 128) ?? '',
        };
        const parsed = sendSchema.safeParse({ ...fields, asset, network });
        const errors = parsed.success
          ? []
          : parsed.error.issues.map((issue) =>
              issue.path[0] === 'asset' || issue.path[0] === 'network' ? 'Choose the asset and network' : issue.message,
            );
        if (parsed.success) {
          try {
            const transfer = await send(app, chain, { ...parsed.data, fromAddress: senderOf(parsed.data.fromAddress) });
            const back = new URLSearchParams({
              asset,
              network,
              address: transfer.address,
              ...(transfer.memo ? { memo: transfer.memo } : {}),
              sent: transfer.transferId,
            });
            return reply.redirect(`/sandbox/chain?${back}`, 303);
          } catch (error) {
            if (!(error instanceof ChainRefusedError)) throw error;
            errors.push(error.message);
          }
        }
        return html(
          reply,
          400,
          renderChainPage({ values, errors: [...new Set(errors)], recent: await chain.recentIncoming(RECENT_ON_PAGE) }),
        );
      },
    });

    routes.post('/sandbox/chain/send', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary: 'Send on the sandbox chain (JSON): the transfer arrives at once and confirms on the clock; 422 names a refusal',
        body: sendSchema,
        response: {
          201: z.object({ transfer: incomingSchema }),
          422: z.object({ reason: z.string(), detail: z.string().optional(), message: z.string() }),
        },
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        try {
          return reply.status(201).send({ transfer: jsonOf(await send(app, chain, request.body)) });
        } catch (error) {
          if (!(error instanceof ChainRefusedError)) throw error;
          return reply
            .status(422)
            .send({ reason: error.reason, ...(error.detail ? { detail: error.detail } : {}), message: error.message });
        }
      },
    });
  });
}

/**
 * Makes the crypto arrive, then tells the server as the vendor would: a signed webhook to our own
 * intake (`/webhooks/sandbox-chain`), so an order waiting at that address looks at once. Best effort,
 * like a real vendor's delivery: the order's own poll finds the transfer anyway.
 */
async function send(app: FastifyInstance, chain: SandboxChain, body: SendBody): Promise<IncomingTransfer> {
  const transfer = await chain.simulateIncoming({
    asset: body.asset,
    network: body.network,
    address: body.address,
    memo: body.memo || null,
    amount: body.amount,
    fromAddress: body.fromAddress || null,
  });
  const notice = sandboxChainNotice(transfer);
  const delivered = await app.inject({ method: 'POST', url: '/webhooks/sandbox-chain', headers: notice.headers, payload: notice.rawBody });
  if (delivered.statusCode !== 200) app.log.warn({ status: delivered.statusCode }, 'sandbox chain: the webhook was not taken');
  return transfer;
}
