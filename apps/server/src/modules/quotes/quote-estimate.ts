import { type BuyEstimate, type BuyEstimateQuery, ErrorCode } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import { type PriceFeed, PriceUnavailableError, type ReferencePrice } from '../../providers/prices/index.ts';
import type { Catalogue } from '../reference/index.ts';
import { MAX_QUOTED_CRYPTO_DECIMALS } from './fee-schedule.ts';
import type { FeeScheduleSource } from './fee-settings.ts';
import { AmountTooSmallError, priceBuy } from './quote-pricing.ts';

/** The estimate prices card buys: the channel, payment method and transaction type a first visit's buy form offers. */
const CHANNEL = 'CHECKOUT';

/**
 * order/estimate-buy: what a card buy would give at the current price, for anyone. The arithmetic
 * of a firm quote (quote-pricing.ts priceBuy, the fee schedule as it stands, the catalogue's pair offers and the
 * price feed, read as quote.service.ts reads them) without what belongs to a person: no promotion
 * (the person is unknown, so none is promised), no KYC tier (the pair's own range stands), no
 * wallet, no order id. Nothing is stored and nothing is held: the answer says it is indicative.
 */
export function createQuoteEstimator(deps: { catalogue: Catalogue; fees: FeeScheduleSource; prices: PriceFeed }) {
  const { catalogue, prices } = deps;

  async function priceOf(crypto: string, fiat: string): Promise<ReferencePrice> {
    try {
      return await prices.referencePrice({ crypto, fiat });
    } catch (error) {
      if (error instanceof PriceUnavailableError) throw new AppError(ErrorCode.PricesUnavailable, error.message);
      throw error;
    }
  }

  /** The catalogue's decimals of the fiat and of the crypto on its network, as a quote rounds them. */
  async function decimalsOf(fiat: string, crypto: string, network: string) {
    const [fiats, networks] = await Promise.all([catalogue.listEnabledCurrencies('fiat'), catalogue.listEnabledNetworks([crypto])]);
    const fiatRow = fiats.find((row) => row.code === fiat);
    const networkRow = networks.find((row) => row.network === network && row.currencyCode === crypto);
    if (!fiatRow || !networkRow) throw new AppError(ErrorCode.TradingPairUnsupported);
    return { fiat: fiatRow.decimals, crypto: Math.min(networkRow.decimals, MAX_QUOTED_CRYPTO_DECIMALS) };
  }

  return {
    async estimate(query: BuyEstimateQuery): Promise<BuyEstimate> {
      const { fiatCurrency: fiat, cryptoCurrency: crypto, network } = query;
      const [offers, schedule] = await Promise.all([
        catalogue.listPairOffers({ baseCurrency: fiat, channelCode: CHANNEL, transactionType: 'buy' }),
        deps.fees.current(),
      ]);
      const pair = offers.find((offer) => offer.cryptoCurrency === crypto && offer.network === network);
      const fee = schedule.networkFeeIn(crypto, network);
      const feeRate = schedule.ourFeeRate(CHANNEL);
      const spreadRate = schedule.spreadRate(crypto);
      if (!pair || !fee || !feeRate)
        throw new AppError(ErrorCode.TradingPairUnsupported, `${crypto} on ${network} cannot be bought with ${fiat} by card`);
      const decimals = await decimalsOf(fiat, crypto, network);
      const amount = amountOf(query, decimals, fiat, crypto);

      const [reference, nativePrice] = await Promise.all([priceOf(crypto, fiat), priceOf(fee.coin, fiat)]);
      const range = { min: new Decimal(pair.minAmount), max: new Decimal(pair.maxAmount) };
      let pricing;
      try {
        pricing = priceBuy({
          referencePrice: reference.price,
          spreadRate: new Decimal(spreadRate),
          ourFeeRate: new Decimal(feeRate),
          discountRate: new Decimal(0),
          networkFee: new Decimal(fee.amount).times(nativePrice.price),
          fiatDecimals: decimals.fiat,
          cryptoDecimals: decimals.crypto,
          amount,
        });
      } catch (error) {
        if (error instanceof AmountTooSmallError) throw outOfRange(range, fiat, decimals.fiat);
        throw error;
      }
      if (pricing.fiatAmount.lt(range.min) || pricing.fiatAmount.gt(range.max)) throw outOfRange(range, fiat, decimals.fiat);

      const fixed = (value: Decimal) => value.toFixed(decimals.fiat);
      return {
        indicative: true,
        transactionType: 'buy',
        channelCode: CHANNEL,
        fiatCurrency: fiat,
        cryptoCurrency: crypto,
        network,
        fiatAmount: fixed(pricing.fiatAmount),
        cryptoAmount: pricing.cryptoAmount.toFixed(),
        price: pricing.price.toFixed(),
        referencePrice: reference.price.toFixed(),
        fees: {
          ourFee: fixed(pricing.ourFee),
          ourFeeRate: feeRate,
          networkFee: fixed(pricing.networkFee),
          spread: fixed(pricing.spread),
          spreadRate,
          total: fixed(pricing.ourFee.plus(pricing.networkFee)),
        },
        minAmount: fixed(range.min),
        maxAmount: fixed(range.max),
        pricedAt: reference.at.toISOString(),
      };
    },
  };
}

export type QuoteEstimator = ReturnType<typeof createQuoteEstimator>;

const decimalsIn = (value: string) => value.split('.')[1]?.length ?? 0;

/**
 * The amount asked about. More decimals than the currency has are refused rather than rounded away
 * (an estimate must be of the amount typed), as is an amount of nothing.
 */
function amountOf(query: BuyEstimateQuery, decimals: { fiat: number; crypto: number }, fiat: string, crypto: string) {
  const [field, value, places, currency] =
    query.fiatAmount !== undefined
      ? (['fiatAmount', query.fiatAmount, decimals.fiat, fiat] as const)
      : (['cryptoAmount', query.cryptoAmount!, decimals.crypto, crypto] as const);
  if (decimalsIn(value) > places)
    throw new AppError(ErrorCode.MalformedRequest, `query.${field}: at most ${places} decimals in ${currency}`);
  if (new Decimal(value).lte(0)) throw new AppError(ErrorCode.MalformedRequest, `query.${field}: must be more than 0`);
  return { type: field === 'fiatAmount' ? ('fiat' as const) : ('crypto' as const), value: new Decimal(value) };
}

/** The pair's range, refused as a quote refuses it (TransactionLimitExceeded with the range to show). */
function outOfRange(range: { min: Decimal; max: Decimal }, currency: string, fiatDecimals: number): AppError {
  const minAmount = range.min.toFixed(fiatDecimals);
  const maxAmount = range.max.toFixed(fiatDecimals);
  return new AppError(ErrorCode.TransactionLimitExceeded, `Transaction Limit Exceeded: between ${minAmount} and ${maxAmount} ${currency}`, {
    minAmount,
    maxAmount,
    currency,
  });
}
