/**
 * The Klarna adapter: Klarna Payments for the session and the order, Order Management for what
 * follows. Which documentation page each part follows (docs.klarna.com):
 *
 * - Authentication ("Authentication"; "Step 1: Initiate a payment"): HTTP Basic with the API
 *   username (linked to the merchant id) and password. KLARNA_API_URL picks the environment:
 *   https://api.playground.klarna.com for tests, https://api.klarna.com (Europe),
 *   https://api-na.klarna.com, https://api-oc.klarna.com live.
 * - createSession: POST /payments/v1/sessions (Payments API, "Create a session") with
 *   purchase_country, purchase_currency, locale, order_amount and order_lines (minor units), intent
 *   buy; answers session_id, client_token (for Klarna.Payments.init in the browser) and
 *   payment_method_categories. Our one order line is the purchase, 0 tax.
 * - the browser: Klarna.Payments.load, then authorize(), whose callback answers
 *   { approved, show_form, authorization_token } ("2.2: Get authorization"); the token places an
 *   order within 60 minutes.
 * - placeOrder: POST /payments/v1/authorizations/{authorizationToken}/order ("Create an order")
 *   with the session's purchase again (a differing one is a 409 BAD_VALUE "Not matching fields")
 *   and merchant_reference1; answers order_id, fraud_status (ACCEPTED or PENDING; REJECTED is the
 *   Order Management's third value), redirect_url. A spent or expired token is a 404 NOT_FOUND
 *   "Invalid authorization token". Sent with Klarna-Idempotency-Key: Klarna's idempotency guide asks
 *   for it on every POST, though the Payments reference lists it only for Order Management (see
 *   KlarnaProvider.placeOrder for what that means after a timeout).
 * - cancelAuthorization: DELETE /payments/v1/authorizations/{authorizationToken} ("Cancel an
 *   authorization"), 204; 404 when the authorization does not exist (nothing to release).
 * - getOrder: GET /ordermanagement/v1/orders/{order_id} ("Check the details of an order").
 * - capture: POST /ordermanagement/v1/orders/{order_id}/captures {captured_amount} ("Capture the
 *   full order amount" / "part of"), 201 with Capture-Id; 403 CAPTURE_NOT_ALLOWED.
 * - refund: POST /ordermanagement/v1/orders/{order_id}/refunds {refunded_amount} ("Refund an
 *   order"), 201 with Refund-Id; 403 REFUND_NOT_ALLOWED.
 * - cancelOrder: POST /ordermanagement/v1/orders/{order_id}/cancel ("Cancel an order"), 204; 403
 *   CANCEL_NOT_ALLOWED once captured.
 * - Every Order Management POST carries Klarna-Idempotency-Key ("Escalation & retry policy": a key
 *   acts once within 24 hours, and only the key matters). Errors: "Errors" (error_code,
 *   error_messages, correlation_id), mapped by klarna-http.ts.
 */
import { fromKlarnaMinor, jsonMinor, minorFromJson, toKlarnaMinor } from './klarna-amounts.ts';
import { createKlarnaHttp, type Json, str } from './klarna-http.ts';
import {
  type KlarnaFraudStatus,
  type KlarnaOrderStatus,
  type KlarnaProvider,
  type KlarnaPurchase,
  KlarnaRefusedError,
  KlarnaUnavailableError,
} from './klarna-provider.ts';
import { checkKlarnaId, checkPurchase } from './klarna-purchase.ts';

