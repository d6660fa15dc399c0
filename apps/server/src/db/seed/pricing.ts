import { BANK_TRANSFER_CHANNELS, PROMOTION_DISCOUNT_RATE, PROMOTION_FIRST_TRANSACTIONS } from '@causeway/contracts';

/**
 * The fees and tier limits a fresh install starts with (docs/rules/limits.md). Operators change them
 * afterwards through the quotes and kyc modules' faces; seeding never overwrites a row. Rates and amounts
 * are decimal strings (never floats).
 */

/**
 * Our fee by channel, a share of what the person is charged: CHECKOUT is the card channel; KLARNA costs
 * us more than a card (Klarna's merchant fee), so it costs more; a bank transfer costs us a flat few
 * cents and carries no chargeback risk, so it is the cheapest way to buy.
 */
export const CHANNEL_FEE_SEEDS: ReadonlyArray<{ channelCode: string; feeRate: string }> = [
  { channelCode: 'CHECKOUT', feeRate: '0.025' },
  { channelCode: 'KLARNA', feeRate: '0.035' },
  ...BANK_TRANSFER_CHANNELS.map((channelCode) => ({ channelCode, feeRate: '0.01' })),
];

/** The spread over the reference price: stablecoins move less, so less. */
export const DEFAULT_SPREAD_RATE_SEED = '0.01';
export const SPREAD_RATE_SEEDS: ReadonlyArray<{ cryptoCurrency: string; spreadRate: string }> = [
  { cryptoCurrency: 'USDT', spreadRate: '0.005' },
  { cryptoCurrency: 'USDC', spreadRate: '0.005' },
];

/**
 * What sending costs on each chain, in its own coin. A token transfer (USDT on Ethereum) costs more gas
 * than a plain one; on Solana it may have to open the receiver's token account (about 0.002 SOL of rent).
 */
export const NETWORK_FEE_SEEDS: ReadonlyArray<{ network: string; nativeCoin: string; nativeTransfer: string; tokenTransfer: string }> = [
  { network: 'BTC', nativeCoin: 'BTC', nativeTransfer: '0.00002', tokenTransfer: '0.00002' },
  { network: 'ETH', nativeCoin: 'ETH', nativeTransfer: '0.0001', tokenTransfer: '0.0004' },
  { network: 'TRX', nativeCoin: 'TRX', nativeTransfer: '1.1', tokenTransfer: '14' },
  { network: 'SOL', nativeCoin: 'SOL', nativeTransfer: '0.000005', tokenTransfer: '0.00205' },
  { network: 'XRP', nativeCoin: 'XRP', nativeTransfer: '0.2', tokenTransfer: '0.2' },
];

/** The first-transactions promotion: half our fee off the first 3 orders. */
export const PROMOTION_SEED = { firstTransactions: PROMOTION_FIRST_TRANSACTIONS, discountRate: PROMOTION_DISCOUNT_RATE } as const;

/**
 * What each verification tier may buy, in EUR: tier 0 (not verified) nothing, tier 1 (KYC Pass) by day, month and year,
 * tier 2 (KYC Pass and enhanced due diligence passed, docs/rules/edd.md) more.
 */
export const KYC_LIMIT_TIER_SEEDS: ReadonlyArray<{ kycLevel: number; daily: string; monthly: string; yearly: string }> = [
  { kycLevel: 0, daily: '0', monthly: '0', yearly: '0' },
  { kycLevel: 1, daily: '10000', monthly: '50000', yearly: '200000' },
  { kycLevel: 2, daily: '50000', monthly: '250000', yearly: '1000000' },
];
