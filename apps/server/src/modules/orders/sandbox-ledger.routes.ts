import type { FastifyInstance } from 'fastify';
import type { OrdersModule } from './orders.module.ts';

/**
 * GET /sandbox/ledger (sandbox installs only): the trial balance per currency, the orders by
 * status, and the payouts awaiting an operator, so a person trying the demo, or the crash test,
 * can see the books balance.
 */
export function registerSandboxLedgerRoutes(app: FastifyInstance, orders: OrdersModule): void {
  app.get('/sandbox/ledger', { config: { caller: 'sandbox' } }, async () => {
    const totals = await orders.ledger.trialBalance();
    const trialBalance = Object.fromEntries([...totals].map(([currency, total]) => [currency, total.toFixed()]));
    return {
      balanced: [...totals.values()].every((total) => total.isZero()),
      trialBalance,
      ordersByStatus: await orders.repository.countByStatus(),
      openOrders: (await orders.repository.openOrders()).length,
      // Payouts of unknown outcome past PAYOUT_CONFIRM_DEADLINE_MS: their crypto is still on payout-reserved.
      awaitingOperator: (await orders.repository.awaitingOperator()).map((order) => ({
        ...order,
        payoutStartedAt: order.payoutStartedAt?.toISOString() ?? null,
      })),
    };
  });
}
