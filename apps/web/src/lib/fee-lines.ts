import type { QuoteFees } from '@causeway/contracts';
import { isPositiveDecimal, sumDecimals } from './decimal';

/** One line of the fees that add up to the total: added, or taken away (the promotion). */
export interface FeeLine {
  kind: 'networkFee' | 'ourFee' | 'discount';
  amount: string;
  minus: boolean;
}

/**
 * The fees of a quote or an order as lines that add up on screen (the quote, the confirm step and
 * the order details): network fee + our fee − the promotion's discount = total. Each figure is
 * shown once (our fee before the discount; the discount as its own line), and the total is their
 * exact sum. The spread is not among them: it is inside the price, and is shown apart.
 */
export function feeLines(fees: Pick<QuoteFees, 'networkFee' | 'ourFee' | 'ourFeeBeforeDiscount' | 'discount'>): { lines: FeeLine[]; total: string } {
  const discounted = isPositiveDecimal(fees.discount);
  const lines: FeeLine[] = [
    { kind: 'networkFee', amount: fees.networkFee, minus: false },
    { kind: 'ourFee', amount: discounted ? fees.ourFeeBeforeDiscount : fees.ourFee, minus: false },
    ...(discounted ? [{ kind: 'discount' as const, amount: fees.discount, minus: true }] : []),
  ];
  return { lines, total: sumDecimals(lines.map((line) => ({ value: line.amount, minus: line.minus }))) };
}
