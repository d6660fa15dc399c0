import type { DeskOrdersWaiting } from '@causeway/contracts';
import type { BankBuys } from '../banking/index.ts';
import type { AmountRangeOf, SpentInPeriods } from '../kyc/index.ts';
import type { OperatorReviewOrder } from './operator-review.routes.ts';
import type { PayoutReview } from './payout-review.ts';

/** What other modules may use of orders: what a person spent (their KYC limits), a pair's amount range, bank-transfer buys. */
export interface OrdersFace {
  spentInPeriods: SpentInPeriods;
  /** What a person's settled orders made since a moment, in EUR, a decimal string (the edd module's risk rating). */
  settledVolumeSince(userId: string, since: Date): Promise<string>;
  amountRange: AmountRangeOf;
  /** Bank-transfer buys, as banking's credit intake matches transfers to them. */
  bankBuys: BankBuys;
  /** What the operator's desk reads: the orders awaiting an operator (as /operator/orders-awaiting-review lists them), a person's orders. */
  operatorView: {
    awaitingReview(): Promise<OperatorReviewOrder[]>;
    summaryOf(userId: string): Promise<PersonOrders>;
    /** Crypto sells' deposits received and owed back, with any return in flight (the desk's Orders waiting screen). */
    depositsOwed(): Promise<DeskOrdersWaiting['depositsOwed']>;
  };
  /** The operator's desk: the outcome an operator verified of a payout waiting at PAYOUT_REVIEW (payout-review.ts). */
  decidePayout: PayoutReview['decide'];
}

/** A person's orders for the desk: counted by status, and the newest ones (amounts as the columns' decimal strings). */
export interface PersonOrders {
  byStatus: Record<string, number>;
  recent: Array<{
    orderId: string;
    transactionType: string;
    status: string;
    fiatAmount: string;
    fiatCurrency: string;
    cryptoAmount: string;
    cryptoCurrency: string;
    createdAt: Date;
  }>;
}
