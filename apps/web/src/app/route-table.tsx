import { type ComponentType, lazy } from 'react';

/**
 * The pages that exist, by locale-free path. Every page is its own chunk: a person on one page
 * downloads only that page's code. The layout rules live in route-rules.ts.
 */
type PageModule = Promise<{ default: ComponentType }>;
const named = <M,>(module: Promise<M>, pick: (m: M) => ComponentType): PageModule => module.then((m) => ({ default: pick(m) }));
const loginPages = () => import('@/features/auth/routes/login-page');
const merchantLoginPages = () => import('@/features/auth/routes/merchant-login-page');
const accountStatusPages = () => import('@/features/verification/routes/account-status-page');
const closedPages = () => import('@/features/status/routes/account-closed-pages');
/** The promotional emails' unsubscribe screen and the page it leads to: one chunk. */
const unsubscribePages = () => import('@/features/promotion-email/routes/pages');
/**
 * banktransfer-buy is two features' page: the trade feature's bank-transfer buy, and on its Deposit side
 * the orders feature's deposit instructions, composed here (features never import each other). The
 * deposit loads when that side is shown.
 */
const BankDepositPage = lazy(() => import('@/features/orders/routes/bank-transfer-page'));
const bankTransferBuyPage = () =>
  named(import('@/features/trade/routes/bank-transfer-buy-page'), ({ BankTransferBuyPage }) => {
    const Page = () => <BankTransferBuyPage deposit={<BankDepositPage />} />;
    return Page;
  });

/**
 * settings and corporation-portal/setting: the security centre, with the promotional-email choice of
 * the promotion-email feature as one of its sections (its own chunk, loaded as the page shows).
 */
const PromotionEmailSetting = lazy(() => import('@/features/promotion-email/components/promotion-email-setting'));
const settingsPage = () =>
  named(import('@/features/security/routes/security-centre-page'), ({ SecurityCentrePage }) => {
    const Page = () => <SecurityCentrePage sections={<PromotionEmailSetting />} />;
    return Page;
  });

/** The business portal's composed pages: their own module, so the first load of every other page carries none of it. */
const portalCompositions = () => import('./portal-compositions');
const portalPages = () => import('@/features/portal/routes/account-linking-pages');

