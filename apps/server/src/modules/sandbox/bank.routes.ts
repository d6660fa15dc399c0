import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BankRefusedError,
  type IncomingCredit,
  SandboxBankInputError,
  type SandboxBank,
  type SimulateCreditInput,
  sandboxBankNotice,
} from '../../providers/bank/index.ts';
import { type BankFormValues, EMPTY_BANK_FORM, renderBankPage } from './bank.page.ts';

/** How many credits and payments the page lists. */
const RECENT_ON_PAGE = 30;
/** The largest form or JSON body these routes read: every field is bounded well below it. */
const BODY_LIMIT_BYTES = 4096;

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const creditSchema = z.object({
  accountId: optionalText(40),
  iban: optionalText(42),
  sortCode: optionalText(8),
  accountNumber: optionalText(8),
  currency: z.enum(['EUR', 'GBP'], { message: 'The currency is EUR or GBP' }),
  amount: z.string().trim().min(1, 'Enter the amount').max(16, 'The amount is at most 16 characters'),
  reference: z.string().max(140, 'The reference is at most 140 characters').default(''),
  payerName: z.string().trim().min(1, "Enter the payer's name").max(140, "The payer's name is at most 140 characters"),
  payerAccount: optionalText(64),
});
/** docs/sandbox.md: the short form of a transfer, as the sandbox promises it: a reference, an amount, a currency. */
const incomingSchema = z.object({
  reference: z.string().trim().min(1, 'Enter the reference').max(140, 'The reference is at most 140 characters'),
  amount: creditSchema.shape.amount,
  currency: creditSchema.shape.currency,
  payerName: creditSchema.shape.payerName.optional(),
});
/** The payer of an `incoming` transfer whose reference names nobody: it lands in suspense, as it would for real. */
const UNKNOWN_PAYER = 'Unknown Payer';
const returnSchema = z.object({
  creditId: z.string().trim().min(1, 'Enter the credit id').max(40, 'A credit id is at most 40 characters'),
});

const pageQuerySchema = z.object({
  iban: z.string().max(42).optional(),
  sortCode: z.string().max(8).optional(),
  accountNumber: z.string().max(8).optional(),
  currency: z.enum(['EUR', 'GBP']).optional(),
  amount: z.string().max(16).optional(),
  reference: z.string().max(140).optional(),
  arrived: z.string().max(40).optional(),
  returned: z.string().max(40).optional(),
});

const creditJson = z.object({
  creditId: z.string(),
  accountId: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  reference: z.string(),
  payerName: z.string(),
  payerAccount: z.string().nullable(),
  status: z.enum(['RECEIVED', 'RETURNED']),
  receivedAt: z.string(),
});
const refusalJson = z.object({ reason: z.string(), field: z.string().optional(), message: z.string() });
const jsonOf = (credit: IncomingCredit) => ({ ...credit, receivedAt: credit.receivedAt.toISOString() });

