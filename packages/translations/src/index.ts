import { bundledEnglish } from './english.ts';

export {
  bundledEnglish,
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
} from './english.ts';
import zhAgreements from './zh/agreements.json' with { type: 'json' };
import zhAvailability from './zh/availability.json' with { type: 'json' };
import zhAuth from './zh/auth.json' with { type: 'json' };
import zhCommon from './zh/common.json' with { type: 'json' };
import zhPages from './zh/pages.json' with { type: 'json' };
import zhSecurity from './zh/security.json' with { type: 'json' };
import zhUi from './zh/ui.json' with { type: 'json' };
import zhVerification from './zh/verification.json' with { type: 'json' };
import zhTrade from './zh/trade.json' with { type: 'json' };
import zhOrders from './zh/orders.json' with { type: 'json' };
import zhRisk from './zh/risk.json' with { type: 'json' };
import zhHelp from './zh/help.json' with { type: 'json' };
import zhHelpForm from './zh/help-form.json' with { type: 'json' };
import zhHome from './zh/home.json' with { type: 'json' };
import zhSandbox from './zh/sandbox.json' with { type: 'json' };
import zhBankAccounts from './zh/bank-accounts.json' with { type: 'json' };
import zhBanking from './zh/banking.json' with { type: 'json' };
import zhBankOrders from './zh/bank-orders.json' with { type: 'json' };
import zhKyb from './zh/kyb.json' with { type: 'json' };
import zhPortal from './zh/portal.json' with { type: 'json' };
import zhMerchantConsole from './zh/merchant-console.json' with { type: 'json' };
import zhOauth from './zh/oauth.json' with { type: 'json' };
import zhPromotionEmail from './zh/promotion-email.json' with { type: 'json' };
import zhDesk from './zh/desk.json' with { type: 'json' };
import zhQuestionnaire from './zh/questionnaire.json' with { type: 'json' };
import zhEdd from './zh/edd.json' with { type: 'json' };

/** Translation project id of docs/rules/limits.md; get-translations answers only for it. */
export const TRANSLATION_PROJECT_ID = 39;

export const SUPPORTED_LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export type TextTree = { [key: string]: string | TextTree };

/**
 * The bundled texts, one tree per language, grouped by area (common, ui, pages). Each area is
 * its own file so features can add texts without touching each other's files.
 */
export const bundledTranslations: Record<Language, TextTree> = {
  en: bundledEnglish,
  zh: {
    common: zhCommon,
    ui: zhUi,
    pages: zhPages,
    auth: zhAuth,
    security: zhSecurity,
    verification: zhVerification,
    trade: zhTrade,
    orders: zhOrders,
    banking: zhBanking,
    bankOrders: zhBankOrders,
    risk: zhRisk,
    help: zhHelp,
    helpForm: zhHelpForm,
    home: zhHome,
    sandbox: zhSandbox,
    bankAccounts: zhBankAccounts,
    kyb: zhKyb,
    portal: zhPortal,
    merchantConsole: zhMerchantConsole,
    oauth: zhOauth,
    promotionEmail: zhPromotionEmail,
    availability: zhAvailability,
    agreements: zhAgreements,
    desk: zhDesk,
    questionnaire: zhQuestionnaire,
    edd: zhEdd,
  },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** A BCP 47 language tag: a language of 2-3 letters, then subtags of 1-8 letters or digits; `_` is taken for `-` (zh_CN). */
const LANGUAGE_TAG = /^([a-z]{2,3})(?:[-_][a-z\d]{1,8})*$/i;

/**
 * The supported language a language tag names, case-insensitively and by its language subtag:
 * zh, zh-CN, zh-cn, zh-Hans, zh-Hans-CN, zh-SG (and zh-TW: our only Chinese is zh) → zh; EN,
 * en-US, en-GB → en. Undefined for anything else, a tag of an unsupported language included.
 */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const primary = LANGUAGE_TAG.exec(tag ?? '')?.[1]?.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/** Every dotted key of a text tree, sorted: the completeness test compares en and zh with it. */
export function listKeys(tree: TextTree, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : listKeys(value, `${prefix}${key}.`)))
    .sort();
}

/**
 * The public key the web app sends to get-translations (docs/rules/calls.md: "API key header"). It is not a
 * secret: it only names a client. Operators may set their own with TRANSLATIONS_API_KEY on the
 * server and VITE_TRANSLATIONS_API_KEY at build time.
 */
export const DEFAULT_TRANSLATIONS_API_KEY = 'cw_public_i18n_key';
