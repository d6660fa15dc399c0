import {
  ErrorCode,
  builtInLegalUrl,
  DEFAULT_ENTITY,
  type Entity,
  type EntryConfig,
  entryConfigSchema,
  FEATURE_LABELS,
  type FeatureSwitchItem,
  isSafeLinkUrl,
  LEGAL_LINK_KEYS,
  type LegalLinkKey,
  type LegalUrls,
  type MenuLink,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { EntryRepository } from './entry.repository.ts';

const DEFAULT_ENTRY = 'DEFAULT';

/**
 * The links with the legal pages every brand needs (the sign-up consent names terms and privacy):
 * the operator's configured page, else the brand's own row, else our built-in page. A row whose
 * URL breaks the rule TERMS_URL and the like are held to (isSafeLinkUrl: a javascript:, data: or
 * //host URL an operator's edit let in) is dropped here, so it never reaches an href; a legal
 * page's then falls back to the built-in one.
 */
function withLegalLinks(links: MenuLink[], legalUrls: LegalUrls): MenuLink[] {
  const merged = links
    .filter((link) => isSafeLinkUrl(link.url))
    .map((link) => {
      const configured = legalUrls[link.key as LegalLinkKey];
      return configured ? { ...link, url: configured } : link;
    });
  LEGAL_LINK_KEYS.forEach((key, index) => {
    if (!merged.some((link) => link.key === key)) merged.push({ key, url: legalUrls[key] ?? builtInLegalUrl(key), sort: index + 1 });
  });
  return merged.sort((a, b) => a.sort - b.sort || a.key.localeCompare(b.key));
}

export function createEntryService(repository: EntryRepository, legalUrls: LegalUrls = {}) {
  return {
    /** The merchant's entry configuration, or the default entry when no merchant is named. */
    /** Whether the merchant's entry (or the default one) offers buy-and-send; an unknown code offers nothing. */
    async buySendOf(merchantCode?: string): Promise<{ enable: boolean; merchantName: string }> {
      const row = await repository.findEntryConfig(merchantCode ?? DEFAULT_ENTRY);
      return { enable: row?.transactionTypes.includes('BUY_SEND') ?? false, merchantName: row?.merchantName ?? '' };
    },

    async getEntryConfig(merchantCode?: string): Promise<EntryConfig> {
      const row = await repository.findEntryConfig(merchantCode ?? DEFAULT_ENTRY);
      if (!row) throw new AppError(ErrorCode.NoSuchCall, `No entry configuration for merchant ${merchantCode}`);
      // The arrays are text[] in the database: parse so a bad operator edit fails loudly here.
      return entryConfigSchema.parse(row);
    },

    /**
     * Links of the brand for the entity; an entity with no links of its own gets the default
     * entity's. The legal pages are always among them (withLegalLinks).
     */
    async getLinks(brand: string, entity: Entity | undefined): Promise<MenuLink[]> {
      const links = await repository.listMenuLinks(brand, entity ?? DEFAULT_ENTITY);
      if (links.length > 0 || !entity || entity === DEFAULT_ENTITY) return withLegalLinks(links, legalUrls);
      return withLegalLinks(await repository.listMenuLinks(brand, DEFAULT_ENTITY), legalUrls);
    },

    /** One answer per label; a label with no switch at this version is off. */
    async listFeatureSwitches(clientType: string, entry: string, version: number): Promise<FeatureSwitchItem[]> {
      const rows = await repository.listApplicableSwitches(clientType, entry, version);
      return FEATURE_LABELS.map((label) => ({ label, enable: rows.find((row) => row.label === label)?.enable ?? false }));
    },
  };
}
