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

/**
 * Deposits (sell crypto): an address made for one of our references (an order), and the transfers
 * the chain shows arriving there. The provider reports; what counts as enough confirmations on a
 * network, and whether an amount is right, is the caller's policy.
 */
export interface DepositAddressInput {
  /** Ours, e.g. the order id (1 to 128 of A-Z a-z 0-9 _ - : .); the same reference always answers the same address. */
  reference: string;
  asset: string;
  network: string;
}

export interface DepositAddress {
  /** Canonical for the network (EIP-55 for ETH, lower case for bech32): what the person is shown. */
  address: string;
  /** The destination tag / memo the sender must include (XRP), else null. */
  memo: string | null;
  asset: string;
  network: string;
}

/** PENDING until the transfer is in a block; CONFIRMED from its first confirmation on; FAILED is final. */
export type IncomingStatus = 'PENDING' | 'CONFIRMED' | 'FAILED';

export interface IncomingTransfer {
  /** The provider's id for this incoming transfer (at most 64 characters), stable across reads. */
  transferId: string;
  asset: string;
  network: string;
  /** The deposit address it arrived at, canonical, and its memo (XRP destination tag) or null. */
  address: string;
  memo: string | null;
  /** Whole units as a decimal string, exactly what arrived at this address. */
  amount: string;
  /** The sender, when the chain names exactly one (a UTXO transaction with several inputs names none). */
  fromAddress: string | null;
  txHash: string;
  /** Blocks on top of (and including) the transfer's block, as the chain reports them; 0 while pending. */
  confirmations: number;
  status: IncomingStatus;
  /** When the chain first saw it. */
  seenAt: Date;
}

/** What a verified webhook says changed: read listIncoming again for this address (or, with null, for every open deposit of the asset). */
export interface ChainWebhookNotice {
  asset: string;
  network: string;
  address: string | null;
}

/** A webhook delivery whose signature is missing or does not hold: the sender is not the vendor. */
export class ChainWebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainWebhookRefusedError';
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
  /**
   * The deposit address of a reference on a network: made on the first call, the same one on every
   * later call (idempotent by reference and network; the asset only picks the coin, as every ERC-20
   * token arrives at the same ETH address). Throws ChainRefusedError UNSUPPORTED_ASSET, or
   * ChainUnavailableError (retry later: the same reference still answers one address).
   */
  createDepositAddress(input: DepositAddressInput): Promise<DepositAddress>;
  /**
   * Every transfer received at that address (and memo) in that asset, oldest first: a poller reads
   * it; webhooks only say when to read again. Throws ChainRefusedError (INVALID_ADDRESS,
   * UNSUPPORTED_ASSET) or ChainUnavailableError.
   */
  listIncoming(input: { asset: string; network: string; address: string; memo: string | null }): Promise<IncomingTransfer[]>;
  /**
   * Verifies a webhook delivery (the exact raw body and the headers) and answers which deposit
   * address changed, or null for an event that concerns no deposit of ours. Throws
   * ChainWebhookRefusedError for a missing or bad signature (checked in constant time); nothing
   * else is trusted from a delivery, which is why the answer is only "read again".
   */
  readWebhook(input: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }): Promise<ChainWebhookNotice | null>;
}
