/**
 * IBANs (ISO 13616) and UK account details, checked the way a bank checks them before it sends: the
 * country's length, then the ISO 7064 MOD 97-10 check digits. `ibantools` is not a dependency of
 * the server (and `npm install` is not ours to run here), so the check is these few lines, with
 * BigInt: the rearranged IBAN is up to 34 characters, 60+ digits, well past a double's precision.
 */

/**
 * The IBAN length of each SEPA country (and GB), from the SWIFT IBAN registry. A country absent
 * here is not reachable by SEPA or Faster Payments, so its IBANs are refused as INVALID_ACCOUNT.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GI: 23,
  GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28,
  PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
}; // prettier-ignore

/** The electronic format: no spaces, upper case ("lt12 3456..." as typed becomes "LT123456..."). */
export const electronicIban = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** A→10 … Z→35, digits as they are: the numeric form MOD 97-10 works on. */
const toDigits = (text: string): string => [...text].map((c) => (c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c)).join('');

/** The remainder of the IBAN's rearranged numeric form (country and check digits moved to the end). 1 means valid. */
const mod97 = (iban: string): bigint => BigInt(toDigits(`${iban.slice(4)}${iban.slice(0, 4)}`)) % 97n;

/** The two check digits that make `country` + check + `bban` a valid IBAN (98 minus the remainder with 00 in their place). */
export function ibanCheckDigits(country: string, bban: string): string {
  if (!/^[A-Z]{2}$/.test(country) || !/^[A-Z0-9]{1,30}$/.test(bban)) throw new Error('an IBAN is a country code and up to 30 of A-Z 0-9');
  return String(98n - mod97(`${country}00${bban}`)).padStart(2, '0');
}

/** `country` + check digits + `bban`: a checksum-valid IBAN. */
export const makeIban = (country: string, bban: string): string => `${country}${ibanCheckDigits(country, bban)}${bban}`;

/** Whether an IBAN (electronic format) has its country's length, letters and digits only, and valid check digits. */
export function isValidIban(iban: string): boolean {
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  return length !== undefined && iban.length === length && /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) && mod97(iban) === 1n;
}

/** A BIC (ISO 9362): bank, country, location, and an optional branch. */
export const isValidBic = (bic: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);

/** A UK sort code as six digits ("04-00-75" and "04 00 75" as typed become "040075"); undefined when it is not one. */
export const sortCodeDigits = (text: string): string | undefined => {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
};

/** A UK account number: exactly eight digits (Faster Payments carries no other length). */
export const isValidUkAccountNumber = (text: string): boolean => /^\d{8}$/.test(text);
