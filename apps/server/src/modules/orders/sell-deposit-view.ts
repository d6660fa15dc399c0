import type { SellDeposit } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { OrderRow } from './orders.repository.ts';
import { decidingOf } from './sell-deposits.ts';
import type { SellDepositRow } from './sell-deposits.repository.ts';
import { confirmationsRequired, depositWindowEnd } from './sell-settlement.ts';

/** A sell's deposit block (submit-sell's answer, get-detail): where to send, how much, by when, and what arrived. */
export function depositOf(order: OrderRow, rows: readonly SellDepositRow[]): SellDeposit {
  const deciding = decidingOf(rows) ?? rows.at(-1);
  return {
    address: order.walletAddress,
    memo: order.memo,
    network: order.network,
    cryptoCurrency: order.cryptoCurrency,
    amount: new Decimal(order.cryptoAmount).toFixed(),
    expiresAt: depositWindowEnd(order).toISOString(),
    confirmationsRequired: confirmationsRequired(order.network),
    receivedAmount: order.receivedAmount === null ? null : new Decimal(order.receivedAmount).toFixed(),
    confirmations: deciding ? deciding.confirmations : null,
  };
}
