/**
 * The identity-verification rules shared by the server's schemas and the web app's forms (docs/rules/validation.md
 * text fields, our postal-code and country-code rules, the document types, the age limit).
 * No zod here, so the web app can use them without bundling a schema library.
 */

/** docs/rules/validation.md text fields (names, address lines): at most this many characters, once trimmed. */
export const TEXT_FIELD_MAX_LENGTH = 70;
/** docs/rules/validation.md text fields: letters, digits, .,()'-+/ and space (the length is checked apart). */
export const TEXT_FIELD_CHARACTERS = /^[\p{L}\p{N}.,()'\-+/ ]+$/u;

/** True when `value`, trimmed, is a docs/rules/validation.md text field: 1 to 70 allowed characters. */
export function isValidTextField(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= TEXT_FIELD_MAX_LENGTH && TEXT_FIELD_CHARACTERS.test(trimmed);
}

/** Postal codes: 2 to 16 letters, digits, spaces and -, once trimmed. */
export const POSTAL_CODE_MIN_LENGTH = 2;
export const POSTAL_CODE_MAX_LENGTH = 16;
export const POSTAL_CODE_CHARACTERS = /^[A-Za-z0-9 -]+$/;

/** True when `value`, trimmed, is a postal code as the server accepts it. */
export function isValidPostalCode(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= POSTAL_CODE_MIN_LENGTH && trimmed.length <= POSTAL_CODE_MAX_LENGTH && POSTAL_CODE_CHARACTERS.test(trimmed);
}

/** An ISO 3166-1 alpha-2 country code, upper case (list-country-code's towCharCode). */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** True when `value` is a two-letter upper-case country code. */
export const isCountryCode = (value: string): boolean => COUNTRY_CODE_PATTERN.test(value);

/** The identity documents of docsverification (flow V2). */
export const ID_DOCUMENT_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVERS'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** At least 18 on `today` (UTC), born on `dob` (YYYY-MM-DD). */
export function isAdult(dob: string, today: Date): boolean {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return eighteenth <= today.getTime();
}

/** docs/rules/order-states.md: the entity statement a switch accepts: PL → STATEMENT, any other → STATEMENT_LI. */
export const entityProtocolOf = (entity: 'PL' | 'LI'): 'STATEMENT' | 'STATEMENT_LI' => (entity === 'PL' ? 'STATEMENT' : 'STATEMENT_LI');
