import type { QuoteFees } from '@causeway/contracts';
import { compareDecimal, isPositiveDecimal, sumDecimals } from './decimal';

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
 * The total is the server's (what the order charges), never one the page worked out: `addsUp`
 * says whether the lines' exact sum matches it. It does for every fee the server has today
 * (fee-lines.test.ts checks a real quote); a fee the server adds later without a line here would
 * make it false, and the tests fail, rather than the page show a total that is not charged.
 */
export function feeLines(fees: Pick<QuoteFees, 'networkFee' | 'ourFee' | 'ourFeeBeforeDiscount' | 'discount' | 'total'>): { lines: FeeLine[]; total: string; addsUp: boolean } {
  const discounted = isPositiveDecimal(fees.discount);
  const lines: FeeLine[] = [
    { kind: 'networkFee', amount: fees.networkFee, minus: false },
    { kind: 'ourFee', amount: discounted ? fees.ourFeeBeforeDiscount : fees.ourFee, minus: false },
    ...(discounted ? [{ kind: 'discount' as const, amount: fees.discount, minus: true }] : []),
  ];
  const sum = sumDecimals(lines.map((line) => ({ value: line.amount, minus: line.minus })));
  return { lines, total: fees.total, addsUp: !sum.startsWith('-') && compareDecimal(sum, fees.total) === 0 };
}
