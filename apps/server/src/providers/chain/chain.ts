/**
 * Blockchain payouts (architecture.md: sandbox chain, or a custody/wallet API): send an asset
 * to an address and follow it to confirmation. The idempotency key makes a retried send the
 * same transfer, never a second payout (trust.md). Amounts are decimal strings.
 */
export interface SendInput {
  idempotencyKey: string;
  asset: string;
  network: string;
  address: string;
  memo: string | null;
  amount: string;
}

export type TransferStatus = 'PENDING' | 'CONFIRMED' | 'FAILED';

export interface Transfer {
  transferId: string;
  txHash: string | null;
  status: TransferStatus;
  confirmations: number;
}

export class ChainUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainUnavailableError';
  }
}

export interface ChainProvider {
  readonly kind: string;
  send(input: SendInput): Promise<Transfer>;
  getTransfer(transferId: string): Promise<Transfer>;
  /** A public explorer link for a hash, or null on a network without one (the sandbox). */
  explorerUrl(network: string, txHash: string): string | null;
}
