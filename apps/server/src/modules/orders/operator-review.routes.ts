import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorPassword } from '../../platform/operator-password.ts';
import { renderOperatorReviewPage } from './operator-review.page.ts';
import type { AwaitingReview, OrdersRepository } from './orders.repository.ts';

export const OPERATOR_REVIEW_PATH = '/operator/orders-awaiting-review';

/** One order as the operator page shows it: decimal strings without the column's trailing zeros, ISO times. */
export type OperatorReviewOrder = Omit<AwaitingReview, 'since' | 'payoutStartedAt'> & {
  since: string | null;
  payoutStartedAt: string | null;
};

/** An order awaiting an operator as operators see it (this page, and the operator's desk). */
export const shownOf = (order: AwaitingReview): OperatorReviewOrder => ({
  ...order,
  fiatAmount: new Decimal(order.fiatAmount).toFixed(2),
  cryptoAmount: new Decimal(order.cryptoAmount).toFixed(),
  since: order.since?.toISOString() ?? null,
  payoutStartedAt: order.payoutStartedAt?.toISOString() ?? null,
});

/**
 * The operator's view of orders awaiting an operator (issue 13): payouts of unknown outcome past
 * PAYOUT_CONFIRM_DEADLINE_MS, and ended orders whose payment the reconcile found captured. Exists
 * in production behind OPERATOR_PASSWORD (register.ts registers it only with one, or on a sandbox
 * install). Read-only: nothing here changes an order, so a forged cross-site request gains nothing.
 */
export function registerOperatorReviewRoutes(app: FastifyInstance, deps: { orders: OrdersRepository; operator: OperatorPassword }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(OPERATOR_REVIEW_PATH, {
    schema: {
      tags: ['operator'],
      summary: 'Orders awaiting an operator (HTML, or JSON with format=json); HTTP Basic with OPERATOR_PASSWORD',
      querystring: z.object({ format: z.enum(['html', 'json']).default('html') }),
    },
    config: { caller: 'operator' },
    onRequest: deps.operator.guard('Causeway operator', 'This page needs the operator password (OPERATOR_PASSWORD).'),
    handler: async (request, reply) => {
      const orders = (await deps.orders.awaitingReview()).map(shownOf);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') return { orders };
      return reply.type('text/html; charset=utf-8').send(renderOperatorReviewPage(orders));
    },
  });
}
