import type { AccountOverview } from '@causeway/contracts';

export interface GateContext {
  /** The locale-free path asked for, e.g. /buy-crypto. */
  path: string;
  /** The Roma channel (its own status pages). */
  isRoma: boolean;
}

/** Where a corporate account goes from an individual page: its own home, the portal's (docs/rules/kyb.md gating). */
export const PORTAL_HOME = 'corporation-portal/home';

/**
 * The individual pages (their first path segment) a corporate account has no use of: it trades, follows
 * its orders and keeps its settings in the portal instead (docs/rules/kyb.md gating).
 */
export const INDIVIDUAL_PAGES: ReadonlySet<string> = new Set([
  'dashboard',
  'buy-crypto',
  'card-buy-sell',
  'banktransfer-buy',
  'banktransfer-sell',
  'withdraw',
  'history',
  'settings',
  'manage-wallet',
  'bank-accounts',
]);

/** The reason code of a block whose account holds the same KYC data as another account. */
export const DUPLICATE_ACCOUNT_REASON = 'AC100003';

/**
 * Where a blocked account goes (docs/rules/order-states.md), whichever answer said so (the account info or a
 * sign-in): duplicate-account-detected for {@link DUPLICATE_ACCOUNT_REASON}, else user-blocked
 * with the reason code (999999 when none).
 */
export function blockedPage(reasonCode: string | null | undefined): string {
  return reasonCode === DUPLICATE_ACCOUNT_REASON ? 'duplicate-account-detected' : `user-blocked?code=${reasonCode || '999999'}`;
}

/**
 * docs/rules/order-states.md gating of an individual's account, as data in, page out: where the account must go
 * before the page it asked for, or null to stay. Pass is the only passing KYC status.
 * - Blocked: {@link blockedPage}.
 * - Terminated, or KYC not Pass: the status page: account-status-roma on the Roma channel,
 *   account-status-entity for the PL entity (our reading of "by entity tag": LI is the default
 *   entity), else account-status.
 * - Entity migration: a switch flagged, or a target entity other than the current one that was
 *   not deferred ("later") or whose deadline passed: user-migration, except on user-migration
 *   and history.
 * - KYC Pass with remediation Pop: remediation, never from a remediation path itself.
 * Corporate accounts follow the business rules (docs/rules/kyb.md): on an individual page
 * ({@link INDIVIDUAL_PAGES}) the portal home, elsewhere null (the portal and its trade pages say what
 * verification still needs; businessLandingPage decides where a sign-in lands).
 */
export function gateFor(info: AccountOverview, context: GateContext): string | null {
  if (info.userType === 'Corporate') return INDIVIDUAL_PAGES.has(firstSegment(context.path)) ? PORTAL_HOME : null;
  if (info.accountStatus === 'Blocked') return blockedPage(info.accountStatusReasonCode);
  if (mustMigrate(info, context.path)) return 'user-migration';
  const statusPage = context.isRoma ? 'account-status-roma' : info.entityTag === 'PL' ? 'account-status-entity' : 'account-status';
  if (info.accountStatus === 'Terminated' || info.kycInfo?.kycStatus !== 'Pass')
    return context.path === `/${statusPage}` ? null : statusPage;
  if (info.kycInfo.remediationStatus === 'Pop' && !context.path.includes('remediation')) return 'remediation';
  return null;
}

const firstSegment = (path: string) => path.split(/[/?#]/).filter(Boolean)[0] ?? '';

function mustMigrate(info: AccountOverview, path: string): boolean {
  const kyc = info.kycInfo;
  if (!kyc || path === '/user-migration' || path.startsWith('/history')) return false;
  if (kyc.entitySwitch) return true;
  const moving = kyc.routeEntity !== null && kyc.routeEntity !== info.entityTag;
  return moving && (!kyc.hitClickedLaterCache || kyc.overDeadLine);
}