/** The sandbox bank's refusals and input errors, as the call and the page show them; anything else is not ours to explain. */
function refusalOf(error: unknown): z.infer<typeof refusalJson> {
  if (error instanceof SandboxBankInputError) return { reason: 'INVALID_INPUT', field: error.field, message: error.message };
  if (error instanceof BankRefusedError) return { reason: error.reason, message: error.message };
  throw error;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/**
 * docs/sandbox.md "Bank": the sandbox bank's own page and calls, which make a transfer arrive on an
 * account as someone's bank would, or send one back. GET /sandbox/bank is the page (a link may
 * prefill it: ?iban=&sortCode=&accountNumber=&currency=&amount=&reference=); its POST does what its
 * form's `action` says and answers 303 back to it; POST /sandbox/bank/credit and /sandbox/bank/return
 * are the same for tests and scripts (JSON in, the credit out, 422 naming what is wrong). Sandbox
 * tools: never registered in production.
 */
export function registerSandboxBankRoutes(
  app: FastifyInstance,
  deps: {
    bank: SandboxBank;
    settleMs: number;
    /** Who a reference names, by their verified name (the banking module's): the payer of an `incoming` transfer. */
    payerNameFor: (reference: string) => Promise<string | null>;
  },
): void {
  const { bank } = deps;
  const page = async (
    reply: FastifyReply,
    status: number,
    values: BankFormValues,
    errors: string[],
    done?: { creditId: string; what: 'arrived' | 'returned' },
  ) =>
    html(
      reply,
      status,
      renderBankPage({
        values,
        errors,
        credits: await bank.recentCredits(RECENT_ON_PAGE),
        payments: await bank.recentPayments(RECENT_ON_PAGE),
        settleMs: deps.settleMs,
        ...(done ? { done } : {}),
      }),
    );

  void app.register(async (scope) => {
    // The forms post urlencoded: parsed here, and only here, within the same bound as JSON.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get('/sandbox/bank', {
      schema: {
        tags: ['sandbox'],
        summary: "The sandbox bank's page: make a transfer arrive or return, see credits and payments",
        querystring: pageQuerySchema,
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const { arrived, returned, ...prefill } = request.query;
        const done = arrived
          ? { creditId: arrived, what: 'arrived' as const }
          : returned
            ? { creditId: returned, what: 'returned' as const }
            : undefined;
        // Only what the link set: an absent field keeps the form's default.
        const given = Object.fromEntries(Object.entries(prefill).filter(([, value]) => value !== undefined));
        return page(reply, 200, { ...EMPTY_BANK_FORM, ...given }, [], done);
      },
    });

    routes.post('/sandbox/bank', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary: "The sandbox bank's forms: a transfer arrives, or a credit is returned (form post, answers 303)",
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
          string,
          string | undefined
        >;
        const typed = (name: keyof BankFormValues) => (fields[name] ?? '').slice(0, 140);
        const values: BankFormValues = {
          iban: typed('iban'),
          sortCode: typed('sortCode'),
          accountNumber: typed('accountNumber'),
          currency: fields.currency === 'GBP' ? 'GBP' : 'EUR',
          amount: typed('amount'),
          reference: typed('reference'),
          payerName: typed('payerName'),
          payerAccount: typed('payerAccount'),
        };
        const errors: string[] = [];
        try {
          if (fields.action === 'return') {
            const parsed = returnSchema.safeParse(fields);
            if (parsed.success) {
              const credit = await returnCredit(app, bank, parsed.data.creditId);
              return reply.redirect(`/sandbox/bank?${new URLSearchParams({ returned: credit.creditId })}`, 303);
            }
            errors.push(...parsed.error.issues.map((issue) => issue.message));
          } else {
            const parsed = creditSchema.safeParse(fields);
            if (parsed.success) {
              const credit = await receiveCredit(app, bank, parsed.data);
              return reply.redirect(`/sandbox/bank?${new URLSearchParams({ arrived: credit.creditId })}`, 303);
            }
            errors.push(...parsed.error.issues.map((issue) => issue.message));
          }
        } catch (error) {
          errors.push(refusalOf(error).message);
        }
        return page(reply, 400, values, [...new Set(errors)]);
      },
    });

    routes.post('/sandbox/bank/credit', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary:
          'A transfer arrives at the sandbox bank (JSON): RECEIVED at once, the intake told by a signed webhook; 422 names what is wrong',
        body: creditSchema,
        response: { 201: z.object({ credit: creditJson }), 422: refusalJson },
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        try {
          return reply.status(201).send({ credit: jsonOf(await receiveCredit(app, bank, request.body)) });
        } catch (error) {
          return reply.status(422).send(refusalOf(error));
        }
      },
    });

    routes.post('/sandbox/bank/incoming', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary:
          'A transfer arrives at the collection account with only a reference (JSON), paid by the person the reference names (their verified name), unless payerName says otherwise',
        body: incomingSchema,
        response: { 201: z.object({ credit: creditJson }), 422: refusalJson },
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        const { payerName, ...transfer } = request.body;
        try {
          const payer = payerName ?? (await deps.payerNameFor(transfer.reference)) ?? UNKNOWN_PAYER;
          return reply.status(201).send({ credit: jsonOf(await receiveCredit(app, bank, { ...transfer, payerName: payer })) });
        } catch (error) {
          return reply.status(422).send(refusalOf(error));
        }
      },
    });

    routes.post('/sandbox/bank/return', {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sandbox'],
        summary: "The sender's bank recalls a credit (JSON): RETURNED from now on, the intake told; 422 for an unknown credit",
        body: returnSchema,
        response: { 200: z.object({ credit: creditJson }), 422: refusalJson },
      },
      config: { caller: 'sandbox' },
      handler: async (request, reply) => {
        try {
          return reply.status(200).send({ credit: jsonOf(await returnCredit(app, bank, request.body.creditId)) });
        } catch (error) {
          return reply.status(422).send(refusalOf(error));
        }
      },
    });
  });
}

/**
 * Tells the server as the vendor would: a signed webhook to our own intake (`/webhooks/sandbox-bank`),
 * so a waiting deposit looks at once. Best effort, like a real vendor's delivery: the poll
 * (listCredits, getCredit) finds the credit anyway.
 */
async function notify(app: FastifyInstance, credit: IncomingCredit): Promise<void> {
  const notice = sandboxBankNotice({ type: 'credit', creditId: credit.creditId }, `${credit.creditId}:${credit.status}`);
  const delivered = await app.inject({ method: 'POST', url: '/webhooks/sandbox-bank', headers: notice.headers, payload: notice.rawBody });
  if (delivered.statusCode !== 200) app.log.warn({ status: delivered.statusCode }, 'sandbox bank: the webhook was not taken');
}

async function receiveCredit(app: FastifyInstance, bank: SandboxBank, body: SimulateCreditInput): Promise<IncomingCredit> {
  const credit = await bank.simulateIncomingCredit(body);
  await notify(app, credit);
  return credit;
}

async function returnCredit(app: FastifyInstance, bank: SandboxBank, creditId: string): Promise<IncomingCredit> {
  const credit = await bank.returnCredit(creditId);
  await notify(app, credit);
  return credit;
}
