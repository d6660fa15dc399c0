/** Finds the country an IP address is in (sign-in checks and the UK rules of docs/rules/order-states.md). */
export interface GeoProvider {
  readonly kind: 'sandbox' | 'ipinfo';
  /** ISO 3166-1 alpha-2 country of the address, or null when unknown. Never throws: a failure is "unknown". */
  countryOf(ip: string): Promise<string | null>;
}
