import type { AddressScreeningProvider } from './address-screening.ts';
import { createChainalysisScreening } from './chainalysis.ts';
import { createSandboxScreening } from './sandbox.ts';
import { PROVIDER_KINDS } from '../provider-kinds.ts';

export type { AddressScreeningProvider, ScreeningResult } from './address-screening.ts';
export { ScreeningUnavailableError } from './address-screening.ts';
export { SANDBOX_DENY_LIST } from './sandbox.ts';

/** The vendors, as the registry declares them (provider-kinds.ts). */
export const ADDRESS_SCREENING_KINDS = PROVIDER_KINDS['address-screening'].vendors;

export interface AddressScreeningOptions {
  /** ADDRESS_SCREENING_PROVIDER (or ADDRESS_SCREENING): `sandbox` (a small deny list of real OFAC-listed addresses) or `chainalysis`. */
  kind: (typeof ADDRESS_SCREENING_KINDS)[number];
  /** CHAINALYSIS_API_KEY (required with `chainalysis`). */
  chainalysisApiKey?: string | undefined;
  /** CHAINALYSIS_API_URL (https://public.chainalysis.com). */
  chainalysisBaseUrl?: string | undefined;
  /** A stand-in fetch for tests. */
  fetchImpl?: typeof fetch;
}

/** One vendor's screening, the one the registry (providers/registry.ts) chose. Bad options stop the boot with the variable's name. */
export function createAddressScreening(options: AddressScreeningOptions): AddressScreeningProvider {
  switch (options.kind) {
    case 'sandbox':
      return createSandboxScreening();
    case 'chainalysis':
      return createChainalysisScreening({
        apiKey: options.chainalysisApiKey ?? '',
        ...(options.chainalysisBaseUrl ? { baseUrl: options.chainalysisBaseUrl } : {}),
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      });
    default:
      throw new Error(
        `ADDRESS_SCREENING must be one of ${ADDRESS_SCREENING_KINDS.join(', ')} (got ${JSON.stringify((options as { kind: unknown }).kind)})`,
      );
  }
}
