import {
  CHECKOUT_EVENT_TYPES,
  CHECKOUT_MESSAGE_SOURCE,
  CHECKOUT_PROTOCOL_VERSION,
  HOST_MESSAGE_SOURCE,
  KYC_EVENT_STATUSES,
  ORDER_EVENT_STATUSES,
  type CheckoutEvent,
  type HostMessage,
  type OrderUpdated,
} from './events.ts';

/**
 * Reads what arrives by postMessage. The origin and window are checked by the caller; this checks the
 * shape, because a listener must never receive a malformed object (a merchant's code would crash, or
 * worse, act on a half-read order). Anything that does not fit is null and ignored. The event is
 * rebuilt field by field, so unknown extra properties never reach the merchant's code.
 */

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isOneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T => (allowed as readonly unknown[]).includes(value);
/** Amounts are decimal strings (never numbers: money loses precision as a float). */
const isDecimal = (value: unknown): value is string => isString(value) && /^\d+(\.\d+)?$/.test(value);

function readOrderUpdated(data: Fields): OrderUpdated | null {
  const {
    orderId,
    tranId,
    merchantUserId,
    side,
    status,
    fiatCurrency,
    fiatAmount,
    cryptoCurrency,
    cryptoAmount,
    network,
    txHash,
    updatedAt,
  } = data;
  if (!isString(orderId) || !isNullableString(tranId) || !isNullableString(merchantUserId)) return null;
  if (!isOneOf(['BUY', 'SELL'] as const, side) || !isOneOf(ORDER_EVENT_STATUSES, status)) return null;
  if (!isString(fiatCurrency) || !isDecimal(fiatAmount) || !isString(cryptoCurrency) || !isDecimal(cryptoAmount)) return null;
  if (!isString(network) || !isNullableString(txHash) || !isString(updatedAt)) return null;
  return {
    orderId,
    tranId,
    merchantUserId,
    side,
    status,
    fiatCurrency,
    fiatAmount,
    cryptoCurrency,
    cryptoAmount,
    network,
    txHash,
    updatedAt,
  };
}

function readKycUpdated(data: Fields): Extract<CheckoutEvent, { type: 'kyc.updated' }>['data'] | null {
  const { merchantUserId, kycStatus, kycLevel, updatedAt } = data;
  if (!isNullableString(merchantUserId) || !isOneOf(KYC_EVENT_STATUSES, kycStatus)) return null;
  if (!Number.isSafeInteger(kycLevel) || (kycLevel as number) < 0 || !isString(updatedAt)) return null;
  return { merchantUserId, kycStatus, kycLevel: kycLevel as number, updatedAt };
}

/** The checkout's event in a postMessage's data, or null when the data is not one (another script's message, a malformed one). */
export function readCheckoutMessage(message: unknown): CheckoutEvent | null {
  if (!isFields(message) || message.source !== CHECKOUT_MESSAGE_SOURCE || message.version !== CHECKOUT_PROTOCOL_VERSION) return null;
  const { type, data } = message;
  if (!isOneOf(CHECKOUT_EVENT_TYPES, type) || !isFields(data)) return null;
  switch (type) {
    case 'checkout.ready':
    case 'checkout.closed':
      return { type, data: {} };
    case 'order.updated': {
      const order = readOrderUpdated(data);
      return order && { type, data: order };
    }
    case 'kyc.updated': {
      const kyc = readKycUpdated(data);
      return kyc && { type, data: kyc };
    }
  }
}

/** The one message the host sends: asking the checkout to close (it then tidies up, e.g. stops polling). */
export const HOST_CLOSE_MESSAGE: HostMessage = { source: HOST_MESSAGE_SOURCE, version: CHECKOUT_PROTOCOL_VERSION, type: 'host.close' };
