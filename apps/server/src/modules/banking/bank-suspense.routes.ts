import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorPassword } from '../../platform/operator-password.ts';
import { renderBankSuspensePage } from './bank-suspense.page.ts';
import type { BankingRepository } from './banking.repository.ts';

export const BANK_SUSPENSE_PATH = '/operator/bank-suspense';
/** The page lists at most this many (oldest first): more than that is a queue to work through, not to read at once. */
const LISTED = 200;

export interface SuspenseCredit {
  id: string;
  provider: string;
  creditId: string;
  currency: string;
  amount: string;
  reference: string;
  payerName: string;
  reason: string;
  userId: string | null;
  receivedAt: string;
  /** An operator marked it to return to the payer (suspense-actions.ts): it stays until the bank reports it returned. */
  toReturn: boolean;
}

/** The credits held in suspense as operators see them (this page, and the operator's desk), oldest first. */
export async function openSuspenseCredits(repository: BankingRepository): Promise<SuspenseCredit[]> {
  return (await repository.openSuspense(LISTED)).map((row) => ({
    id: row.id,
    provider: row.provider,
    creditId: row.creditId,
    currency: row.currency,
    amount: new Decimal(row.amount).toFixed(2),
    reference: row.reference,
    payerName: row.payerName,
    reason: row.suspenseReason ?? 'UNKNOWN_PAYEE',
    userId: row.userId,
    receivedAt: row.receivedAt.toISOString(),
    toReturn: row.resolution === 'TO_RETURN',
  }));
}

/**
 * The operator's view of bank credits held in suspense (docs/rules/bank-transfers.md): read-only, behind
 * OPERATOR_PASSWORD (or on a sandbox install), like the orders awaiting an operator.
 */
export function registerBankSuspenseRoutes(
  app: FastifyInstance,
  deps: { repository: BankingRepository; operator: OperatorPassword },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(BANK_SUSPENSE_PATH, {
    schema: {
      tags: ['operator'],
      summary: 'Bank credits held in suspense (HTML, or JSON with format=json); HTTP Basic with OPERATOR_PASSWORD',
      querystring: z.object({ format: z.enum(['html', 'json']).default('html') }),
    },
    config: { caller: 'operator' },
    onRequest: deps.operator.guard('Causeway operator', 'This page needs the operator password (OPERATOR_PASSWORD).'),
    handler: async (request, reply) => {
      const credits = await openSuspenseCredits(deps.repository);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') return { credits };
      return reply.type('text/html; charset=utf-8').send(renderBankSuspensePage(credits));
    },
  });
}
