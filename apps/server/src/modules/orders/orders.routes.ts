import { CALLS, ErrorCode, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { IdentityFace } from '../identity/index.ts';
import { ARRIVAL_BY_NETWORK } from '../quotes/index.ts';
import type { OrderService } from './order.service.ts';
import type { SellOrderService } from './sell-order.service.ts';
import type { MerchantTransactionService } from '../merchant/index.ts';
import type { QuoteService } from '../quotes/index.ts';
import { registerCall } from '../../platform/calls.ts';

/** Quotes and card orders (docs/rules/calls.md "Order and card"), and a merchant's transactions: who may make each call is its definition's caller kind. */
export function registerOrderRoutes(
  app: FastifyInstance,
  deps: {
    quotes: QuoteService;
    orders: OrderService;
    sells: SellOrderService;
    transactions: MerchantTransactionService;
    identity: IdentityFace;
  },
): void {
  for (const call of [CALLS.getQuote, CALLS.getQuoteV2]) {
    registerCall(app, call, async (request) => ok(await deps.quotes.quote(request.auth!.user, request.body)));
  }

  registerCall(app, CALLS.updateQuote, async (request) =>
    ok(await deps.quotes.refresh(request.auth!.user, request.body.orderId, request.body.quoteId)),
  );

  registerCall(app, CALLS.getPromotion, async (request) => ok(await deps.quotes.promotion(request.auth!.user.id)));

  registerCall(app, CALLS.getEstimatedArrivalTime, async (request) => {
    const arrival = ARRIVAL_BY_NETWORK[request.body.network];
    if (!arrival) throw new AppError(ErrorCode.TradingPairUnsupported);
    return ok(arrival);
  });

  registerCall(
    app,
    CALLS.submitBuy,
    // The requester's address counts an authenticator code's check in the per-IP limit all such checks share.
    async (request) => ok(await deps.orders.submitBuy(request.auth!.user, request.body, deps.identity.requesterOf(request))),
  );

  registerCall(app, CALLS.submitSell, async (request) =>
    ok(await deps.sells.submitSell(request.auth!.user, request.body, deps.identity.requesterOf(request))),
  );

  registerCall(app, CALLS.submitAuthToken, async (request) => ok(await deps.orders.submitAuthToken(request.auth!.user, request.body)));

  registerCall(app, CALLS.getOrderDetail, async (request) => ok(await deps.orders.detail(request.auth!.user, request.body.orderId)));

  registerCall(app, CALLS.get3dsStatus, async (request) => ok(await deps.orders.threeDsStatus(request.auth!.user, request.body.orderId)));

  registerCall(app, CALLS.merchantTransactionCreate, async (request) => ok(await deps.transactions.create(request.body, request.ipKey)));

  registerCall(app, CALLS.getTransInfo, async (request) => ok(await deps.transactions.publicInfo(request.query.tranId)));

  registerCall(app, CALLS.queryOrderByTranId, async (request) =>
    ok(await deps.transactions.infoFor(request.auth!.user, request.query.tranId)),
  );

  registerCall(app, CALLS.listOrder, async (request) => ok(await deps.orders.list(request.auth!.user, request.body)));
}
