import Decimal from 'decimal.js';

/**
 * The arithmetic of a buy quote, pure and exact (decimal.js). Every figure the person sees adds
 * up: fiatAmount = cost of the crypto + network fee + our fee, where cost = cryptoAmount × price.
 * Rounding always favours a figure we can honour: the crypto down, what is charged up.
 */
export interface PricingInput {
  referencePrice: Decimal;
  spreadRate: Decimal;
  ourFeeRate: Decimal;
  /** 0 without a promotion, 0.5 for the first-3-transactions discount. */
  discountRate: Decimal;
  /** The network fee already priced in the fiat currency. */
  networkFee: Decimal;
  fiatDecimals: number;
  cryptoDecimals: number;
  amount: { type: 'fiat'; value: Decimal } | { type: 'crypto'; value: Decimal };
}

export interface Pricing {
  fiatAmount: Decimal;
  cryptoAmount: Decimal;
  price: Decimal;
  ourFee: Decimal;
  ourFeeBeforeDiscount: Decimal;
  discount: Decimal;
  networkFee: Decimal;
  spread: Decimal;
}

/** The amount is too small to buy anything once the fees are paid. */
export class AmountTooSmallError extends Error {}

/** Extra places kept on a price so cheap coins (TRX at 0.2 EUR) still price exactly enough. */
const PRICE_EXTRA_DECIMALS = 6;

export function priceBuy(input: PricingInput): Pricing {
  const fiatPlaces = input.fiatDecimals;
  const price = input.referencePrice.times(input.spreadRate.plus(1)).toDecimalPlaces(fiatPlaces + PRICE_EXTRA_DECIMALS, Decimal.ROUND_UP);
  const networkFee = input.networkFee.toDecimalPlaces(fiatPlaces, Decimal.ROUND_UP);
  const feesOf = (charged: Decimal) => {
    const before = charged.times(input.ourFeeRate).toDecimalPlaces(fiatPlaces, Decimal.ROUND_UP);
    const discount = before.times(input.discountRate).toDecimalPlaces(fiatPlaces, Decimal.ROUND_DOWN);
    return { before, discount, ourFee: before.minus(discount) };
  };

  let fiatAmount: Decimal;
  let cryptoAmount: Decimal;
  let fees: ReturnType<typeof feesOf>;
  if (input.amount.type === 'fiat') {
    fiatAmount = input.amount.value.toDecimalPlaces(fiatPlaces, Decimal.ROUND_DOWN);
    fees = feesOf(fiatAmount);
    const net = fiatAmount.minus(fees.ourFee).minus(networkFee);
    cryptoAmount = net.dividedBy(price).toDecimalPlaces(input.cryptoDecimals, Decimal.ROUND_DOWN);
  } else {
    cryptoAmount = input.amount.value.toDecimalPlaces(input.cryptoDecimals, Decimal.ROUND_DOWN);
    const cost = cryptoAmount.times(price).toDecimalPlaces(fiatPlaces, Decimal.ROUND_UP);
    const effectiveRate = input.ourFeeRate.times(new Decimal(1).minus(input.discountRate));
    const estimate = cost.plus(networkFee).dividedBy(new Decimal(1).minus(effectiveRate)).toDecimalPlaces(fiatPlaces, Decimal.ROUND_UP);
    fees = feesOf(estimate);
    fiatAmount = cost.plus(networkFee).plus(fees.ourFee);
  }
  if (cryptoAmount.lte(0)) throw new AmountTooSmallError('the amount does not cover the fees');
  const spread = cryptoAmount.times(price.minus(input.referencePrice)).toDecimalPlaces(fiatPlaces, Decimal.ROUND_HALF_UP);
  return {
    fiatAmount,
    cryptoAmount,
    price,
    ourFee: fees.ourFee,
    ourFeeBeforeDiscount: fees.before,
    discount: fees.discount,
    networkFee,
    spread,
  };
}
