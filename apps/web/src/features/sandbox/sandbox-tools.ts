import { API_BASE, API_DOCS_PATH, CALL_ROUTES, SANDBOX_TOOL_PAGES, type SandboxToolKey } from '@causeway/contracts';

/** The server's reference pages and public lists: every install has them, sandbox or not. */
export const API_TOOLS = [
  { key: 'apiDocs', href: `${API_BASE}${API_DOCS_PATH}` },
  { key: 'openApiJson', href: `${API_BASE}${API_DOCS_PATH}/json` },
  { key: 'health', href: `${API_BASE}${CALL_ROUTES.health.path}` },
  { key: 'currencies', href: `${API_BASE}${CALL_ROUTES.listCurrency.path}` },
  { key: 'countries', href: `${API_BASE}${CALL_ROUTES.listCountryCode.path}` },
] as const;

/** The help centre's own locale of each page language (its URLs say en-us and zh-cn). */
const HELP_CENTRE_LOCALE: Record<string, string> = { en: 'en-us', zh: 'zh-cn' };

/**
 * The page of a sandbox tool the server offers (health's sandboxTools: the mailbox, ledger, chain,
 * help desk and help centre, the operator's review), the help centre in the page language.
 */
export function sandboxToolHref(key: SandboxToolKey, lng: string): string {
  if (key === 'helpCentre') return `${SANDBOX_TOOL_PAGES.helpCentre}/${HELP_CENTRE_LOCALE[lng] ?? 'en-us'}`;
  return SANDBOX_TOOL_PAGES[key];
}

/** The sandbox pages the checkout opens itself, each with a link of its own (said, not linked). */
export const FLOW_PAGES = ['cardFields', 'threeDs', 'kyc', 'klarna'] as const;
