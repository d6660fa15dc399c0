import { ErrorCode, isBankTransferChannel, type GetQuoteRequest, QUOTE_TTL_SECONDS, type Quote, type QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { type PriceFeed, PriceUnavailableError } from '../../providers/prices/index.ts';
import type { Principal } from '../identity/index.ts';
import { LIMIT_PERIODS } from '@causeway/contracts';
import { LIMIT_CURRENCY, type LimitTier, periodStarts, tierOf } from '../kyc/index.ts';
import type { Catalogue } from '../reference/index.ts';
import { checkDestination } from '../wallets/index.ts';
import type { MerchantTransactionService } from '../merchant/index.ts';
import { type FeeSchedule, MAX_QUOTED_CRYPTO_DECIMALS, PAYMENT_METHOD_BY_CHANNEL, type PricedFees, quotedRatesOf } from './fee-schedule.ts';
import type { FeeScheduleSource } from './fee-settings.ts';
import type { FirmQuote } from './firm-quote.ts';
import type { QuoteRow, QuotesRepository } from './quotes.repository.ts';
import { AmountTooSmallError, type Pricing, priceBuy, priceSell } from './quote-pricing.ts';

export type QuoteInput = Omit<GetQuoteRequest, 'channelCode' | 'paymentMethod'> & {
  channelCode: string;
  paymentMethod: string;
};

type TransactionType = 'buy' | 'sell';

type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** What a quote and a submit read of a person's orders, in one statement. */
export interface Standing {
  /** What they spent since each limit period's start, in the limit currency (EUR): decimal strings. */
  spent: Record<LimitPeriod, string>;
  /** How many of their orders count towards the first-transactions promotion. */
  spentOrders: number;
  /** Who submitted the order id asked about already, or null. */
  orderOwner: string | null;
}

/** What a repriced bank-transfer buy keeps of its quote. */
export interface RepricedOrder {
  fiatCurrency: string;
  fiatAmount: string;
  cryptoCurrency: string;
  network: string;
  channelCode: string;
  fees: QuoteFees;
}

/** The rates a pricing used: what its quote and order keep beside the figures (fee-schedule.ts PricedFees). */
interface PricingRates {
  spreadRate: string;
  ourFeeRate: string;
  discountRate: string;
}

/** A pricing's fees as a quote and an order keep them, in the fiat's decimals, with the rates it used. */
function quoteFeesOf(pricing: Pricing, rates: PricingRates, fiatDecimals: number): PricedFees {
  const fixed = (value: Decimal) => value.toFixed(fiatDecimals);
  return {
    ourFee: fixed(pricing.ourFee),
    ourFeeBeforeDiscount: fixed(pricing.ourFeeBeforeDiscount),
    networkFee: fixed(pricing.networkFee),
    spread: fixed(pricing.spread),
    spreadRate: rates.spreadRate,
    discount: fixed(pricing.discount),
    total: fixed(pricing.ourFee.plus(pricing.networkFee)),
    ourFeeRate: rates.ourFeeRate,
    discountRate: rates.discountRate,
  };
}

/** What quotes read of a person's orders (the orders module answers it). */
export interface Spending {
  standing(userId: string, starts: Record<LimitPeriod, Date>, orderId: string | null): Promise<Standing>;
}

/** The pair's own range and the tier's room left, in the order's fiat. */
export interface AmountLimits {
  minAmount: Decimal;
  maxAmount: Decimal;
}

/**
 * Firm quotes for card and Klarna buys and card sells: the reference price with our spread (above it to buy,
 * below it to sell), our fee (less the first-transactions promotion), the network fee of a payout
 * (a buy's; a seller pays their own), and the limits of the pair and of the person's KYC tier. The fees
 * and the tiers are data an operator changes (docs/rules/limits.md), read through this process's caches:
 * a quote prices with the schedule as it stands, and keeps the rates it used.
 * A quote belongs to one order id and holds for QUOTE_TTL_SECONDS; only the order's newest quote
 * can be submitted.
 */
export function createQuoteService(deps: {
  reference: Catalogue;
  quotes: QuotesRepository;
  /** What the person's orders spent since each moment (EUR), and how many count for the promotion: the orders module's. */
  spending: Spending;
  prices: PriceFeed;
  clock: Clock;
  kycLevelOf: (userId: string) => Promise<number>;
  /** The fee schedule as it stands (the quotes module's face, cached). */
  fees: FeeScheduleSource;
  /** The verification tiers' limits as they stand (the kyc module's face, cached). */
  limitTiers: () => Promise<readonly LimitTier[]>;
  /** A quote for a merchant's transaction must fit it: its person and state, currencies, network, amount and wallet. */
  transactions: Pick<MerchantTransactionService, 'openFor' | 'merchantDestination' | 'assertFits'>;
}) {
  const { quotes, spending, prices, clock } = deps;

  async function referencePrice(crypto: string, fiat: string): Promise<Decimal> {
    try {
      return (await prices.referencePrice({ crypto, fiat })).price;
    } catch (error) {
      if (error instanceof PriceUnavailableError) throw new AppError(ErrorCode.PricesUnavailable, error.message);
      throw error;
    }
  }

  async function pairOf(input: PairInput) {
    const transactionType = input.transactionType ?? 'buy';
    const offers = await deps.reference.listPairOffers({
      baseCurrency: input.fiatCurrency,
      channelCode: input.channelCode,
      transactionType,
    });
    const pair = offers.find((offer) => offer.cryptoCurrency === input.cryptoCurrency && offer.network === input.network);
    if (!pair)
      throw new AppError(
        ErrorCode.TradingPairUnsupported,
        transactionType === 'sell'
          ? `${input.cryptoCurrency} on ${input.network} cannot be sold for ${input.fiatCurrency} to a card`
          : `${input.cryptoCurrency} on ${input.network} cannot be bought with ${input.fiatCurrency} ${input.channelCode === 'KLARNA' ? 'with Klarna' : isBankTransferChannel(input.channelCode) ? 'by bank transfer' : 'by card'}`,
      );
    return pair;
  }

  async function decimalsOf(fiat: string, crypto: string, network: string) {
    const [fiats, networks] = await Promise.all([
      deps.reference.listEnabledCurrencies('fiat'),
      deps.reference.listEnabledNetworks([crypto]),
    ]);
    const fiatRow = fiats.find((row) => row.code === fiat);
    const networkRow = networks.find((row) => row.network === network);
    if (!fiatRow || !networkRow) throw new AppError(ErrorCode.TradingPairUnsupported);
    return { fiat: fiatRow.decimals, crypto: Math.min(networkRow.decimals, MAX_QUOTED_CRYPTO_DECIMALS) };
  }

  /** A person's standing (spent per period, promotion count, who holds `orderId`). Inside the caller's transaction it joins it. */
  const standingOf = (userId: string, orderId: string | null = null) => spending.standing(userId, periodStarts(clock.now()), orderId);

  /**
   * The KYC tier's smallest room left over its periods, in EUR, and the promotion as it stands.
   * `kycLevel` when the caller read it already.
   */
  async function tierRoomAndPromotion(userId: string, kycLevel?: number) {
    const [level, standing, tiers, schedule] = await Promise.all([
      kycLevel ?? deps.kycLevelOf(userId),
      standingOf(userId),
      deps.limitTiers(),
      deps.fees.current(),
    ]);
    return { room: roomLeft(tiers, level, standing), promotion: promotionOf(standing, schedule) };
  }

  /** What one unit of the fiat is worth in EUR, through the crypto's two prices (the feed prices crypto only). */
  async function eurPerFiat(fiat: string, crypto: string): Promise<Decimal> {
    if (fiat === LIMIT_CURRENCY) return new Decimal(1);
    const [inEur, inFiat] = await Promise.all([referencePrice(crypto, LIMIT_CURRENCY), referencePrice(crypto, fiat)]);
    return inEur.dividedBy(inFiat);
  }

  /**
   * A sell: the person sends cryptoAmount to an address made for the order once it is submitted,
   * and fiatAmount is paid out to their card. No wallet address (the crypto comes to us) and no
   * merchant transaction (merchants' transactions are buys).
   */
  async function sellQuote(user: Principal, input: QuoteInput, standing: Standing, kycLevel: number, terms: QuoteTerms): Promise<Quote> {
    if (input.walletAddress !== undefined || input.memo !== undefined || input.tranId !== undefined)
      throw new AppError(ErrorCode.TradingPairUnsupported, 'a sell takes no wallet address and no merchant transaction');
    // Card sells (CHECKOUT, CARD) and bank-transfer sells (a bank channel, BANK_TRANSFER: proceeds to the balance).
    const { schedule } = terms;
    const feeRate = schedule.ourFeeRate(input.channelCode);
    const sellable = input.channelCode === 'CHECKOUT' || isBankTransferChannel(input.channelCode);
    if (!feeRate || !sellable || PAYMENT_METHOD_BY_CHANNEL[input.channelCode] !== input.paymentMethod)
      throw new AppError(
        ErrorCode.TradingPairUnsupported,
        'only card sells (CHECKOUT, CARD) and bank-transfer sells (a bank channel, BANK_TRANSFER) are quoted here',
      );
    const decimals = await decimalsOf(input.fiatCurrency, input.cryptoCurrency, input.network);
    const limits = amountLimits(
      await service.pairAndRate({ ...input, transactionType: 'sell' }),
      roomLeft(terms.tiers, kycLevel, standing),
      decimals.fiat,
    );
    const promotion = promotionOf(standing, schedule);
    const rates = ratesOf(schedule, input.cryptoCurrency, feeRate, promotion.eligible);
    const reference = await referencePrice(input.cryptoCurrency, input.fiatCurrency);
    let pricing;
    try {
      pricing = priceSell({
        referencePrice: reference,
        spreadRate: new Decimal(rates.spreadRate),
        ourFeeRate: new Decimal(rates.ourFeeRate),
        discountRate: new Decimal(rates.discountRate),
        networkFee: new Decimal(0),
        fiatDecimals: decimals.fiat,
        cryptoDecimals: decimals.crypto,
        amount:
          input.fiatAmount !== undefined
            ? { type: 'fiat', value: new Decimal(input.fiatAmount) }
            : { type: 'crypto', value: new Decimal(input.cryptoAmount!) },
      });
    } catch (error) {
      if (error instanceof AmountTooSmallError) throw limitExceeded(limits, input.fiatCurrency, decimals.fiat);
      throw error;
    }
    if (pricing.fiatAmount.lt(limits.minAmount) || pricing.fiatAmount.gt(limits.maxAmount))
      throw limitExceeded(limits, input.fiatCurrency, decimals.fiat);
    return storeQuote(user, input, 'sell', { pricing, rates }, reference, promotion.eligible, decimals.fiat, limits, null);
  }

  /** Stores the quote (the order id must be free or the person's own) and answers it. */
  async function storeQuote(
    user: Principal,
    input: QuoteInput,
    transactionType: TransactionType,
    { pricing, rates }: { pricing: Pricing; rates: PricingRates },
    reference: Decimal,
    promotionApplied: boolean,
    fiatDecimals: number,
    limits: AmountLimits,
    destination: { address: string; memo: string | null } | null,
  ): Promise<Quote> {
    const now = clock.now();
    const fixed = (value: Decimal) => value.toFixed(fiatDecimals);
    const fees = quoteFeesOf(pricing, rates, fiatDecimals);
    const row: QuoteRow = {
      id: newId('quo'),
      orderId: input.orderId,
      userId: user.id,
      transactionType,
      channelCode: input.channelCode,
      paymentMethod: input.paymentMethod,
      fiatCurrency: input.fiatCurrency,
      cryptoCurrency: input.cryptoCurrency,
      network: input.network,
      amountType: input.fiatAmount !== undefined ? 'fiat' : 'crypto',
      fiatAmount: fixed(pricing.fiatAmount),
      cryptoAmount: pricing.cryptoAmount.toFixed(),
      price: pricing.price.toFixed(),
      referencePrice: reference.toFixed(),
      fees,
      promotionApplied,
      walletAddress: destination?.address ?? null,
      memo: destination?.memo ?? null,
      tranId: input.tranId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000),
      supersededAt: null,
    };
    // Another person's quotes may hold the order id: the insert refuses it rather than a read before it.
    if (!(await quotes.insertQuote(row))) throw orderIdTaken();
    return toQuote(row, limits, fiatDecimals, now);
  }

  const service = {
    /**
     * A bank-transfer buy that waited for its money is priced again when it arrives (docs/rules/bank-transfers.md):
     * the same fiat amount, channel fee, spread and discount as its quote (the rates it stored, whatever an operator
     * changed since), at the reference price and network fee of now.
     */
    async repriceBuy(order: RepricedOrder): Promise<{ cryptoAmount: string; price: string; fees: QuoteFees }> {
      const quoted = { ...quotedRatesOf(order.fees, order.channelCode), spreadRate: order.fees.spreadRate };
      const networkFee = (await deps.fees.current()).networkFeeIn(order.cryptoCurrency, order.network);
      if (!networkFee) throw new Error(`a ${order.channelCode} buy on ${order.network} has no network fee`);
      const decimals = await decimalsOf(order.fiatCurrency, order.cryptoCurrency, order.network);
      const [reference, nativePrice] = await Promise.all([
        referencePrice(order.cryptoCurrency, order.fiatCurrency),
        referencePrice(networkFee.coin, order.fiatCurrency),
      ]);
      const pricing = priceBuy({
        referencePrice: reference,
        spreadRate: new Decimal(quoted.spreadRate),
        ourFeeRate: new Decimal(quoted.ourFeeRate),
        // The first-transactions discount the quote gave stays given: the order counted towards it.
        discountRate: new Decimal(quoted.discountRate),
        networkFee: new Decimal(networkFee.amount).times(nativePrice),
        fiatDecimals: decimals.fiat,
        cryptoDecimals: decimals.crypto,
        amount: { type: 'fiat', value: new Decimal(order.fiatAmount) },
      });
      return {
        cryptoAmount: pricing.cryptoAmount.toFixed(),
        price: pricing.price.toFixed(),
        fees: quoteFeesOf(pricing, quoted, decimals.fiat),
      };
    },

    /** The pair's own range and what one unit of the fiat is worth in EUR (the tier's room is the caller's to add). */
    async pairAndRate(input: PairInput): Promise<PairAndRate> {
      const pair = await pairOf(input);
      return {
        minAmount: new Decimal(pair.minAmount),
        pairMax: new Decimal(pair.maxAmount),
        eurPerFiat: await eurPerFiat(input.fiatCurrency, input.cryptoCurrency),
      };
    },

    tierRoomAndPromotion,

    /**
     * The amounts of the pair the person may buy now, before any quote (kyc/limit/query with a pair):
     * the pair's range cut to their tier's room, written as the quote writes its minAmount and maxAmount.
     */
    async amountRange(userId: string, input: PairInput) {
      const decimals = await decimalsOf(input.fiatCurrency, input.cryptoCurrency, input.network);
      const [pair, { room }] = await Promise.all([service.pairAndRate(input), tierRoomAndPromotion(userId)]);
      const limits = amountLimits(pair, room, decimals.fiat);
      return {
        currency: input.fiatCurrency,
        minAmount: limits.minAmount.toFixed(decimals.fiat),
        maxAmount: Decimal.max(0, limits.maxAmount).toFixed(decimals.fiat),
      };
    },

    /** The refusal for an amount over the tier's `room` (EUR), with the range that would fit (submit-buy's check under its lock). */
    roomExceeded(pair: PairAndRate, room: Decimal, currency: string, fiatDecimals: number): AppError {
      return limitExceeded(amountLimits(pair, room, fiatDecimals), currency, fiatDecimals);
    },

    async promotion(userId: string) {
      const [standing, schedule] = await Promise.all([standingOf(userId), deps.fees.current()]);
      return promotionOf(standing, schedule);
    },

    async quote(user: Principal, input: QuoteInput): Promise<Quote> {
      // One read of the person's orders and one of their KYC level: what the whole quote needs of them. The fees
      // and the tiers come from this process's caches (no query once warm).
      const [standing, kycLevel, schedule, tiers] = await Promise.all([
        standingOf(user.id, input.orderId),
        deps.kycLevelOf(user.id),
        deps.fees.current(),
        deps.limitTiers(),
      ]);
      // An order id is one person's, and a submitted order keeps the quote it was submitted with.
      if (standing.orderOwner && standing.orderOwner !== user.id) throw orderIdTaken();
      if (standing.orderOwner) throw new AppError(ErrorCode.OrderAlreadySubmitted);
      const transactionType: TransactionType = input.transactionType ?? 'buy';
      if (transactionType === 'sell') return sellQuote(user, input, standing, kycLevel, { schedule, tiers });
      const transaction = input.tranId ? await deps.transactions.openFor(user, input.tranId, input) : null;
      // A quote that names no address for a merchant's transaction takes the merchant's (fixed or prefill).
      const named = input.walletAddress
        ? { address: input.walletAddress, memo: input.memo }
        : transaction && deps.transactions.merchantDestination(transaction, input.network);
      const destination = named ? await checkDestination({ network: input.network, address: named.address, memo: named.memo }) : null;
      // Card buys (CHECKOUT, paymentMethod CARD), Klarna buys (KLARNA) and bank-transfer buys (a bank channel, BANK_TRANSFER).
      const feeRate = schedule.ourFeeRate(input.channelCode);
      if (!feeRate || PAYMENT_METHOD_BY_CHANNEL[input.channelCode] !== input.paymentMethod)
        throw new AppError(
          ErrorCode.TradingPairUnsupported,
          'only card buys (CHECKOUT, CARD), Klarna buys (KLARNA, KLARNA) and bank-transfer buys (a bank channel, BANK_TRANSFER) are quoted here',
        );
      const decimals = await decimalsOf(input.fiatCurrency, input.cryptoCurrency, input.network);
      const limits = amountLimits(await service.pairAndRate(input), roomLeft(tiers, kycLevel, standing), decimals.fiat);
      const promotion = promotionOf(standing, schedule);
      const rates = ratesOf(schedule, input.cryptoCurrency, feeRate, promotion.eligible);
      const networkFee = schedule.networkFeeIn(input.cryptoCurrency, input.network);
      if (!networkFee) throw new AppError(ErrorCode.TradingPairUnsupported);
      const [reference, nativePrice] = await Promise.all([
        referencePrice(input.cryptoCurrency, input.fiatCurrency),
        referencePrice(networkFee.coin, input.fiatCurrency),
      ]);
      let pricing;
      try {
        pricing = priceBuy({
          referencePrice: reference,
          spreadRate: new Decimal(rates.spreadRate),
          ourFeeRate: new Decimal(rates.ourFeeRate),
          discountRate: new Decimal(rates.discountRate),
          networkFee: new Decimal(networkFee.amount).times(nativePrice),
          fiatDecimals: decimals.fiat,
          cryptoDecimals: decimals.crypto,
          amount:
            input.fiatAmount !== undefined
              ? { type: 'fiat', value: new Decimal(input.fiatAmount) }
              : { type: 'crypto', value: new Decimal(input.cryptoAmount!) },
        });
      } catch (error) {
        if (error instanceof AmountTooSmallError) throw limitExceeded(limits, input.fiatCurrency, decimals.fiat);
        throw error;
      }
      // What is quoted (after rounding) must be what the merchant fixed, before anything is stored.
      if (transaction) {
        deps.transactions.assertFits(transaction, {
          ...input,
          amountType: input.fiatAmount !== undefined ? 'fiat' : 'crypto',
          fiatAmount: pricing.fiatAmount,
          cryptoAmount: pricing.cryptoAmount,
          destination,
        });
      }
      if (pricing.fiatAmount.lt(limits.minAmount) || pricing.fiatAmount.gt(limits.maxAmount))
        throw limitExceeded(limits, input.fiatCurrency, decimals.fiat);

      return storeQuote(user, input, 'buy', { pricing, rates }, reference, promotion.eligible, decimals.fiat, limits, destination);
    },

    /** update-quote: a fresh price for the order's newest quote, same amounts as typed. */
    async refresh(user: Principal, orderId: string, quoteId: string): Promise<Quote> {
      const old = await quotes.findQuote(quoteId);
      if (!old || old.userId !== user.id || old.orderId !== orderId) throw new AppError(ErrorCode.QuoteNotCurrent);
      if (old.supersededAt) throw new AppError(ErrorCode.QuoteNotCurrent);
      const typed = old.amountType === 'fiat' ? { fiatAmount: old.fiatAmount } : { cryptoAmount: old.cryptoAmount };
      return service.quote(user, {
        orderId,
        transactionType: old.transactionType as TransactionType,
        channelCode: old.channelCode,
        paymentMethod: old.paymentMethod,
        fiatCurrency: old.fiatCurrency,
        cryptoCurrency: old.cryptoCurrency,
        network: old.network,
        ...typed,
        ...(old.walletAddress ? { walletAddress: old.walletAddress } : {}),
        ...(old.memo ? { memo: old.memo } : {}),
        ...(old.tranId ? { tranId: old.tranId } : {}),
      });
    },

    /** The order's quote if it is the newest and still firm; the errors say which it is not. */
    async firmQuote(user: Principal, orderId: string, quoteId: string): Promise<FirmQuote> {
      const quote = await quotes.findQuote(quoteId);
      if (!quote || quote.userId !== user.id || quote.orderId !== orderId || quote.supersededAt)
        throw new AppError(ErrorCode.QuoteNotCurrent);
      if (clock.now() >= quote.expiresAt) throw new AppError(ErrorCode.QuoteExpired, 'Quotation Expired');
      return quote;
    },
  };
  return service;
}

