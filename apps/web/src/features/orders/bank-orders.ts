import type { OrderBankTransfer, OrderFailReason, OrderStatus } from '@causeway/contracts';
import { pageHref } from '@/lib/portal-links';
import { failReasonKey } from './fail-reasons';

/**
 * Bank-transfer orders (docs/rules/bank-transfers.md): a buy paid from the balance or by a transfer
 * carrying its own reference (its detail's `bankTransfer`), a sell whose proceeds go to the balance.
 * Where their words differ from a card order's, they are here.
 */
interface BankOrderFacts {
  status: OrderStatus;
  failReason: OrderFailReason | null;
  transactionType?: string;
  paymentMethod?: string;
  bankTransfer?: OrderBankTransfer | null;
}

/** A bank-transfer order: a buy names its payment; a sell, its method. */
export const isBankOrder = (order: Pick<BankOrderFacts, 'paymentMethod' | 'bankTransfer'>): boolean =>
  Boolean(order.bankTransfer) || order.paymentMethod === 'BANK_TRANSFER';

/** A bank-transfer buy waiting for the person's transfer: the result page shows where to send it. */
export const isAwaitingTransfer = (order: Pick<BankOrderFacts, 'status' | 'bankTransfer'>): boolean =>
  order.status === 'OrderSubmitted' && order.bankTransfer?.funding === 'TRANSFER';

/** The view kinds of the result page (order-result-view.tsx) whose words a bank transfer changes. */
type View = 'submitted' | 'processing' | 'stopping' | 'success' | 'failed' | 'expired' | 'expiredError' | 'partialAuth';
type TextKeys = { title: string; content: string | null };

/**
 * A bank-transfer buy's title and line, where a card's would name the card or its bank; null: the
 * card buy's words fit. Waiting for a transfer: "Send 100.00 EUR by bank transfer" ({{amount}}), and
 * that the price is set when the money arrives. Expired: its reason (FUNDS_NOT_RECEIVED says what
 * became of what arrived), else that nothing was bought.
 */
export function bankBuyTextKeys(view: View, order: BankOrderFacts): TextKeys | null {
  if (!order.bankTransfer) return null;
  if (view === 'submitted')
    return isAwaitingTransfer(order)
      ? { title: 'bankOrders.result.waiting.title', content: 'bankOrders.result.waiting.content' }
      : { title: 'bankOrders.result.paying.title', content: null };
  if (view === 'expired')
    return {
      title: 'orders.result.expired.title',
      content: order.failReason ? failReasonKey(order.failReason) : 'bankOrders.result.expired',
    };
  if (view === 'expiredError') return { title: 'orders.result.expiredError.title', content: 'bankOrders.result.expiredError' };
  return null;
}

/** A bank sell's processing and success words: the proceeds go to the balance ({{fiat}}), not to a card. */
export function bankSellTextKeys(view: View, order: BankOrderFacts): TextKeys | null {
  if (order.paymentMethod !== 'BANK_TRANSFER') return null;
  if (view === 'processing') return { title: 'bankOrders.result.sell.processingTitle', content: 'bankOrders.result.sell.processing' };
  if (view === 'success') return { title: 'orders.result.sell.success.title', content: 'bankOrders.result.sell.success' };
  return null;
}

/** How a bank-transfer buy that is being paid or was paid got its money ({{currency}}), or null. */
export function fundingNoteKey(view: View, order: BankOrderFacts): string | null {
  if (!order.bankTransfer || (view !== 'processing' && view !== 'success')) return null;
  return order.bankTransfer.funding === 'BALANCE' ? 'bankOrders.result.fromBalance' : 'bankOrders.result.byTransfer';
}

/** Try again and Buy (or Sell) more after a bank-transfer order: the bank-transfer page of its side (a business's in the portal). */
export const bankTradeHref = (lng: string, order: { transactionType: string }): string =>
  pageHref(lng, order.transactionType === 'sell' ? 'banktransfer-sell' : 'banktransfer-buy?type=buy');
