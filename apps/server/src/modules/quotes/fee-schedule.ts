import { BANK_TRANSFER_CHANNELS, type QuoteFees } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { CHANNEL_FEE_SEEDS, PROMOTION_SEED } from '../../db/seed/pricing.ts';

/**
 * What a trade costs, as data an operator changes (docs/rules/limits.md "Fees"; fee-settings.ts reads and
 * changes the tables). Rates and amounts are decimal strings (never floats).
 * - Our fee: a share of what the person is charged (a buy) or paid (a sell), by channel.
 * - Spread: the price we sell at is above the reference price (we buy below it); a crypto may have its own.
 * - Network fee: what sending costs on the chain, in the network's own coin, priced at the reference price
 *   of that coin; a token transfer costs more than a plain one.
 * - The first-transactions promotion: a share of our fee taken off a person's first orders.
 */
export interface FeeSchedule {
  /** Our fee's rate on the channel; undefined when the channel has none (it is not quoted). */
  ourFeeRate(channel: string): string | undefined;
  spreadRate(crypto: string): string;
  /** The network fee in the network's coin for sending `crypto` on `network`; undefined for an unknown network. */
  networkFeeIn(crypto: string, network: string): { coin: string; amount: string } | undefined;
  promotion: { firstTransactions: number; discountRate: string };
}

/** The fee tables as read: plain data, decimal strings written plainly. */
export interface FeeTables {
  channels: ReadonlyArray<{ channelCode: string; feeRate: string }>;
  defaultSpreadRate: string;
  spreads: ReadonlyArray<{ cryptoCurrency: string; spreadRate: string }>;
  networks: ReadonlyArray<{ network: string; nativeCoin: string; nativeTransfer: string; tokenTransfer: string }>;
  promotion: { firstTransactions: number; discountRate: string };
}

export function feeScheduleOf(tables: FeeTables): FeeSchedule {
  const feeRates = new Map(tables.channels.map((row) => [row.channelCode, row.feeRate]));
  const spreads = new Map(tables.spreads.map((row) => [row.cryptoCurrency, row.spreadRate]));
  const networks = new Map(tables.networks.map((row) => [row.network, row]));
  return {
    ourFeeRate: (channel) => feeRates.get(channel),
    spreadRate: (crypto) => spreads.get(crypto) ?? tables.defaultSpreadRate,
    networkFeeIn(crypto, network) {
      const fee = networks.get(network);
      if (!fee) return undefined;
      return { coin: fee.nativeCoin, amount: crypto === fee.nativeCoin ? fee.nativeTransfer : fee.tokenTransfer };
    },
    promotion: tables.promotion,
  };
}

/**
 * The fees a quote stores: what the person is shown, and the rates it was priced with, so its order is
 * settled (a sell that received less, a bank-transfer buy repriced) at those rates whatever an operator
 * changes later. The rates are ours only: the answers' schema (quoteFeesSchema) leaves them out.
 */
export type PricedFees = QuoteFees & { ourFeeRate?: string; discountRate?: string };

/**
 * The rates an order's quote was priced with. A quote stored before the rates were kept with it was priced
 * with the schedule of then, which is the seed's.
 */
export function quotedRatesOf(fees: PricedFees, channelCode: string): { ourFeeRate: string; discountRate: string } {
  const seededFee = CHANNEL_FEE_SEEDS.find((row) => row.channelCode === channelCode)?.feeRate ?? '0';
  const discounted = new Decimal(fees.discount).gt(0);
  return {
    ourFeeRate: fees.ourFeeRate ?? seededFee,
    discountRate: fees.discountRate ?? (discounted ? PROMOTION_SEED.discountRate : '0'),
  };
}

/** The payment method each quoted channel is paid with: a quote naming another is refused. */
export const PAYMENT_METHOD_BY_CHANNEL: Record<string, string> = {
  CHECKOUT: 'CARD',
  KLARNA: 'KLARNA',
  ...Object.fromEntries(BANK_TRANSFER_CHANNELS.map((channel) => [channel, 'BANK_TRANSFER'])),
};

/** How long bought crypto takes to reach the wallet, by network (docs/rules/limits.md: about 1 hour at most). */
export const ARRIVAL_BY_NETWORK: Record<string, { minMinutes: number; maxMinutes: number; confirmations: number }> = {
  BTC: { minMinutes: 10, maxMinutes: 60, confirmations: 2 },
  ETH: { minMinutes: 1, maxMinutes: 15, confirmations: 12 },
  TRX: { minMinutes: 1, maxMinutes: 5, confirmations: 19 },
  SOL: { minMinutes: 1, maxMinutes: 5, confirmations: 32 },
  XRP: { minMinutes: 1, maxMinutes: 5, confirmations: 1 },
};

/** At most this many decimals of a crypto amount are quoted (18 for ETH would be unreadable dust). */
export const MAX_QUOTED_CRYPTO_DECIMALS = 8;
