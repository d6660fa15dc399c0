import type { OrderStatus } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { MerchantOrderChange } from '../merchant/index.ts';
import type { OrderRow } from './orders.repository.ts';

/** A numeric column as a plain decimal string: '0.001', not '0.001000000000000000'. */
const plain = (value: string) => new Decimal(value).toFixed();

/** What the order's merchant is told of it (docs/rules/merchant-webhooks.md): amounts as strings, no card, no person. */
export function merchantOrderChange(order: OrderRow, merchantId: string, at: Date): MerchantOrderChange {
  return {
    merchantId,
    userId: order.userId,
    orderId: order.id,
    tranId: order.merchantTranId,
    side: order.transactionType === 'sell' ? 'SELL' : 'BUY',
    status: order.status as OrderStatus,
    fiatCurrency: order.fiatCurrency,
    fiatAmount: plain(order.fiatAmount),
    cryptoCurrency: order.cryptoCurrency,
    cryptoAmount: plain(order.cryptoAmount),
    network: order.network,
    txHash: order.txHash,
    updatedAt: at.toISOString(),
  };
}
