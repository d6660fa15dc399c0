import { Navigate, useLocation, useParams } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { gateFor } from '@/lib/gating';
import { stripLocale } from '@/lib/locale-path';
import { useLoginStatus } from '@/lib/target-entity';
import { currentMode } from './current-mode';

/**
 * docs/rules/kyb.md gating: a corporate account opening an individual page (dashboard, trade,
 * history, settings, wallets, bank accounts) is sent to the portal home. Every individual page is in
 * the main layout, so the rule is applied there, once; the account info is the one the user menu
 * reads (asked only for a signed-in corporate account). An individual's own gating stays with the
 * pages that apply it (trade, deposit, withdraw, sign-in).
 */
export function CorporateGate() {
  const { lng = 'en' } = useParams();
  const { pathname } = useLocation();
  const status = useLoginStatus();
  const corporate = status.data?.isLogin === true && status.data.userType === 'Corporate';
  const account = useAccountInfo(currentMode(), { enabled: corporate });
  if (!corporate || account.data?.userType !== 'Corporate') return null;
  const gate = gateFor(account.data, { path: stripLocale(pathname), isRoma: getSharedCookie(COOKIE_NAMES.isRoma) === 'true' });
  return gate ? <Navigate replace to={`/${lng}/${gate}`} /> : null;
}
