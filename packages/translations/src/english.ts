/**
 * The English texts alone: the web app's bundled fallback (docs/rules/calls.md). Kept apart from the other
 * languages so the app's first load carries English only; Chinese arrives from get-translations. Each
 * area is also exported on its own (enTrade, ...): the web app's first load carries the areas every page
 * shows, and a feature's pages bring their own.
 */
import enAgreements from './en/agreements.json' with { type: 'json' };
import enAvailability from './en/availability.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enPages from './en/pages.json' with { type: 'json' };
import enSecurity from './en/security.json' with { type: 'json' };
import enUi from './en/ui.json' with { type: 'json' };
import enVerification from './en/verification.json' with { type: 'json' };
import enTrade from './en/trade.json' with { type: 'json' };
import enOrders from './en/orders.json' with { type: 'json' };
import enRisk from './en/risk.json' with { type: 'json' };
import enHelp from './en/help.json' with { type: 'json' };
import enHelpForm from './en/help-form.json' with { type: 'json' };
import enHome from './en/home.json' with { type: 'json' };
import enSandbox from './en/sandbox.json' with { type: 'json' };
import enBankAccounts from './en/bank-accounts.json' with { type: 'json' };
import enBanking from './en/banking.json' with { type: 'json' };
import enBankOrders from './en/bank-orders.json' with { type: 'json' };
import enKyb from './en/kyb.json' with { type: 'json' };
import enPortal from './en/portal.json' with { type: 'json' };
import enMerchantConsole from './en/merchant-console.json' with { type: 'json' };
import enOauth from './en/oauth.json' with { type: 'json' };
import enPromotionEmail from './en/promotion-email.json' with { type: 'json' };
import enDesk from './en/desk.json' with { type: 'json' };
import enQuestionnaire from './en/questionnaire.json' with { type: 'json' };
import enEdd from './en/edd.json' with { type: 'json' };

export {
  enAgreements,
  enAvailability,
  enAuth,
  enBankAccounts,
  enBanking,
  enBankOrders,
  enCommon,
  enDesk,
  enEdd,
  enHelp,
  enHelpForm,
  enHome,
  enKyb,
  enMerchantConsole,
  enOauth,
  enOrders,
  enPages,
  enPortal,
  enPromotionEmail,
  enQuestionnaire,
  enRisk,
  enSandbox,
  enSecurity,
  enTrade,
  enUi,
  enVerification,
};

export const bundledEnglish = {
  common: enCommon,
  ui: enUi,
  pages: enPages,
  auth: enAuth,
  security: enSecurity,
  verification: enVerification,
  trade: enTrade,
  orders: enOrders,
  banking: enBanking,
  bankOrders: enBankOrders,
  risk: enRisk,
  help: enHelp,
  helpForm: enHelpForm,
  home: enHome,
  sandbox: enSandbox,
  bankAccounts: enBankAccounts,
  kyb: enKyb,
  portal: enPortal,
  merchantConsole: enMerchantConsole,
  oauth: enOauth,
  promotionEmail: enPromotionEmail,
  availability: enAvailability,
  agreements: enAgreements,
  desk: enDesk,
  questionnaire: enQuestionnaire,
  edd: enEdd,
};
