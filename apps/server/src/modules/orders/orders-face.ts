import type { BankBuys } from '../banking/index.ts';
import type { AmountRangeOf, SpentInPeriods } from '../kyc/index.ts';

/** What other modules may use of orders: what a person spent (their KYC limits), a pair's amount range, bank-transfer buys. */
export interface OrdersFace {
  spentInPeriods: SpentInPeriods;
  amountRange: AmountRangeOf;
  /** Bank-transfer buys, as banking's credit intake matches transfers to them. */
  bankBuys: BankBuys;
}
