/**
 * Address screening (analyze-on-chain-address): is a destination address sanctioned or tied to
 * illicit activity? The sandbox flags a small deny list; the real adapter asks a screening
 * vendor. Screening happens before any order pays out to the address.
 */
export interface ScreeningResult {
  /** The address as it was asked about. */
  address: string;
  network: string;
  flagged: boolean;
  /** LOW when clear; SEVERE for a sanctions listing (never pay out). */
  riskLevel: 'LOW' | 'HIGH' | 'SEVERE';
  /** e.g. `sanctions`, `stolen funds`; null when not flagged. */
  category: string | null;
  /** Who said so, e.g. `sandbox`, `chainalysis`. */
  source: string;
}

/** No verdict could be had (outage, refused key, rate limit). Callers fail closed: no verdict is never "clear". */
export class ScreeningUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScreeningUnavailableError';
  }
}

export interface AddressScreeningProvider {
  /** `sandbox` or the vendor's name. */
  readonly kind: string;
  /**
   * Screens one address of a network (pass it validated and in canonical form). Read-only and
   * safe to repeat. Throws ScreeningUnavailableError when there is no verdict.
   */
  screen(input: { network: string; address: string }): Promise<ScreeningResult>;
}