type PairAndRate = { minAmount: Decimal; pairMax: Decimal; eurPerFiat: Decimal };
type PairInput = { fiatCurrency: string; cryptoCurrency: string; network: string; channelCode: string; transactionType?: TransactionType };

const orderIdTaken = () => new AppError(ErrorCode.IdempotencyKeyReused, 'This order id belongs to another order: generate a new one.');

/** What a quote prices with, read once: the schedule and the tiers as they stand. */
type QuoteTerms = { schedule: FeeSchedule; tiers: readonly LimitTier[] };

/** The rates one pricing uses: the channel's fee, the crypto's spread, and the promotion's discount if it applies. */
function ratesOf(schedule: FeeSchedule, crypto: string, ourFeeRate: string, discounted: boolean): PricingRates {
  return { spreadRate: schedule.spreadRate(crypto), ourFeeRate, discountRate: discounted ? schedule.promotion.discountRate : '0' };
}

/** The KYC tier's smallest room left over its periods, in EUR. */
function roomLeft(tiers: readonly LimitTier[], kycLevel: number, standing: Standing): Decimal {
  const tier = tierOf(tiers, kycLevel);
  const left = LIMIT_PERIODS.map((period) => new Decimal(tier[period]).minus(standing.spent[period]));
  return Decimal.max(0, Decimal.min(...left));
}

