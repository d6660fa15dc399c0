/**
 * Blockchain payouts (docs/ARCHITECTURE.md: sandbox chain, or a custody/wallet API): send an asset
 * to an address and follow it to confirmation. The idempotency key makes a retried send the
 * same transfer, never a second payout (docs/trust.md). Amounts are decimal strings.
 */
export interface SendInput {
  /** At most 160 characters; the same key always means the same payout (send is idempotent by it). */
  idempotencyKey: string;
  /** The catalogue's asset code, e.g. BTC, USDT. */
  asset: string;
  /** The catalogue's network code, e.g. ETH for Ether and every ERC-20 token. */
  network: string;
  address: string;
  /** XRP's destination tag; null on networks without one. */
  memo: string | null;
  /** Whole units as a decimal string ("0.015"), at most the asset's on-chain decimals. */
  amount: string;
}

/** PENDING until the chain confirms it; CONFIRMED and FAILED are final. */
export type TransferStatus = 'PENDING' | 'CONFIRMED' | 'FAILED';

export interface Transfer {
  /** Ours to keep (at most 64 characters): getTransfer takes it back. */
  transferId: string;
  /** The on-chain transaction hash in the network's own format, once there is one. */
  txHash: string | null;
  status: TransferStatus;
  /** Blocks on top of (and including) the transfer's block; 0 while pending. */
  confirmations: number;
  /**
   * The network fee (gas) the transfer pays, once the provider reports one; absent when it does
   * not. Final, and the fee actually paid, only when the transfer is CONFIRMED.
   */
  fee?: NetworkFee;
}

/** A network fee, in the coin the network charges it in (ETH for an ERC-20 token, TRX for a TRC-20 one). */
export interface NetworkFee {
  /** The network's own coin: BTC, ETH, TRX, SOL or XRP (the network code). */
  asset: string;
  /** Whole units as a positive decimal string, at most the coin's on-chain decimals. */
  amount: string;
}

/** The chain or the custody service could not answer now: retrying later (with the same key) is safe. */
export class ChainUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainUnavailableError';
  }
}

/**
 * Why a send or a lookup is refused for good: asking again with the same input gets the same
 * answer, so the caller fails the payout instead of retrying.
 * - INVALID_ADDRESS: the address (or memo) is not valid for the network; `detail` has the
 *   address-validation reason (FORMAT, CHECKSUM, MEMO_REQUIRED, ...).
 * - INVALID_AMOUNT: not a positive decimal string, or more decimals than the asset has on chain.
 * - UNSUPPORTED_ASSET: this asset is not carried on this network (or no wallet is set up for it).
 * - IDEMPOTENCY_CONFLICT: the key was already used for a different payout.
 * - REJECTED: the custody service refused the send (policy, balance, its own validation).
 * - UNKNOWN_TRANSFER: no transfer has this id.
 */
export type ChainRefusal =
  'INVALID_ADDRESS' | 'INVALID_AMOUNT' | 'UNSUPPORTED_ASSET' | 'IDEMPOTENCY_CONFLICT' | 'REJECTED' | 'UNKNOWN_TRANSFER';

export class ChainRefusedError extends Error {
  constructor(
    readonly reason: ChainRefusal,
    message: string,
    /** With INVALID_ADDRESS: the address-validation reason. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ChainRefusedError';
  }
}

export interface ChainProvider {
  /** `sandbox` or the vendor's name. */
  readonly kind: string;
  /**
   * Sends `amount` of `asset` to the address. Idempotent: a retry with the same key (even one
   * racing the first) answers the same transfer and never pays twice. Answers at once, usually
   * PENDING. Throws ChainRefusedError (invalid input, refused for good) or ChainUnavailableError
   * (retry later with the same key).
   */
  send(input: SendInput): Promise<Transfer>;
  /** The transfer's state now. Throws ChainRefusedError UNKNOWN_TRANSFER, or ChainUnavailableError. */
  getTransfer(transferId: string): Promise<Transfer>;
  /** A public explorer link for a hash, or null on a network without one (the sandbox). */
  explorerUrl(network: string, txHash: string): string | null;
}
