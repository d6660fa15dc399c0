import type { AddressScreeningProvider } from './address-screening.ts';
import { createChainalysisScreening } from './chainalysis.ts';
import { createSandboxScreening } from './sandbox.ts';

export type { AddressScreeningProvider, ScreeningResult } from './address-screening.ts';
export { ScreeningUnavailableError } from './address-screening.ts';
export { SANDBOX_DENY_LIST } from './sandbox.ts';

export const ADDRESS_SCREENING_KINDS = ['sandbox', 'chainalysis'] as const;

export interface AddressScreeningOptions {
  /** ADDRESS_SCREENING: `sandbox` (a small deny list of real OFAC-listed addresses) or `chainalysis`. */
  kind: (typeof ADDRESS_SCREENING_KINDS)[number];
  /** CHAINALYSIS_API_KEY (required with `chainalysis`). */
  chainalysisApiKey?: string | undefined;
  /** CHAINALYSIS_API_URL (https://public.chainalysis.com). */
  chainalysisBaseUrl?: string | undefined;
  /** A stand-in fetch for tests. */
  fetchImpl?: typeof fetch;
}

/** The screening ADDRESS_SCREENING names (the only place that chooses). Bad options stop the boot with the variable's name. */
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
      throw new Error(`ADDRESS_SCREENING must be one of ${ADDRESS_SCREENING_KINDS.join(', ')} (got ${JSON.stringify((options as { kind: unknown }).kind)})`);
  }
}
