import Decimal from 'decimal.js';
import type { OrderRow } from '../orders.repository.ts';

/**
 * Our record of a card buy, as dispute evidence (proof of delivery): what was bought, when, and the
 * chain transaction that delivered it. No card data and nothing of the person beyond the order.
 */
export function evidenceOf(
  order: Pick<
    OrderRow,
    | 'id'
    | 'createdAt'
    | 'fiatAmount'
    | 'fiatCurrency'
    | 'cryptoAmount'
    | 'cryptoCurrency'
    | 'network'
    | 'walletAddress'
    | 'txHash'
    | 'status'
    | 'threeDsStatus'
  >,
): string {
  const delivered = order.txHash
    ? `Delivered on ${order.network} to ${order.walletAddress} in transaction ${order.txHash}.`
    : `Not delivered: the order is ${order.status}.`;
  const threeDs = order.threeDsStatus === 'SUCCEEDED' ? ' The cardholder passed 3-D Secure.' : '';
  return (
    `Order ${order.id} of ${order.createdAt.toISOString()}: ${new Decimal(order.cryptoAmount).toFixed()} ${order.cryptoCurrency} ` +
    `bought for ${new Decimal(order.fiatAmount).toFixed(2)} ${order.fiatCurrency} by the verified account holder. ${delivered}${threeDs}`
  );
}