/** The first-transactions promotion as the person's orders leave it, under the schedule as it stands. */
function promotionOf(standing: Standing, schedule: FeeSchedule) {
  const { firstTransactions, discountRate } = schedule.promotion;
  const remaining = Math.max(0, firstTransactions - standing.spentOrders);
  return {
    // A discount of nothing is no promotion: no quote says one applied.
    eligible: remaining > 0 && new Decimal(discountRate).gt(0),
    discountRate,
    remainingTransactions: remaining,
    totalTransactions: firstTransactions,
  };
}

/** The pair's range cut down to the tier's room (EUR), in the fiat. */
function amountLimits(pair: PairAndRate, room: Decimal, fiatDecimals: number): AmountLimits {
  return {
    minAmount: pair.minAmount,
    maxAmount: Decimal.min(pair.pairMax, room.dividedBy(pair.eurPerFiat).toDecimalPlaces(fiatDecimals, Decimal.ROUND_DOWN)),
  };
}

function limitExceeded(limits: AmountLimits, currency: string, fiatDecimals: number): AppError {
  const minAmount = limits.minAmount.toFixed(fiatDecimals);
  const maxAmount = Decimal.max(0, limits.maxAmount).toFixed(fiatDecimals);
  return new AppError(ErrorCode.TransactionLimitExceeded, `Transaction Limit Exceeded: between ${minAmount} and ${maxAmount} ${currency}`, {
    minAmount,
    maxAmount,
    currency,
  });
}

function toQuote(row: QuoteRow, limits: AmountLimits, fiatDecimals: number, now: Date): Quote {
  return {
    quoteId: row.id,
    orderId: row.orderId,
    transactionType: row.transactionType as TransactionType,
    channelCode: row.channelCode as Quote['channelCode'],
    paymentMethod: row.paymentMethod,
    fiatCurrency: row.fiatCurrency,
    cryptoCurrency: row.cryptoCurrency,
    network: row.network,
    fiatAmount: row.fiatAmount,
    cryptoAmount: new Decimal(row.cryptoAmount).toFixed(),
    price: new Decimal(row.price).toFixed(),
    referencePrice: new Decimal(row.referencePrice).toFixed(),
    fees: row.fees as QuoteFees,
    promotionApplied: row.promotionApplied,
    minAmount: limits.minAmount.toFixed(fiatDecimals),
    maxAmount: Decimal.max(0, limits.maxAmount).toFixed(fiatDecimals),
    expiresAt: row.expiresAt.toISOString(),
    expiresInSeconds: Math.max(0, Math.round((row.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
