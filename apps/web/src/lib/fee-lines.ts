import type { QuoteFees } from '@causeway/contracts';
import { isPositiveDecimal } from './decimal';

/** One line of the fees that add up to the total: added, or taken away (the promotion). */
export interface FeeLine {
  kind: 'networkFee' | 'ourFee' | 'discount';
  amount: string;
  minus: boolean;
}

/**
 * The fees of a quote or an order as lines that add up on screen (the quote, the confirm step and
 * the order details): network fee + our fee − the promotion's discount = total. Each figure is
 * shown once (our fee before the discount; the discount as its own line). The spread is not among
 * them: it is inside the price, and is shown apart.
 *
 * The total under them is the server's `fees.total` (what the order charges), never one the page
 * works out: fee-lines.test.ts checks that these lines add up to it for a real quote, so a fee the
 * server adds later without a line here fails the tests rather than showing lines that do not add up.
 */
export function feeLines(fees: Pick<QuoteFees, 'networkFee' | 'ourFee' | 'ourFeeBeforeDiscount' | 'discount'>): FeeLine[] {
  const discounted = isPositiveDecimal(fees.discount);
  return [
    { kind: 'networkFee', amount: fees.networkFee, minus: false },
    { kind: 'ourFee', amount: discounted ? fees.ourFeeBeforeDiscount : fees.ourFee, minus: false },
    ...(discounted ? [{ kind: 'discount' as const, amount: fees.discount, minus: true }] : []),
  ];
}
