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
  const asset = checkAsset(input.asset, input.network);
  const { address, memo } = checkAddress(input.network, input.address, input.memo);
  return { idempotencyKey: key, asset, address, memo, amount: checkAmount(asset, input.amount) };
}

/** Our references (order ids, UUIDs): what a custody label and our books both hold safely. */
const REFERENCE = /^[A-Za-z0-9_:.-]{1,128}$/;

/** A deposit's reference; anything else is a programming error upstream (the person never types one). */
export function checkReference(reference: string): string {
  if (typeof reference !== 'string' || !REFERENCE.test(reference))
    throw new Error('a deposit reference must be 1 to 128 of A-Z a-z 0-9 _ - : .');
  return reference;
}

/** The asset as this network carries it; ChainRefusedError UNSUPPORTED_ASSET otherwise. */
export function checkAsset(asset: string, network: string): ChainAsset {
  const found = CHAIN_ASSETS.find((entry) => entry.asset === asset && entry.network === network);
  if (!found) throw new ChainRefusedError('UNSUPPORTED_ASSET', `${asset} is not carried on the ${network} network`);
  return found;
}

/** The address and memo in canonical form (checksums checked); ChainRefusedError INVALID_ADDRESS otherwise. */
export function checkAddress(network: string, address: string, memo: string | null): { address: string; memo: string | null } {
  const checked = validateWalletAddress({ network, address, memo });
  if (!checked.ok) {
    const what = checked.field === 'memo' ? 'memo (destination tag)' : 'address';
    throw new ChainRefusedError(
      'INVALID_ADDRESS',
      `the ${what} is not valid for the ${network} network (${checked.reason})`,
      checked.reason,
    );
  }
  return { address: checked.address, memo: checked.memo };
}

/** An address alone (a sender), canonical: validation asks every XRP destination for a tag, an account sending has none. */
export const checkAccount = (network: string, address: string): string =>
  checkAddress(network, address, network === 'XRP' ? '1' : null).address;

/** A positive decimal string with at most the asset's on-chain decimals, exactly; ChainRefusedError INVALID_AMOUNT otherwise. */
export function checkAmount(asset: ChainAsset, amountText: string): Decimal {
  const match = typeof amountText === 'string' ? AMOUNT.exec(amountText) : null;
  if (!match) throw new ChainRefusedError('INVALID_AMOUNT', 'the amount must be a decimal string such as "0.015"');
  const amount = new ExactDecimal(amountText);
  if (amount.isZero()) throw new ChainRefusedError('INVALID_AMOUNT', 'the amount must be more than zero');
  // A chain has no unit smaller than its base unit: rounding here would pay a different amount.
  if ((match[2]?.replace(/0+$/, '').length ?? 0) > asset.decimals) {
    throw new ChainRefusedError('INVALID_AMOUNT', `${asset.asset} on ${asset.network} has ${asset.decimals} decimals; the amount has more`);
  }
  return amount;
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
