/**
 * Address screening (analyze-on-chain-address): is a destination address sanctioned or tied to
 * illicit activity? The sandbox flags a small deny list; the real adapter asks a screening
 * vendor. Screening happens before any order pays out to the address.
 */
export interface ScreeningResult {
  address: string;
  network: string;
  flagged: boolean;
  riskLevel: 'LOW' | 'HIGH' | 'SEVERE';
  /** e.g. `sanctions`, `stolen funds`; null when not flagged. */
  category: string | null;
  /** Who said so, e.g. `sandbox`, `chainalysis`. */
  source: string;
}

export class ScreeningUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScreeningUnavailableError';
  }
}

export interface AddressScreeningProvider {
  readonly kind: string;
  screen(input: { network: string; address: string }): Promise<ScreeningResult>;
}
