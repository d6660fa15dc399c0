/**
 * The least a bank transfer in or out may carry (spec: "minimum transfer about 10 EUR/GBP, 1 EUR for
 * one entity, 50 AED for a regional partner"), by entity and currency, as decimal strings. The LI
 * entity's 1 EUR is also what its verification transfer sends.
 */
const DEFAULT_MINIMUMS: Record<string, string> = { EUR: '10', GBP: '10', AED: '50', USD: '10' };
const MINIMUMS_BY_ENTITY: Record<string, Record<string, string>> = { LI: { EUR: '1' } };

export function minimumTransfer(entity: string, currency: string): string {
  return MINIMUMS_BY_ENTITY[entity]?.[currency] ?? DEFAULT_MINIMUMS[currency] ?? '10';
}
