import { describe, expect, it } from 'vitest';
import { readCheckoutMessage } from './checkout-messages.ts';
import type { OrderUpdated } from './events.ts';

const envelope = { source: 'causeway-checkout', version: 1 } as const;
const order: OrderUpdated = {
  orderId: 'ord_1',
  tranId: 'T1',
  merchantUserId: null,
  side: 'BUY',
  status: 'SUCCESS',
  fiatCurrency: 'EUR',
  fiatAmount: '100.50',
  cryptoCurrency: 'USDT',
  cryptoAmount: '98.123456',
  network: 'TRON',
  txHash: null,
  updatedAt: '2026-01-02T03:04:05.000Z',
};
const kyc = { merchantUserId: 'user-1', kycStatus: 'Pending', kycLevel: 1, updatedAt: '2026-01-02T03:04:05.000Z' };

describe('readCheckoutMessage', () => {
  it('reads each event type', () => {
    expect(readCheckoutMessage({ ...envelope, type: 'checkout.ready', data: {} })).toEqual({ type: 'checkout.ready', data: {} });
    expect(readCheckoutMessage({ ...envelope, type: 'checkout.closed', data: { extra: 1 } })).toEqual({
      type: 'checkout.closed',
      data: {},
    });
    expect(readCheckoutMessage({ ...envelope, type: 'order.updated', data: order })).toEqual({ type: 'order.updated', data: order });
    expect(readCheckoutMessage({ ...envelope, type: 'kyc.updated', data: kyc })).toEqual({ type: 'kyc.updated', data: kyc });
  });

  it('keeps only the known fields', () => {
    const read = readCheckoutMessage({ ...envelope, type: 'order.updated', data: { ...order, secretInternalField: 'x' } });
    expect(read?.data).toEqual(order);
  });

  it.each([
    ['not an object', 'hello'],
    ['null', null],
    ['another source', { source: 'someone-else', version: 1, type: 'checkout.ready', data: {} }],
    ['another version', { ...envelope, version: 2, type: 'checkout.ready', data: {} }],
    ['an unknown type', { ...envelope, type: 'order.deleted', data: {} }],
    ['data missing', { ...envelope, type: 'checkout.ready' }],
    ['data an array', { ...envelope, type: 'checkout.ready', data: [] }],
    ['an unknown order status', { ...envelope, type: 'order.updated', data: { ...order, status: 'DONE' } }],
    ['an unknown side', { ...envelope, type: 'order.updated', data: { ...order, side: 'SWAP' } }],
    ['an amount as a number', { ...envelope, type: 'order.updated', data: { ...order, fiatAmount: 100.5 } }],
    ['an amount that is not decimal', { ...envelope, type: 'order.updated', data: { ...order, cryptoAmount: '1e3' } }],
    ['a missing orderId', { ...envelope, type: 'order.updated', data: { ...order, orderId: undefined } }],
    ['a tranId of the wrong type', { ...envelope, type: 'order.updated', data: { ...order, tranId: 7 } }],
    ['an unknown KYC status', { ...envelope, type: 'kyc.updated', data: { ...kyc, kycStatus: 'Approved' } }],
    ['a KYC level as a string', { ...envelope, type: 'kyc.updated', data: { ...kyc, kycLevel: '1' } }],
    ['a missing updatedAt', { ...envelope, type: 'kyc.updated', data: { ...kyc, updatedAt: undefined } }],
  ])('ignores %s', (_case, message) => {
    expect(readCheckoutMessage(message)).toBeNull();
  });
});
