import { validateWalletAddress, type WalletNetwork } from '@causeway/wallet-address';
import Decimal from 'decimal.js';
import { ChainRefusedError, type SendInput } from './chain.ts';

/**
 * What each network carries, with the asset's decimals ON CHAIN. These are facts of the chains and
 * token contracts (USDT is 6 decimals on Ethereum and on Tron), not business settings: the catalogue
 * decides what is sold, this table what a payout can physically be.
 */
export const CHAIN_ASSETS = [
  { asset: 'BTC', network: 'BTC', decimals: 8 },
  { asset: 'ETH', network: 'ETH', decimals: 18 },
  { asset: 'USDT', network: 'ETH', decimals: 6 },
  { asset: 'USDC', network: 'ETH', decimals: 6 },
  { asset: 'USDT', network: 'TRX', decimals: 6 },
  { asset: 'TRX', network: 'TRX', decimals: 6 },
  { asset: 'USDC', network: 'SOL', decimals: 6 },
  { asset: 'SOL', network: 'SOL', decimals: 9 },
  { asset: 'XRP', network: 'XRP', decimals: 6 },
] as const satisfies ReadonlyArray<{ asset: string; network: WalletNetwork; decimals: number }>;

export type ChainAsset = (typeof CHAIN_ASSETS)[number];

/** A send checked the way a chain would: canonical address and memo, the amount as an exact Decimal. */
export interface CheckedPayout {
  idempotencyKey: string;
  asset: ChainAsset;
  address: string;
  memo: string | null;
  amount: Decimal;
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 160;
/** Arithmetic here never depends on the global Decimal settings (20 significant digits would round wei). */
export const ExactDecimal = Decimal.clone({ precision: 80 });
/** What our books keep: numeric(38, 18). */
const AMOUNT = /^(\d{1,20})(?:\.(\d{1,18}))?$/;

/**
 * Checks a send before anything leaves: key, asset on network, address and memo (per network, with
 * checksums), and amount. Throws ChainRefusedError with the reason; never logs the address.
 */
export function checkPayout(input: SendInput): CheckedPayout {
  const key = input.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    // A programming error upstream, not something the person can fix: no refusal reason fits.
    throw new Error(`the idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  const asset = CHAIN_ASSETS.find((entry) => entry.asset === input.asset && entry.network === input.network);
  if (!asset) throw new ChainRefusedError('UNSUPPORTED_ASSET', `${input.asset} is not carried on the ${input.network} network`);

  const checked = validateWalletAddress({ network: input.network, address: input.address, memo: input.memo });
  if (!checked.ok) {
    const what = checked.field === 'memo' ? 'memo (destination tag)' : 'address';
    throw new ChainRefusedError(
      'INVALID_ADDRESS',
      `the ${what} is not valid for the ${input.network} network (${checked.reason})`,
      checked.reason,
    );
  }

  const match = typeof input.amount === 'string' ? AMOUNT.exec(input.amount) : null;
  if (!match) throw new ChainRefusedError('INVALID_AMOUNT', 'the amount must be a decimal string such as "0.015"');
  const amount = new ExactDecimal(input.amount);
  if (amount.isZero()) throw new ChainRefusedError('INVALID_AMOUNT', 'the amount must be more than zero');
  // A chain has no unit smaller than its base unit: rounding here would pay a different amount.
  if ((match[2]?.replace(/0+$/, '').length ?? 0) > asset.decimals) {
    throw new ChainRefusedError('INVALID_AMOUNT', `${asset.asset} on ${asset.network} has ${asset.decimals} decimals; the amount has more`);
  }
  return { idempotencyKey: key, asset, address: checked.address, memo: checked.memo, amount };
}

/** A network's own coin (the one its fees are paid in) has the network's code: BTC, ETH, TRX, SOL, XRP. */
export const nativeCoinOf = (network: string): ChainAsset | undefined =>
  CHAIN_ASSETS.find((entry) => entry.asset === network && entry.network === network);

/** An amount in a coin's base units (satoshi, wei, sun, lamports, drops) as whole units, exactly. */
export const fromBaseUnits = (baseUnits: string, decimals: number): string =>
  new ExactDecimal(baseUnits).div(new ExactDecimal(10).pow(decimals)).toFixed();

/** The amount in the asset's base units (satoshi, wei, drops, ...), as an integer string. Exact. */
export const toBaseUnits = (payout: Pick<CheckedPayout, 'amount' | 'asset'>): string =>
  new ExactDecimal(payout.amount).times(new ExactDecimal(10).pow(payout.asset.decimals)).toFixed(0);
