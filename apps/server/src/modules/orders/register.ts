import { CALLS } from '@causeway/contracts';
import { defineModule } from '../../platform/server-module.ts';
import { registerOperatorReviewRoutes, shownOf } from './operator-review.routes.ts';
import { addCardWebhookReceiver } from './card-webhook.ts';
import { addChainWebhookReceiver } from './chain-webhook.ts';
import { registerSandboxDisputeEvidenceRoute } from './disputes/sandbox-dispute-evidence.routes.ts';
import { registerHistoryExport } from './history-export.module.ts';
import { createOrdersModule } from './orders.module.ts';
import { registerOrderRoutes } from './orders.routes.ts';
import { registerSandboxLedgerRoutes } from './sandbox-ledger.routes.ts';
import type { OrdersFace } from './orders-face.ts';
import { createPayoutReview } from './payout-review.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    orders: OrdersFace;
  }
}

/** Quotes, card orders and their settlement (the flow runner), the history export, the operator's review and the sandbox ledger. */
export const ordersModule = defineModule('orders', (context) => {
  const { app, db, unitOfWork, queue, jobs, clock, config, providers, publicUrl, faces, production, onReady } = context;
  const processor = providers['card-processor'];
  const orders = createOrdersModule({
    db,
    unitOfWork,
    queue,
    worker: jobs,
    identity: faces.get('identity'),
    cards: faces.get('cards').savedCards,
    verificationOf: (userId) => faces.get('kyc').verificationOf(userId),
    riskCleared: faces.get('risk').clearedFor,
    prices: providers.prices.provider,
    processor: processor.provider,
    klarna: providers.klarna.provider,
    // The catalogue, the fee schedule and the tiers' limits: one cached copy per process, which an operator's change makes it forget.
    catalogue: faces.get('reference').catalogue,
    feeSchedule: faces.get('quotes').feeSchedule,
    limitTiers: () => faces.get('kyc').limits.tiers(),
    chain: providers.chain.provider,
    screening: providers['address-screening'].provider,
    mail: providers.mail.provider,
    clock,
    log: app.log,
    publicUrl,
    chainConfirmPollMs: Math.max(250, Math.min(config.SANDBOX_CHAIN_CONFIRM_MS, 10_000)),
    payoutConfirmDeadlineMs: config.PAYOUT_CONFIRM_DEADLINE_MS,
    merchants: faces.get('merchant'),
    travelRule: { enabled: config.GTR_ENABLED, vasps: config.TRAVEL_RULE_VASPS },
    banking: faces.get('banking'),
    // Enhanced due diligence (the edd module, registered after this one) recomputes a rating after a settled order.
    onOrderStatus: (userId, status) => faces.later('edd')().orderChanged(userId, status),
  });
  registerOrderRoutes(app, {
    quotes: orders.quotes,
    orders: orders.orders,
    sells: orders.sells,
    transactions: orders.merchantTransactions,
    identity: faces.get('identity'),
  });
  addChainWebhookReceiver({
    intake: context.webhooks,
    chain: providers.chain.provider,
    orders: orders.repository,
    sells: orders.sellSettlement,
  });
  addCardWebhookReceiver({
    intake: context.webhooks,
    processor: processor.provider,
    repository: orders.disputesRepository,
    disputes: orders.disputes,
    orders: orders.repository,
    queue,
    worker: jobs,
    transaction: unitOfWork.transaction,
    clock,
    log: app.log,
  });
  if (processor.selfHosted && !production) {
    registerSandboxLedgerRoutes(app, orders);
    registerSandboxDisputeEvidenceRoute(app, orders.disputes);
  }
  // Orders awaiting an operator (payouts past their deadline): in production too, since /sandbox/ledger is not there.
  if (context.sandboxTools || config.OPERATOR_PASSWORD)
    registerOperatorReviewRoutes(app, { orders: orders.repository, operator: context.operatorPassword });
  else if (production)
    app.log.warn('no operator page for orders awaiting an operator (payouts past their deadline): set OPERATOR_PASSWORD');
  app.decorate('orders', orders);
  // A payout waiting at PAYOUT_REVIEW, decided on the desk (docs/rules/operator-desk.md "Acting on what waits"):
  // here, in the module that owns the money; the desk registers before orders, so its face is there.
  const payoutReview = createPayoutReview({
    orders: orders.repository,
    settlement: orders.settlement,
    chain: providers.chain.provider,
    log: app.log,
  });
  const desk = faces.get('desk');
  desk.registerCall(CALLS.deskPayoutOutcome, { permission: 'orders:act', action: 'order.payout-outcome' }, (request, actor) => {
    const body = request.body;
    return payoutReview.decide(body, (work, custody) =>
      desk.act(
        actor,
        {
          permission: 'orders:act',
          action: 'order.payout-outcome',
          target: { type: 'order', id: body.orderId },
          details: {
            outcome: body.outcome,
            reason: body.reason,
            ...(body.outcome === 'delivered' ? { txHash: body.txHash } : {}),
            ...custody,
          },
          describe: (order) => ({ status: order.status, step: order.step }),
        },
        work,
      ),
    );
  });
  // Crypto owed back from a sell's deposit, and a flagged order closed (docs/rules/operator-desk.md "Acting on what waits").
  desk.registerCall(CALLS.deskDepositReturn, { permission: 'orders:act', action: 'order.deposit-return' }, (request, actor) => {
    const { transferId, address, memo, reason } = request.body;
    return orders.depositReturns
      .requestReturn({ transferId, address, memo }, (work) =>
        desk.act(
          actor,
          {
            permission: 'orders:act',
            action: 'order.deposit-return',
            target: { type: 'sell-deposit', id: transferId },
            details: { address, memo: memo ?? null, reason },
            // The work answers the transfer's row (deposit-returns.ts requestReturn).
            describe: (row) => {
              const started = row as { orderId: string; returnAttempts: number };
              return { orderId: started.orderId, attempt: started.returnAttempts };
            },
          },
          work,
        ),
      )
      .then(({ transferId: id, orderId, asset, network, amount }) => ({ transferId: id, orderId, asset, network, amount }));
  });
  desk.registerCall(CALLS.deskCloseFlag, { permission: 'orders:act', action: 'order.close-flag' }, (request, actor) =>
    orders.depositReturns.closeFlag(request.body, (work) =>
      desk.act(
        actor,
        {
          permission: 'orders:act',
          action: 'order.close-flag',
          target: { type: 'order', id: request.body.orderId },
          details: { reason: request.body.reason },
        },
        work,
      ),
    ),
  );
  onReady(() => orders.scheduleHousekeeping());
  // The history export (docs/rules/limits.md): its file made by a job, kept in storage for 7 days.
  const historyExport = registerHistoryExport({
    app,
    db,
    transaction: unitOfWork.transaction,
    queue,
    worker: jobs,
    storage: providers.storage.provider,
    mail: providers.mail.provider,
    people: faces.get('identity').people,
    rateLimiter: context.rateLimiter,
    clock,
    serverSecret: context.serverSecret,
    publicUrl,
  });
  onReady(() => historyExport.scheduleHousekeeping());
  return {
    spentInPeriods: orders.spentInPeriods,
    settledVolumeSince: (userId, since) => orders.repository.settledVolumeSince(userId, since),
    amountRange: (userId, pair) => orders.quotes.amountRange(userId, pair),
    bankBuys: orders.bankBuys,
    operatorView: {
      awaitingReview: async () => (await orders.repository.awaitingReview()).map(shownOf),
      depositsOwed: async () =>
        (await orders.depositReturns.owedList()).map(({ row, owed }) => ({
          transferId: row.transferId,
          orderId: row.orderId,
          outcome: row.outcome,
          asset: row.asset,
          network: row.network,
          owed,
          txHash: row.txHash,
          seenAt: row.seenAt.toISOString(),
          returning: row.returnRequestedAt
            ? {
                address: row.returnAddress ?? '',
                memo: row.returnMemo,
                requestedAt: row.returnRequestedAt.toISOString(),
                txHash: row.returnTxHash,
              }
            : null,
          lastFailure: row.returnFailure,
        })),
      summaryOf: (userId) => orders.repository.summaryOf(userId),
    },
    decidePayout: payoutReview.decide,
  };
});
