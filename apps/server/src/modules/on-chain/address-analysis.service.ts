import type { AnalyzeOnChainAddressQuery, AnalyzeOnChainAddressResult } from '@causeway/contracts';
import type { AddressScreeningProvider } from '../../providers/address-screening/index.ts';
import { validateWalletAddress } from '@causeway/wallet-address';

/**
 * analyze-on-chain-address: first the address's form for its network (offline, checksums and
 * memo included), then, only for a well-formed address, screening. Purely informative: the order
 * that pays out screens again and refuses on its own (ODR00001006).
 *
 * Throws ScreeningUnavailableError when screening has no verdict: the caller must not read that as
 * "clear" (fail closed).
 */
export async function analyzeOnChainAddress(
  screening: AddressScreeningProvider,
  query: AnalyzeOnChainAddressQuery,
): Promise<AnalyzeOnChainAddressResult> {
  const checked = validateWalletAddress({ network: query.network, address: query.address, memo: query.memo ?? null });
  if (!checked.ok) {
    return {
      valid: false,
      reason: checked.reason,
      field: checked.field,
      detectedNetwork: checked.detectedNetwork ?? null,
      normalizedAddress: null,
      normalizedMemo: null,
      riskLevel: null,
      flagged: false,
      category: null,
    };
  }

  const verdict = await screening.screen({ network: checked.network, address: checked.address });
  return {
    valid: !verdict.flagged,
    reason: verdict.flagged ? 'SCREENING_FLAGGED' : null,
    field: verdict.flagged ? 'address' : null,
    detectedNetwork: null,
    normalizedAddress: checked.address,
    normalizedMemo: checked.memo,
    riskLevel: verdict.riskLevel,
    flagged: verdict.flagged,
    category: verdict.flagged ? verdict.category : null,
  };
}
