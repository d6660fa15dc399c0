import { API_BASE, PATHS } from '@causeway/contracts';

/**
 * The sandbox tools a person can open today. Each later capability (mailbox, 3DS, KYC, bank,
 * merchant host page) adds its entry here when its sandbox provider exists.
 */
export const SANDBOX_TOOLS = [
  { key: 'apiDocs', href: `${API_BASE}${PATHS.docs}` },
  { key: 'openApiJson', href: `${API_BASE}${PATHS.docs}/json` },
  { key: 'health', href: `${API_BASE}${PATHS.health}` },
  { key: 'currencies', href: `${API_BASE}${PATHS.listCurrency}` },
  { key: 'countries', href: `${API_BASE}${PATHS.listCountryCode}` },
] as const;
