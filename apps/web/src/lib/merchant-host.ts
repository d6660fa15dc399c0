import {
  CHECKOUT_MESSAGE_SOURCE,
  CHECKOUT_PROTOCOL_VERSION,
  type CheckoutEvent,
  HOST_MESSAGE_SOURCE,
  type KycEventStatus,
  type OrderEventStatus,
  type OrderUpdated,
} from '@causeway/sdk/events';

/**
 * The merchant's page around the checkout (docs/rules/merchant-linking.md "The merchant's pages"): what the
 * server's first answer to a merchant's signed entry allowed — the page the checkout is embedded in
 * (`hostOrigin`: events are posted to it, and only to it) and where the person returns (`redirectUrl`).
 * Kept for the tab (sessionStorage): a checkout opened without a merchant's entry talks to nobody.
 */
const STORAGE_KEY = 'causeway.merchantPage';

export interface MerchantPageInfo {
  hostOrigin: string | null;
  redirectUrl: string | null;
  merchantName: string;
  merchantUserId: string | null;
}

export function rememberMerchantPage(page: MerchantPageInfo): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(page));
  } catch {
    // Storage refused (a strict third-party frame): the checkout works, it only cannot post its events.
  }
}

export function merchantPage(): MerchantPageInfo | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as MerchantPageInfo | null;
    return stored && typeof stored.merchantName === 'string' ? stored : null;
  } catch {
    return null;
  }
}

/** The frame's host, when the checkout is embedded by the page the merchant's entry named. */
function hostWindow(): { target: Window; origin: string } | null {
  const origin = merchantPage()?.hostOrigin;
  if (!origin || window.parent === window) return null;
  return { target: window.parent, origin };
}

/** Tells the host page of an event, with the host's origin as the only allowed receiver (never '*'). */
export function postToHost(event: CheckoutEvent): void {
  const host = hostWindow();
  if (!host) return;
  host.target.postMessage({ ...event, source: CHECKOUT_MESSAGE_SOURCE, version: CHECKOUT_PROTOCOL_VERSION }, host.origin);
}

let listening = false;
/**
 * Answers the host's `host.close` (only from the host's window and origin) with `checkout.closed`, the host
 * removing the frame itself. Once per page, however often it is asked.
 */
export function listenToHost(): void {
  const host = hostWindow();
  if (!host || listening) return;
  listening = true;
  window.addEventListener('message', (message: MessageEvent) => {
    const data = message.data as { source?: unknown; type?: unknown } | null;
    if (message.origin !== host.origin || message.source !== host.target) return;
    if (data?.source === HOST_MESSAGE_SOURCE && data.type === 'host.close') postToHost({ type: 'checkout.closed', data: {} });
  });
}

/** The checkout opened from the merchant's entry: the host hears it is ready. */
export function greetHost(): void {
  postToHost({ type: 'checkout.ready', data: {} });
  listenToHost();
}

/** An order's state as the host hears it: the same data as the merchant's `order.updated` webhook. */
export function orderUpdatedEvent(
  order: {
    orderId: string;
    status: OrderEventStatus;
    transactionType: string;
    fiatCurrency: string;
    fiatAmount: string;
    cryptoCurrency: string;
    cryptoAmount: string;
    network: string;
    txHash: string | null;
    updatedAt: string;
  },
  tranId: string | null,
): CheckoutEvent {
  const data: OrderUpdated = {
    orderId: order.orderId,
    tranId,
    merchantUserId: merchantPage()?.merchantUserId ?? null,
    side: order.transactionType.toLowerCase() === 'sell' ? 'SELL' : 'BUY',
    status: order.status,
    fiatCurrency: order.fiatCurrency,
    fiatAmount: order.fiatAmount,
    cryptoCurrency: order.cryptoCurrency,
    cryptoAmount: order.cryptoAmount,
    network: order.network,
    txHash: order.txHash,
    updatedAt: order.updatedAt,
  };
  return { type: 'order.updated', data };
}

/** A person's verification as the host hears it: the `kyc.updated` webhook's data, with the merchant's customer id. */
export function kycUpdatedEvent(kyc: { kycStatus: KycEventStatus; kycLevel: number }, updatedAt: string): CheckoutEvent {
  return {
    type: 'kyc.updated',
    data: { merchantUserId: merchantPage()?.merchantUserId ?? null, kycStatus: kyc.kycStatus, kycLevel: kyc.kycLevel, updatedAt },
  };
}
