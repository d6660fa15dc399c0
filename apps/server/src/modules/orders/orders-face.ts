import type { AmountRangeOf, SpentInPeriods } from '../kyc/index.ts';

/** What other modules may use of orders: what a person spent (their KYC limits), and a pair's amount range. */
export interface OrdersFace {
  spentInPeriods: SpentInPeriods;
  amountRange: AmountRangeOf;
}
