import { BANK_TRANSFER_CHANNELS } from '@causeway/contracts';

/**
 * What a buy costs, as policy in one place. Rates are decimal strings (never floats).
 * - Our fee: a share of what the person is charged, by channel: CHECKOUT is the card channel;
 *   KLARNA (Klarna Payments) costs us more than a card (Klarna's merchant fee), so it costs more;
 *   a bank transfer (Clear Junction, OpenPayd) costs least.
 * - Spread: the price we sell at, above the reference price; stablecoins move less, so less.
 * - Network fee: what sending costs on the chain, in the network's own coin, priced at the
 *   reference price of that coin. A token transfer (USDT on Ethereum) costs more gas than a
 *   plain one.
 */
export const OUR_FEE_RATE_BY_CHANNEL: Record<string, string> = {
  CHECKOUT: '0.025',
  KLARNA: '0.035',
  // A bank transfer costs us a flat few cents and carries no chargeback risk: the cheapest way to buy.
  ...Object.fromEntries(BANK_TRANSFER_CHANNELS.map((channel) => [channel, '0.01'])),
};
/** The payment method each quoted channel is paid with: a quote naming another is refused. */
export const PAYMENT_METHOD_BY_CHANNEL: Record<string, string> = {
  CHECKOUT: 'CARD',
  KLARNA: 'KLARNA',
  ...Object.fromEntries(BANK_TRANSFER_CHANNELS.map((channel) => [channel, 'BANK_TRANSFER'])),
};
export const DEFAULT_SPREAD_RATE = '0.01';
export const SPREAD_RATE_BY_CRYPTO: Record<string, string> = { USDT: '0.005', USDC: '0.005' };

interface NetworkFee {
  /** The coin the chain charges its fee in. */
  nativeCoin: string;
  /** Fee of a plain transfer of the native coin. */
  nativeTransfer: string;
  /** Fee of a token transfer (ERC-20, TRC-20, SPL). */
  tokenTransfer: string;
}

export const NETWORK_FEES: Record<string, NetworkFee> = {
  BTC: { nativeCoin: 'BTC', nativeTransfer: '0.00002', tokenTransfer: '0.00002' },
  ETH: { nativeCoin: 'ETH', nativeTransfer: '0.0001', tokenTransfer: '0.0004' },
  TRX: { nativeCoin: 'TRX', nativeTransfer: '1.1', tokenTransfer: '14' },
  // A token transfer may have to open the receiver's token account (rent of about 0.002 SOL).
  SOL: { nativeCoin: 'SOL', nativeTransfer: '0.000005', tokenTransfer: '0.00205' },
  XRP: { nativeCoin: 'XRP', nativeTransfer: '0.2', tokenTransfer: '0.2' },
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

export const ourFeeRate = (channel: string): string | undefined => OUR_FEE_RATE_BY_CHANNEL[channel];
export const spreadRate = (crypto: string): string => SPREAD_RATE_BY_CRYPTO[crypto] ?? DEFAULT_SPREAD_RATE;

/** The network fee in the network's coin for sending `crypto` on `network`, or undefined for an unknown network. */
export function networkFeeIn(crypto: string, network: string): { coin: string; amount: string } | undefined {
  const fee = NETWORK_FEES[network];
  if (!fee) return undefined;
  return { coin: fee.nativeCoin, amount: crypto === fee.nativeCoin ? fee.nativeTransfer : fee.tokenTransfer };
}
