/**
 * What a merchant hears from Causeway, one model for both channels: the checkout's browser events
 * (postMessage to the host page, see checkout.ts) and the webhooks our server sends to the merchant's
 * endpoints. An `order.updated` or `kyc.updated` webhook carries exactly the `data` the browser event
 * carries, so a merchant handles both with one function. The browser's are a convenience (a tab can be
 * closed); the webhooks are the record (delivered at least once, retried for three days).
 *
 * This file is the public contract: pure types and constants, no imports, safe for browser and server.
 */

/** An order's statuses (docs/rules/order-states.md), the same the checkout's result page shows. */
export const ORDER_EVENT_STATUSES = [
  'OrderSubmitted',
  'PROCESSING',
  'SUCCESS',
  'FAILED',
  'EXPIRED',
  'EXPIRED_ERROR',
  'PARTIAL_AUTH',
  'BuySendSuccess',
  'BuySendFailed',
] as const;
export type OrderEventStatus = (typeof ORDER_EVENT_STATUSES)[number];

/** A person's identity verification statuses (docs/rules/kyc.md). */
export const KYC_EVENT_STATUSES = ['Initial', 'Pending', 'Resubmitting', 'Pass', 'Fail'] as const;
export type KycEventStatus = (typeof KYC_EVENT_STATUSES)[number];

/** An order of the merchant's customer. Amounts are decimal strings, never numbers. */
export interface OrderUpdated {
  orderId: string;
  /** The merchant's transaction this order fills (the entry's tranId), if it came from one. */
  tranId: string | null;
  /** The merchant's customer id (the entry's merchantUserId), if the person came linked. */
  merchantUserId: string | null;
  side: 'BUY' | 'SELL';
  status: OrderEventStatus;
  fiatCurrency: string;
  fiatAmount: string;
  cryptoCurrency: string;
  cryptoAmount: string;
  network: string;
  /** The chain transaction, once there is one. */
  txHash: string | null;
  /** When the status changed, ISO 8601. */
  updatedAt: string;
}

/** A linked customer's identity verification. */
export interface KycUpdated {
  merchantUserId: string;
  kycStatus: KycEventStatus;
  kycLevel: number;
  updatedAt: string;
}

/** Sent on demand from the merchant console, to check an endpoint. */
export interface WebhookTest {
  endpointId: string;
  message: string;
}

/** Every webhook's body (Standard Webhooks' recommended shape: type, timestamp, data). */
export type WebhookEvent =
  | { type: 'order.updated'; timestamp: string; data: OrderUpdated }
  | { type: 'kyc.updated'; timestamp: string; data: KycUpdated }
  | { type: 'webhook.test'; timestamp: string; data: WebhookTest };
export type WebhookEventType = WebhookEvent['type'];
export const WEBHOOK_EVENT_TYPES = ['order.updated', 'kyc.updated', 'webhook.test'] as const satisfies readonly WebhookEventType[];

/** What the checkout tells the host page it is embedded in. */
export type CheckoutEvent =
  | { type: 'checkout.ready'; data: Record<string, never> }
  | { type: 'checkout.closed'; data: Record<string, never> }
  | { type: 'order.updated'; data: OrderUpdated }
  | { type: 'kyc.updated'; data: Omit<KycUpdated, 'merchantUserId'> & { merchantUserId: string | null } };
export type CheckoutEventType = CheckoutEvent['type'];
export const CHECKOUT_EVENT_TYPES = [
  'checkout.ready',
  'checkout.closed',
  'order.updated',
  'kyc.updated',
] as const satisfies readonly CheckoutEventType[];

/**
 * The envelope of every postMessage between the checkout and the host page: `source` tells our
 * messages from any other script's, `version` lets the protocol change without breaking old hosts.
 */
export const CHECKOUT_MESSAGE_SOURCE = 'causeway-checkout';
export const HOST_MESSAGE_SOURCE = 'causeway-host';
export const CHECKOUT_PROTOCOL_VERSION = 1;
export type CheckoutMessage = CheckoutEvent & { source: typeof CHECKOUT_MESSAGE_SOURCE; version: typeof CHECKOUT_PROTOCOL_VERSION };
/** What the host may ask of the checkout: only to close (the person's own choices stay in the checkout). */
export type HostMessage = { source: typeof HOST_MESSAGE_SOURCE; version: typeof CHECKOUT_PROTOCOL_VERSION; type: 'host.close' };
