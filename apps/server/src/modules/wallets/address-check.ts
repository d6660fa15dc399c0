import { ErrorCode } from '@causeway/contracts';
import { validateWalletAddress } from '@causeway/wallet-address';
import { AppError } from '../../platform/app-error.ts';
import type { AddressScreeningProvider } from '../../providers/address-screening/address-screening.ts';
import { ScreeningUnavailableError } from '../../providers/address-screening/address-screening.ts';

/**
 * A destination address, checked for real before any order or saved wallet (issue 5 item 2):
 * the network's own format and checksum, the memo rule, and (when `screening` is given) the
 * screening vendor. Answers the normalised address and memo; refusals carry the reason the page
 * shows in its own words (ADDRESS_REJECTION_REASONS).
 */
export async function checkDestination(
  input: { network: string; address: string; memo?: string | null | undefined },
  screening?: AddressScreeningProvider,
): Promise<{ address: string; memo: string | null }> {
  const result = validateWalletAddress({ network: input.network, address: input.address, memo: input.memo ?? null });
  if (!result.ok) {
    const details: Record<string, string> = { reason: result.reason, field: result.field };
    if (result.detectedNetwork) details.detectedNetwork = result.detectedNetwork;
    throw new AppError(ErrorCode.WalletAddressInvalid, `The wallet address is not valid for ${input.network} (${result.reason})`, details);
  }
  if (screening) {
    try {
      const verdict = await screening.screen({ network: result.network, address: result.address });
      if (verdict.flagged) throw new AppError(ErrorCode.WalletAddressRefused, undefined, { reason: 'SCREENING_FLAGGED', field: 'address' });
    } catch (error) {
      // Fail closed: no money goes to an address nobody could screen.
      if (error instanceof ScreeningUnavailableError) throw new AppError(ErrorCode.ScreeningUnavailable);
      throw error;
    }
  }
  return { address: result.address, memo: result.memo };
}
