import type { OrderFailReason, OrderStatus, QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import { accounts, type Ledger } from '../ledger/index.ts';
import type { OrderChange, OrderRow } from './orders.repository.ts';
import type { Outcome, PaymentSource } from './payment-source.ts';

/** The processor a bank-transfer buy is booked against: its capture takes the money from the person's balance. */
export const BALANCE_PROCESSOR = 'balance';
/** How long a bank-transfer buy waits for its money (docs/rules/bank-transfers.md: SEPA and Faster Payments take 1-2 business days). */
export const BANK_BUY_DEADLINE_MS = 4 * 24 * 60 * 60 * 1000;
/** A waiting buy looks at its money this often; a matched credit wakes it at once (banking's credit intake). */
export const BANK_FUNDS_POLL_MS = 5 * 60 * 1000;

/**
 * A bank-transfer buy's payment (docs/rules/bank-transfers.md): money the person's balance holds. A
 * transfer lands in the balance first (banking's credit intake); the order takes its amount out of
 * it at the capture, a journal the ledger refuses when the balance cannot cover it. So there is no
 * authorisation to hold or void, and a refund is the capture reversed, back into the balance.
 *
 * AUTHORIZE waits until the order is funded: at once for a buy the balance covered at submission
 * (BALANCE), else once transfers carrying its reference have brought its amount (TRANSFER). A
 * TRANSFER buy is priced again then, at the price of the moment its money arrived: its quote
 * lapsed minutes after it was given, and a price held for days would be a free option on the market.
 */
export function createBankPayment(deps: {
  ledger: Pick<Ledger, 'balance'>;
  clock: Clock;
  /** What arrived with the order's reference and was not returned (banking's credits). */
  receivedFor: (orderId: string) => Promise<string>;
  /** The order at today's price for its fiat amount (quotes' repriceBuy). */
  reprice: (order: OrderRow) => Promise<{ cryptoAmount: string; price: string; fees: QuoteFees }>;
  move(order: OrderRow, change: OrderChange, withMove?: () => Promise<void>): Promise<Outcome>;
  endUnpaid(order: OrderRow, status: OrderStatus, failReason: OrderFailReason, set?: OrderChange['set']): Promise<Outcome>;
}): PaymentSource {
  const later = (ms: number) => ({ waitUntil: new Date(deps.clock.now().getTime() + ms) });
  const balanceOf = (order: OrderRow) => deps.ledger.balance(accounts.customerBalance(order.userId, order.fiatCurrency).code);

  return {
    async authorize(order) {
      const amount = new Decimal(order.fiatAmount);
      const byTransfer = order.funding === 'TRANSFER';
      if (byTransfer && new Decimal(await deps.receivedFor(order.id)).lt(amount)) return later(BANK_FUNDS_POLL_MS);
      if ((await balanceOf(order)).lt(amount)) {
        // Paid from the balance, which was spent since the submission; or its transfer arrived and was spent
        // (withdrawn, another buy) before this order looked: it waits for more money until its deadline.
        if (!byTransfer) return deps.endUnpaid(order, 'FAILED', 'INSUFFICIENT_BALANCE');
        return later(BANK_FUNDS_POLL_MS);
      }
      const priced = byTransfer ? await deps.reprice(order) : null;
      return deps.move(order, {
        status: 'PROCESSING',
        step: 'RESERVE',
        ...(priced ? { set: { cryptoAmount: priced.cryptoAmount, price: priced.price, fees: priced.fees } } : {}),
        detail: priced ? `funded: priced ${priced.cryptoAmount} ${order.cryptoCurrency} at ${priced.price}` : 'funded from the balance',
      });
    },
    // Nothing is held before the capture: the balance is only taken then.
    release: async () => {},
    async capture(order) {
      return (await balanceOf(order)).gte(order.fiatAmount) ? 'captured' : { failReason: 'INSUFFICIENT_BALANCE' };
    },
    // The capture's reversal (settlement's refund step) puts the money back into the balance: no one outside to call.
    refund: async () => {},
    // The capture is a journal posted with the order's move to PURCHASE: an order still at RESERVE or CAPTURE has none.
    releaseUnlessCaptured: async () => false,
    expireUnauthorised: (order) => deps.endUnpaid(order, 'EXPIRED', 'FUNDS_NOT_RECEIVED'),
  };
}
