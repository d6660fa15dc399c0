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

/**
 * The arithmetic of a sell quote. fiatAmount (paid out to the card) = proceeds − our fee, where
 * proceeds = cryptoAmount × price and the price is below the reference price by the spread. No
 * network fee: the person pays their own chain's fee when they send. Rounding favours a figure we
 * can honour: the price and the proceeds down, our fee up; a person who types what they want to
 * receive is asked for enough crypto to get at least that.
 */
export function priceSell(input: PricingInput): Pricing {
  const fiatPlaces = input.fiatDecimals;
  const price = input.referencePrice
    .times(new Decimal(1).minus(input.spreadRate))
    .toDecimalPlaces(fiatPlaces + PRICE_EXTRA_DECIMALS, Decimal.ROUND_DOWN);
  const payoutOf = (crypto: Decimal) => sellPayoutAt({ ...input, price, cryptoAmount: crypto });
  const cryptoAmount =
    input.amount.type === 'crypto'
      ? input.amount.value.toDecimalPlaces(input.cryptoDecimals, Decimal.ROUND_DOWN)
      : leastCryptoPaying(
          input.amount.value.toDecimalPlaces(fiatPlaces, Decimal.ROUND_UP),
          price,
          input,
          (crypto) => payoutOf(crypto).fiatAmount,
        );
  const { fiatAmount, before, discount } = payoutOf(cryptoAmount);
  if (cryptoAmount.lte(0) || fiatAmount.lte(0)) throw new AmountTooSmallError('the amount does not cover the fees');
  const spread = cryptoAmount.times(input.referencePrice.minus(price)).toDecimalPlaces(fiatPlaces, Decimal.ROUND_HALF_UP);
  return {
    fiatAmount,
    cryptoAmount,
    price,
    ourFee: before.minus(discount),
    ourFeeBeforeDiscount: before,
    discount,
    networkFee: new Decimal(0),
    spread,
  };
}

/**
 * What selling `cryptoAmount` at a fixed `price` pays out, and our fee in it: priceSell's own
 * arithmetic, which a sell that received less than it was quoted for is settled with (at the
 * quoted price, docs/rules/sell-deposits.md).
 */
export function sellPayoutAt(input: {
  price: Decimal;
  cryptoAmount: Decimal;
  ourFeeRate: Decimal;
  discountRate: Decimal;
  fiatDecimals: number;
}): { fiatAmount: Decimal; before: Decimal; discount: Decimal } {
  const proceeds = input.cryptoAmount.times(input.price).toDecimalPlaces(input.fiatDecimals, Decimal.ROUND_DOWN);
  const before = proceeds.times(input.ourFeeRate).toDecimalPlaces(input.fiatDecimals, Decimal.ROUND_UP);
  const discount = before.times(input.discountRate).toDecimalPlaces(input.fiatDecimals, Decimal.ROUND_DOWN);
  return { fiatAmount: proceeds.minus(before).plus(discount), before, discount };
}

/**
 * The least crypto (in its smallest unit) whose payout is at least `wanted`. The exact quotient is
 * a lower bound (rounding only takes from the payout), and a cent more than the rounding can take
 * is an upper one: a binary search between them, a few dozen steps even for a cheap coin.
 */
function leastCryptoPaying(wanted: Decimal, price: Decimal, input: PricingInput, payoutOf: (crypto: Decimal) => Decimal): Decimal {
  const unit = new Decimal(1).dividedBy(new Decimal(10).pow(input.cryptoDecimals));
  const netRate = price.times(new Decimal(1).minus(input.ourFeeRate.times(new Decimal(1).minus(input.discountRate))));
  const cent = new Decimal(1).dividedBy(new Decimal(10).pow(input.fiatDecimals));
  let low = wanted.dividedBy(netRate).toDecimalPlaces(input.cryptoDecimals, Decimal.ROUND_DOWN);
  let high = wanted.plus(cent.times(3)).dividedBy(netRate).toDecimalPlaces(input.cryptoDecimals, Decimal.ROUND_UP).plus(unit);
  // Invariant: payoutOf(high) >= wanted; the answer is in (low, high] once low pays too little.
  if (payoutOf(low).gte(wanted)) return low;
  while (high.minus(low).gt(unit)) {
    const middle = low.plus(high).dividedBy(2).toDecimalPlaces(input.cryptoDecimals, Decimal.ROUND_DOWN);
    if (payoutOf(middle).gte(wanted)) high = middle;
    else low = middle;
  }
  return high;
}
