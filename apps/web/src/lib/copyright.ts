import { DEFAULT_ENTITY, ENTITIES, type Entity } from '@causeway/contracts';
import { useTranslation } from 'react-i18next';
import { COOKIE_NAMES, getSharedCookie } from './cookies.ts';
import { createSessionStore } from './session.ts';

/**
 * The legal name of each entity (docs/rules/entities.md "Entities"): who holds the copyright and
 * provides the service. Names, not words: the same in every language.
 */
export const ENTITY_LEGAL_NAMES: Readonly<Record<Entity, string>> = {
  PL: 'Causeway PL sp. z o.o.',
  LI: 'Causeway LI AG',
};

/** Ours, or the Roma channel's (the isRoma cookie): the brand the copyright line is written for. */
export type Brand = 'causeway' | 'roma';

export const brandOfCookie = (): Brand => (getSharedCookie(COOKIE_NAMES.isRoma) === 'true' ? 'roma' : 'causeway');

const isEntity = (value: unknown): value is Entity => (ENTITIES as readonly unknown[]).includes(value);

/**
 * Whose copyright: the account's entity once the account info says it, else the entity this browser
 * stored (the `entity` every call sends, before sign-in and while the account info loads), else LI.
 */
export const copyrightEntity = (accountEntityTag: string | null | undefined, storedEntity: Entity | undefined): Entity =>
  isEntity(accountEntityTag) ? accountEntityTag : (storedEntity ?? DEFAULT_ENTITY);

/** The copyright line of a brand and entity in a year, in the language of `t`. */
export function copyrightText(
  t: (key: string, values: Record<string, unknown>) => string,
  { brand, entity, year }: { brand: Brand; entity: Entity; year: number },
): string {
  const key = brand === 'roma' ? 'common.userMenu.copyrightRoma' : 'common.userMenu.copyright';
  return t(key, { year, company: ENTITY_LEGAL_NAMES[entity] });
}

/**
 * The copyright line wherever it is shown (the user menu's footer, docs/rules/screens.md): by brand,
 * by entity (the account's `entityTag` when known) and for the current year.
 */
export function useCopyright(accountEntityTag?: string | null): string {
  const { t } = useTranslation();
  const entity = copyrightEntity(accountEntityTag, createSessionStore().getEntity());
  return copyrightText(t, { brand: brandOfCookie(), entity, year: new Date().getFullYear() });
}
