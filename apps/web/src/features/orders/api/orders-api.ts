import {
  type ExportHistoryRequest,
  type ListOrderRequest,
  type listOrderResultSchema,
  type OrderDetail,
  type OrderSummary,
  CALL_ROUTES,
  type threeDsStatusResultSchema,
} from '@causeway/contracts';
import type { z } from 'zod';
import type { HttpClient } from '@/lib/http-client';

// Contracts' own types where it exports one; the two answers it exports no type for are inferred.
export type { ExportHistoryRequest, ListOrderRequest, OrderDetail, OrderSummary };
export type ThreeDsStatusResult = z.infer<typeof threeDsStatusResultSchema>;
export type ListOrderResult = z.infer<typeof listOrderResultSchema>;

/**
 * The order pages' calls. All silent: each page decides what a failure looks like (an error view
 * with Retry, the history's range message) and hands the failure to `client.report` for the
 * docs/rules/errors.md reactions (a dead session goes to sign-in), so nothing toasts twice.
 */
export function createOrdersApi(client: HttpClient) {
  return {
    /** order/get-detail: one order of the signed-in person; ODR00001007 when there is none. Read-only. */
    getDetail: (orderId: string, signal?: AbortSignal) =>
      client.call(CALL_ROUTES.getOrderDetail, { orderId }, { silent: true, ...(signal ? { signal } : {}) }),
    /** order/get-3ds-status: where the bank's check of the order stands. Read-only. */
    get3dsStatus: (orderId: string, signal?: AbortSignal) =>
      client.call(CALL_ROUTES.get3dsStatus, { orderId }, { silent: true, ...(signal ? { signal } : {}) }),
    /** order/list-order: one page of the history; ODR00001010 when the range is over 365 days. Read-only. */
    listOrder: (body: ListOrderRequest, signal?: AbortSignal) =>
      client.call(CALL_ROUTES.listOrder, body, { silent: true, ...(signal ? { signal } : {}) }),
    /** order/export-history: asks for a CSV of the range; ODR00001010/ODR00001023 for a refused range, ODR00001021 past the day's cap. */
    exportHistory: (body: ExportHistoryRequest) => client.call(CALL_ROUTES.exportHistory, body, { silent: true }),
    /** order/export-history/status: PENDING, READY with its link, or FAILED; ODR00001022 once it expired. Read-only. */
    exportHistoryStatus: (exportId: string, signal?: AbortSignal) =>
      client.call(CALL_ROUTES.exportHistoryStatus, { exportId }, { silent: true, ...(signal ? { signal } : {}) }),
  };
}

export type OrdersApi = ReturnType<typeof createOrdersApi>;
