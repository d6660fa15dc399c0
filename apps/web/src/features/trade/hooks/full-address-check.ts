import { validateWalletAddress } from '@causeway/wallet-address';
import type { AddressRejection } from '../trade-errors';

/** What the person typed, for the network chosen (memoRequired from the catalogue, for the minimal check). */
export interface AddressEntry {
  network: string;
  address: string;
  memo: string;
  memoRequired: boolean;
}

/**
 * The server's own check (packages/wallet-address), so the same verdict and the same words without a
 * round trip. A network it does not know reads as the address's problem: there is no network field
 * to show it under. Only use-address-validator.ts imports this file, lazily: it is its own chunk.
 */
export function fullAddressProblem({ network, address, memo }: AddressEntry): AddressRejection | null {
  const result = validateWalletAddress({ network, address, memo });
  if (result.ok) return null;
  const field = result.field === 'memo' ? 'memo' : 'address';
  return { reason: result.reason, field, ...(result.detectedNetwork ? { detectedNetwork: result.detectedNetwork } : {}) };
}
