import {
  API_BASE, commonHeadersSchema, envelopeOf, estimatedArrivalRequestSchema, estimatedArrivalResultSchema, getQuoteRequestSchema, listOrderRequestSchema, listOrderResultSchema, ok,
  createMerchantTransactionSchema, orderDetailSchema, orderIdRequestSchema, orderInfoSchema, tranIdQuerySchema, PATHS, promotionResultSchema, quoteSchema, submitBuyRequestSchema, submitBuyResultSchema, threeDsStatusResultSchema, updateQuoteRequestSchema,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import type { IdentityModule } from '../identity/identity.module.ts';
import { ARRIVAL_BY_NETWORK } from './fee-schedule.ts';
import type { OrderService } from './order.service.ts';
import type { MerchantTransactionService } from './merchant-transactions.service.ts';
import type { QuoteService } from './quote.service.ts';

/** Quotes and card orders (spec §7 "Order and card"). Every call needs a session. */
export function registerOrderRoutes(app: FastifyInstance, deps: { quotes: QuoteService; orders: OrderService; transactions: MerchantTransactionService; identity: IdentityModule }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const headers = commonHeadersSchema;
  const preHandler = deps.identity.guard.requireSession;
  const tags = ['orders'];

  for (const path of [PATHS.getQuote, PATHS.getQuoteV2]) {
    routes.post(`${API_BASE}${path}`, {
      schema: { tags, summary: 'A firm quote for a card buy: price, itemised fees, limits, expiry', headers, body: getQuoteRequestSchema, response: { 200: envelopeOf(quoteSchema) } },
      preHandler,
      handler: async (request) => ok(await deps.quotes.quote(request.auth!.user, request.body)),
    });
  }

  routes.post(`${API_BASE}${PATHS.updateQuote}`, {
    schema: { tags, summary: "A fresh price for the order's current quote (same amounts)", headers, body: updateQuoteRequestSchema, response: { 200: envelopeOf(quoteSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.quotes.refresh(request.auth!.user, request.body.orderId, request.body.quoteId)),
  });

  routes.post(`${API_BASE}${PATHS.getPromotion}`, {
    schema: { tags, summary: 'The first-3-transactions fee discount and how much of it is left', headers, response: { 200: envelopeOf(promotionResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.quotes.promotion(request.auth!.user.id)),
  });

  routes.post(`${API_BASE}${PATHS.getEstimatedArrivalTime}`, {
    schema: { tags, summary: 'How long the crypto takes to reach the wallet on its network', headers, body: estimatedArrivalRequestSchema, response: { 200: envelopeOf(estimatedArrivalResultSchema) } },
    preHandler,
    handler: async (request) => {
      const arrival = ARRIVAL_BY_NETWORK[request.body.network];
      if (!arrival) throw new AppError('ODR00001002');
      return ok(arrival);
    },
  });

  routes.post(`${API_BASE}${PATHS.submitBuy}`, {
    schema: { tags, summary: 'Submit a card buy (idempotent by orderId): authorises at once, settles in the background', headers, body: submitBuyRequestSchema, response: { 200: envelopeOf(submitBuyResultSchema) } },
    preHandler,
    // The requester's address counts an authenticator code's check in the per-IP limit all such checks share.
    handler: async (request) => ok(await deps.orders.submitBuy(request.auth!.user, request.body, deps.identity.requesterOf(request))),
  });

  routes.post(`${API_BASE}${PATHS.getOrderDetail}`, {
    schema: { tags, summary: 'One order with its status, amounts, fees, card and payout', headers, body: orderIdRequestSchema, response: { 200: envelopeOf(orderDetailSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.orders.detail(request.auth!.user, request.body.orderId)),
  });

  routes.post(`${API_BASE}${PATHS.get3dsStatus}`, {
    schema: { tags, summary: "The 3DS challenge's state (asks the processor at once while it is pending)", headers, body: orderIdRequestSchema, response: { 200: envelopeOf(threeDsStatusResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.orders.threeDsStatus(request.auth!.user, request.body.orderId)),
  });

  routes.post(`${API_BASE}${PATHS.merchantTransactionCreate}`, {
    schema: { tags: ['merchant'], summary: "From the merchant's server, signed like an entry link: the transaction its customer will fill (idempotent by tranId)", body: createMerchantTransactionSchema, response: { 200: envelopeOf(orderInfoSchema) } },
    handler: async (request) => ok(await deps.transactions.create(request.body, request.ipKey)),
  });

  routes.get(`${API_BASE}${PATHS.getTransInfo}`, {
    schema: { tags, summary: "A merchant's transaction before sign-in: what is bought and its state, never who or where to", querystring: tranIdQuerySchema, response: { 200: envelopeOf(orderInfoSchema) } },
    handler: async (request) => ok(await deps.transactions.publicInfo(request.query.tranId)),
  });

  routes.get(`${API_BASE}${PATHS.queryOrderByTranId}`, {
    schema: { tags, summary: "A merchant's transaction with its order, for the signed-in person it belongs to", headers, querystring: tranIdQuerySchema, response: { 200: envelopeOf(orderInfoSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.transactions.infoFor(request.auth!.user, request.query.tranId)),
  });

  routes.post(`${API_BASE}${PATHS.listOrder}`, {
    schema: { tags, summary: 'The history: orders in a range of at most 365 days, newest first', headers, body: listOrderRequestSchema, response: { 200: envelopeOf(listOrderResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.orders.list(request.auth!.user, request.body)),
  });
}