export const PAGE_ROUTES: Array<{ path: string; load: () => PageModule }> = [
  { path: 'login-v2', load: () => named(loginPages(), (m) => m.IndividualLoginPage) },
  { path: 'login', load: () => named(loginPages(), (m) => m.IndividualLoginPage) },
  { path: 'login-independent', load: () => named(loginPages(), (m) => m.IndependentLoginPage) },
  { path: 'business-login', load: () => named(loginPages(), (m) => m.BusinessLoginPage) },
  { path: 'business-login-independent', load: () => named(loginPages(), (m) => m.BusinessIndependentLoginPage) },
  { path: 'login-v3', load: () => named(merchantLoginPages(), (m) => m.LoginV3Page) },
  { path: 'skip-login', load: () => named(merchantLoginPages(), (m) => m.SkipLoginPage) },
  { path: 'reset-pwd', load: () => import('@/features/auth/routes/reset-password-page') },
  { path: 'oauth-callback', load: () => named(loginPages(), (m) => m.OauthCallbackPage) },
  { path: 'settings', load: settingsPage },
  { path: 'corporation-portal/setting', load: settingsPage },
  { path: 'account-status', load: () => named(accountStatusPages(), (m) => m.AccountStatusDefaultPage) },
  { path: 'account-status-entity', load: () => named(accountStatusPages(), (m) => m.AccountStatusEntityPage) },
  { path: 'account-status-roma', load: () => named(accountStatusPages(), (m) => m.AccountStatusRomaPage) },
  { path: 'remediation', load: () => import('@/features/verification/routes/remediation-page') },
  { path: 'user-migration', load: () => import('@/features/verification/routes/user-migration-page') },
  { path: 'questionnaire', load: () => import('@/features/questionnaire/routes/questionnaire-page') },
  // Enhanced due diligence (docs/rules/edd.md): account-status leads here while answers are asked.
  { path: 'edd', load: () => import('@/features/edd/routes/edd-page') },
  { path: 'service-upgrade-complete', load: () => import('@/features/availability/routes/service-upgrade-complete-page') },
  { path: 'sumsub', load: () => import('@/features/verification/routes/hosted-verification-page') },
  { path: 'docsverification', load: () => import('@/features/verification/routes/docs-verification-page') },
  { path: 'sumsub-webview', load: () => import('@/features/verification/routes/hosted-verification-page') },
  { path: 'file-upload', load: () => import('@/features/verification/routes/file-upload-page') },
  { path: 'duplicate-account-detected', load: () => named(closedPages(), (m) => m.DuplicateAccountPage) },
  { path: 'account-terminated', load: () => named(closedPages(), (m) => m.AccountTerminatedPage) },
  { path: 'account-unsupport-roma', load: () => named(closedPages(), (m) => m.AccountUnsupportedRomaPage) },
  { path: 'services-unavailable', load: () => import('@/features/status/routes/services-unavailable-page') },
  { path: 'user-blocked', load: () => import('@/features/status/routes/user-blocked-page') },
  { path: 'join-mailing-list', load: () => import('@/features/status/routes/join-mailing-list-page') },
  { path: 'unsubscribe', load: () => named(unsubscribePages(), (m) => m.UnsubscribePage) },
  { path: 'unsubscribed', load: () => named(unsubscribePages(), (m) => m.UnsubscribedPage) },
  { path: 'dashboard', load: () => import('@/features/orders/routes/dashboard-page') },
  { path: 'result', load: () => import('@/features/orders/routes/result-page') },
  { path: 'result-webview', load: () => named(import('@/features/orders/routes/result-page'), (m) => m.ResultWebviewPage) },
  { path: '3ds', load: () => import('@/features/orders/routes/three-ds-page') },
  { path: '3ds-webview', load: () => import('@/features/orders/routes/three-ds-page') },
  { path: '3ds-callback', load: () => import('@/features/orders/routes/three-ds-callback-page') },
  { path: 'order-submit-fail', load: () => import('@/features/orders/routes/order-submit-fail-page') },
  { path: 'history', load: () => import('@/features/orders/routes/history-page') },
  { path: 'history-webview', load: () => named(import('@/features/orders/routes/history-page'), (m) => m.HistoryWebviewPage) },
  { path: 'banktransfer-buy', load: bankTransferBuyPage },
  { path: 'banktransfer-sell', load: () => import('@/features/trade/routes/bank-transfer-sell-page') },
  { path: 'withdraw', load: () => import('@/features/orders/routes/withdraw-page') },
  { path: 'card-buy-sell', load: () => import('@/features/trade/routes/trade-page') },
  { path: 'buy-crypto', load: () => import('@/features/trade/routes/trade-page') },
  { path: 'sendto-confirm', load: () => import('@/features/trade/routes/send-to-confirm-page') },
  { path: 'klarna-callback', load: () => import('@/features/trade/routes/klarna-callback-page') },
  { path: 'manage-wallet', load: () => import('@/features/trade/routes/manage-wallet-page') },
  { path: 'bank-accounts', load: () => import('@/features/bank-accounts/routes/bank-accounts-page') },
  { path: 'add-card-webview', load: () => import('@/features/trade/routes/add-card-webview-page') },
  { path: 'risk-reminder', load: () => import('@/features/risk/routes/risk-reminder-page') },
  { path: 'sandbox', load: () => import('@/features/sandbox/routes/sandbox-page') },
  // The merchant console, its section (keys, webhooks, origins, orders) in the URL: merchant-console alone is the first.
  { path: 'merchant-console/:section?', load: () => import('@/features/merchant-console/routes/merchant-console-page') },
  { path: 'business-account-form', load: () => import('@/features/business-verification/routes/business-account-form-page') },
  { path: 'corporation-portal/kyb-status', load: () => import('@/features/business-verification/routes/kyb-status-page') },
  { path: 'kyb-verify', load: () => import('@/features/business-verification/routes/kyb-verify-page') },
  { path: 'corporation-portal/home', load: () => named(portalCompositions(), (m) => m.PortalHome) },
  { path: 'corporation-portal/transaction', load: () => named(portalCompositions(), (m) => m.PortalTransaction) },
  { path: 'corporation-portal/history', load: () => import('@/features/orders/routes/history-page') },
  { path: 'corporation-portal/result', load: () => import('@/features/orders/routes/result-page') },
  { path: 'corporation-portal/account-management', load: () => import('@/features/portal/routes/account-management-page') },
  { path: 'corporation-portal/bank-accounts', load: () => import('@/features/bank-accounts/routes/bank-accounts-page') },
  { path: 'business-status', load: () => import('@/features/portal/routes/business-status-page') },
  { path: 'account-linking-failed', load: () => named(portalPages(), (m) => m.AccountLinkingFailedPage) },
  { path: 'account-linking-success', load: () => named(portalPages(), (m) => m.AccountLinkingSuccessPage) },
  // The operator's desk (docs/rules/operator-desk.md): its own sign-in, its screens under it (desk/people/usr_…).
  { path: 'desk/*', load: () => import('@/features/desk/routes/desk-page') },
];

/** The start page (`/:lng`, the index route): the buy form with a live price, for anyone. */
export const loadHomePage = () => import('@/features/home/routes/home-page');

export const loadNotFoundPage = () => import('@/features/status/routes/not-found-page');