export interface KlarnaPaymentsOptions {
  username: string;
  password: string;
  /** KLARNA_API_URL, e.g. https://api.playground.klarna.com. */
  baseUrl: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

const FRAUD_STATUSES: readonly string[] = ['ACCEPTED', 'PENDING', 'REJECTED'];
const ORDER_STATUSES: readonly string[] = ['AUTHORIZED', 'PART_CAPTURED', 'CAPTURED', 'CANCELLED', 'EXPIRED', 'CLOSED'];

/** The purchase as Klarna's session and order both take it: one digital order line, tax 0. */
function purchaseBody(purchase: KlarnaPurchase): Json {
  const amount = jsonMinor(checkPurchase(purchase));
  return {
    purchase_country: purchase.country,
    purchase_currency: purchase.currency,
    locale: purchase.locale,
    order_amount: amount,
    order_tax_amount: 0,
    order_lines: [
      {
        type: 'digital',
        name: purchase.description,
        quantity: 1,
        unit_price: amount,
        tax_rate: 0,
        total_amount: amount,
        total_discount_amount: 0,
        total_tax_amount: 0,
      },
    ],
    merchant_reference1: purchase.reference,
  };
}

export function createKlarnaPayments(options: KlarnaPaymentsOptions): KlarnaProvider {
  if (!options.username || !options.password) throw new Error('KLARNA_USERNAME and KLARNA_PASSWORD are required for Klarna');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (!URL.canParse(baseUrl) || !/^https:\/\//.test(baseUrl)) throw new Error('KLARNA_API_URL must be an absolute https URL');
  const call = createKlarnaHttp({
    baseUrl,
    username: options.username,
    password: options.password,
    fetchImpl: options.fetchImpl ?? fetch,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const orderPath = (klarnaOrderId: string, action = '') =>
    `/ordermanagement/v1/orders/${checkKlarnaId(klarnaOrderId, 'order id')}${action}`;
  const authorizationPath = (token: string, action = '') =>
    `/payments/v1/authorizations/${checkKlarnaId(token, 'authorization token')}${action}`;

  async function getOrder(klarnaOrderId: string) {
    const { json = {} } = await call('get order', 'GET', orderPath(klarnaOrderId));
    const [status, fraudStatus, currency] = [str(json.status), str(json.fraud_status), str(json.purchase_currency)];
    const [amount, captured, refunded] = [json.order_amount, json.captured_amount, json.refunded_amount].map(minorFromJson);
    if (!status || !ORDER_STATUSES.includes(status) || !fraudStatus || !FRAUD_STATUSES.includes(fraudStatus) || !currency)
      throw new KlarnaUnavailableError('Klarna answered an order without a known status, fraud_status or purchase_currency');
    if (amount === undefined || captured === undefined || refunded === undefined)
      throw new KlarnaUnavailableError('Klarna answered an order without order_amount, captured_amount or refunded_amount');
    return {
      klarnaOrderId,
      status: status as KlarnaOrderStatus,
      fraudStatus: fraudStatus as KlarnaFraudStatus,
      currency,
      amount: fromKlarnaMinor(amount),
      capturedAmount: fromKlarnaMinor(captured),
      refundedAmount: fromKlarnaMinor(refunded),
    };
  }

  return {
    kind: 'klarna',

    async createSession(input) {
      const { json = {} } = await call('create session', 'POST', '/payments/v1/sessions', {
        json: { ...purchaseBody(input), intent: 'buy' },
      });
      const [sessionId, clientToken] = [str(json.session_id), str(json.client_token)];
      if (!sessionId || !clientToken) throw new KlarnaUnavailableError('Klarna answered a session without session_id or client_token');
      return { sessionId, clientToken, widgetUrl: null };
    },

    async placeOrder(input) {
      const { json = {} } = await call('create order', 'POST', authorizationPath(input.authorizationToken, '/order'), {
        json: purchaseBody(input),
        idempotencyKey: input.idempotencyKey,
        secrets: [input.authorizationToken],
      });
      const klarnaOrderId = str(json.order_id);
      if (!klarnaOrderId) throw new KlarnaUnavailableError('Klarna answered an order without order_id');
      const fraudStatus = str(json.fraud_status);
      // The order exists: without a known fraud status it is held as PENDING (never captured) until getOrder says more.
      return {
        klarnaOrderId,
        fraudStatus: fraudStatus && FRAUD_STATUSES.includes(fraudStatus) ? (fraudStatus as KlarnaFraudStatus) : 'PENDING',
      };
    },

    getOrder,

    async capture(klarnaOrderId, input) {
      const captured = jsonMinor(toKlarnaMinor(input.amount, input.currency));
      await call('capture', 'POST', orderPath(klarnaOrderId, '/captures'), {
        json: { captured_amount: captured },
        idempotencyKey: input.idempotencyKey,
      });
    },

    async refund(klarnaOrderId, input) {
      const refunded = jsonMinor(toKlarnaMinor(input.amount, input.currency));
      await call('refund', 'POST', orderPath(klarnaOrderId, '/refunds'), {
        json: { refunded_amount: refunded },
        idempotencyKey: input.idempotencyKey,
      });
    },

    async cancelOrder(klarnaOrderId, input) {
      try {
        await call('cancel order', 'POST', orderPath(klarnaOrderId, '/cancel'), { idempotencyKey: input.idempotencyKey });
      } catch (error) {
        // Cancelled already (by another key, or by Klarna): the order is where the call leads.
        if (
          error instanceof KlarnaRefusedError &&
          error.errorCode === 'CANCEL_NOT_ALLOWED' &&
          (await getOrder(klarnaOrderId)).status === 'CANCELLED'
        )
          return;
        throw error;
      }
    },

    async cancelAuthorization(authorizationToken) {
      try {
        await call('cancel authorization', 'DELETE', authorizationPath(authorizationToken), { secrets: [authorizationToken] });
      } catch (error) {
        if (error instanceof KlarnaRefusedError && error.httpStatus === 404) return;
        throw error;
      }
    },
  };
}
