import { builtInLegalUrl, LEGAL_LINK_KEYS, type LegalLinkKey, menuLinkUrlFor, CALL_ROUTES } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from './http-context';

/** get-links answers the same for everyone of a brand and entity: asked once, kept ten minutes. */
const MENU_LINKS_STALE_MS = 10 * 60 * 1000;

/**
 * The brand's copyright and legal links (docs/rules/screens.md user menu: get-links), shared by every place
 * that shows legal text. Silent: a page without them still works (useLegalLinks falls back).
 */
export function useMenuLinks({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useHttpClient();
  return useQuery({
    queryKey: ['menu-links'],
    queryFn: () => client.call(CALL_ROUTES.menuLinks, undefined, { silent: true }),
    enabled,
    staleTime: MENU_LINKS_STALE_MS,
  });
}

/**
 * The terms, privacy and cookie pages for a page in `lng`: the operator's (TERMS_URL, ... as
 * get-links gives them), else the built-in ones, also while get-links is on its way or failed, so
 * the consent line always has its links.
 */
export function useLegalLinks(lng: string): Record<LegalLinkKey, string> {
  const links = useMenuLinks();
  const urlOf = (key: LegalLinkKey) => links.data?.find((link) => link.key === key)?.url ?? builtInLegalUrl(key);
  return Object.fromEntries(LEGAL_LINK_KEYS.map((key) => [key, menuLinkUrlFor(urlOf(key), lng)])) as Record<LegalLinkKey, string>;
}
