import { type KybCompanyHeader, type KybInfo, type LoginStatus, PATHS } from '@causeway/contracts';
import { bankingRoutes, balance } from '@/features/orders/banking-fixtures';
import { corporateOverview, kybInfo } from '@/test/account-overview';
import { HEALTHY, type Responder, routedHttpClient } from '@/test/routed-http-client';

/** Test-only answers of a signed-in business in the portal (the app's routes, layouts and composed pages). */

export const COMPANY = 'Acme Trading Ltd';

export const corporateLoginStatus = (): LoginStatus => ({
  isLogin: true,
  email: 'boss@acme.example',
  userType: 'Corporate',
  mode: 'business',
  targetEntityTag: null,
});

export const companyHeader = (overrides: Partial<KybCompanyHeader> = {}): KybCompanyHeader => ({
  companyName: COMPANY,
  logoUrl: null,
  kybInfo: kybInfo(),
  ...overrides,
});

/**
 * A client answering what the portal's layout and home ask: who is signed in (a business), its
 * header, its account info, and the trading account (EUR 1 250.50 unless `balances` says). `kyb`
 * overrides both the header's and the account info's verification.
 */
export function portalClient({
  header = {},
  kyb = {},
  routes = {},
}: { header?: Partial<KybCompanyHeader>; kyb?: Partial<KybInfo>; routes?: Record<string, Responder> } = {}) {
  return routedHttpClient({
    [PATHS.health]: () => HEALTHY,
    [PATHS.checkLoginStatus]: corporateLoginStatus,
    [PATHS.kybCompanyHeader]: () => companyHeader({ kybInfo: kybInfo(kyb), ...header }),
    [PATHS.overview]: () => ({ ...corporateOverview(kyb), email: 'boss@acme.example' }),
    ...bankingRoutes({ balances: [balance('EUR', '1250.5')] }),
    ...routes,
  });
}
