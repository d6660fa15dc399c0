import { KYB_SECTIONS, type KybSection } from '@causeway/contracts';

/**
 * The fields the reviewer asked to be corrected (rejectedFields, e.g. `GeneralData.registrationNumber`).
 * A field is flagged when the reviewer named it, a part of it (`registeredAddress.city`) or what holds
 * it (`BusinessData.documents` flags each document).
 */
export function isRejectedField(rejectedFields: readonly string[], path: string): boolean {
  return rejectedFields.some((field) => field === path || field.startsWith(`${path}.`) || path.startsWith(`${field}.`));
}

/** The step a rejected field belongs to: its first part, when it names a section. */
export function sectionOfRejected(field: string): KybSection | undefined {
  const section = field.split('.')[0];
  return (KYB_SECTIONS as readonly string[]).includes(section ?? '') ? (section as KybSection) : undefined;
}

/**
 * The translation keys that may name a field the server names (`GeneralData.taxId`,
 * `BusinessData.documents.ARTICLES_OF_ASSOCIATION`, `Declarations.allOwnersDeclared`), most precise
 * first: the field, a document, the part of the field, a declaration, its section. The caller takes the
 * first its texts have, else shows the path as it came.
 */
export function labelKeysOfRejected(field: string): string[] {
  const [section = '', first, ...rest] = field.split('.');
  const keys: string[] = [];
  if (first) keys.push(`kyb.fields.${section}.${[first, ...rest].join('.')}`);
  const last = rest.at(-1);
  if (last) keys.push(`kyb.documentType.${last}`);
  if (first) keys.push(`kyb.fields.${section}.${first}`, `kyb.documentType.${first}`, `kyb.missing.${first}`);
  if (section) keys.push(`kyb.sections.${section}`);
  return keys;
}

/** A field the server names, in words: its section's name, then its own ("General information: Tax ID"). */
export function describeField(field: string, t: (key: string) => string, exists: (key: string) => boolean): string {
  const key = labelKeysOfRejected(field).find(exists);
  const label = key ? t(key) : field;
  const section = sectionOfRejected(field);
  return section && key !== `kyb.sections.${section}` ? `${t(`kyb.sections.${section}`)}: ${label}` : label;
}
