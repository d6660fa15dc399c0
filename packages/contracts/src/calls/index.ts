import { AGREEMENT_CALLS } from './agreements.ts';
import { AUTHENTICATOR_CALLS } from './authenticator.ts';
import { BANK_ACCOUNT_CALLS } from './bank-accounts.ts';
import { BANKING_CALLS } from './banking.ts';
import { CARD_AND_WALLET_CALLS } from './cards-and-wallets.ts';
import type { CallDefinition } from './define-call.ts';
import { DESK_CALLS } from './desk.ts';
import { DESK_ORDER_CALLS } from './desk-orders.ts';
import { DESK_EDD_CALLS } from './desk-edd.ts';
import { DESK_QUESTIONNAIRE_CALLS } from './desk-questionnaire.ts';
import { DESK_SETTINGS_CALLS } from './desk-settings.ts';
import { DESK_CONFIG_CALLS } from './desk-config.ts';
import { DESK_VERIFICATION_CALLS } from './desk-verifications.ts';
import { EDD_CALLS } from './edd.ts';
import { HELP_CALLS } from './help.ts';
import { HISTORY_EXPORT_CALLS } from './history-export.ts';
import { KYB_CALLS } from './kyb.ts';
import { KYC_CALLS } from './kyc.ts';
import { MERCHANT_CALLS } from './merchant.ts';
import { MERCHANT_CONSOLE_CALLS } from './merchant-console.ts';
import { OAUTH_CALLS } from './oauth.ts';
import { ORDER_CALLS } from './orders.ts';
import { PROMOTION_EMAIL_CALLS } from './promotion-email.ts';
import { QUESTIONNAIRE_CALLS } from './questionnaire.ts';
import { SIGN_IN_CALLS } from './sign-in.ts';
import { SITE_CALLS } from './site.ts';
import { TELEMETRY_CALLS } from './telemetry.ts';
import { UPLOAD_CALLS } from './uploads.ts';

export * from './define-call.ts';
export * from './call-route.ts';
// A namespace, not an object: a bundle keeps only the routes its code names (call-route.ts callRoutesSource).
export * as CALL_ROUTES from './routes.generated.ts';
export {
  AGREEMENT_CALLS,
  AUTHENTICATOR_CALLS,
  BANK_ACCOUNT_CALLS,
  BANKING_CALLS,
  CARD_AND_WALLET_CALLS,
  DESK_CALLS,
  DESK_ORDER_CALLS,
  DESK_EDD_CALLS,
  DESK_QUESTIONNAIRE_CALLS,
  DESK_CONFIG_CALLS,
  DESK_SETTINGS_CALLS,
  DESK_VERIFICATION_CALLS,
  EDD_CALLS,
  HELP_CALLS,
  HISTORY_EXPORT_CALLS,
  KYB_CALLS,
  KYC_CALLS,
  MERCHANT_CALLS,
  MERCHANT_CONSOLE_CALLS,
  OAUTH_CALLS,
  ORDER_CALLS,
  PROMOTION_EMAIL_CALLS,
  QUESTIONNAIRE_CALLS,
  SIGN_IN_CALLS,
  SITE_CALLS,
  TELEMETRY_CALLS,
  UPLOAD_CALLS,
};

/**
 * Every call of the API by the name of its PATHS entry: the server registers each (`registerCall(app, CALLS.listCard, …)`),
 * tests check mocked answers with it; the web calls its route (`client.call(CALL_ROUTES.listCard, body)`).
 */
export const CALLS = {
  ...SITE_CALLS,
  ...SIGN_IN_CALLS,
  ...AGREEMENT_CALLS,
  ...OAUTH_CALLS,
  ...AUTHENTICATOR_CALLS,
  ...MERCHANT_CALLS,
  ...MERCHANT_CONSOLE_CALLS,
  ...KYC_CALLS,
  ...KYB_CALLS,
  ...EDD_CALLS,
  ...UPLOAD_CALLS,
  ...CARD_AND_WALLET_CALLS,
  ...BANK_ACCOUNT_CALLS,
  ...ORDER_CALLS,
  ...BANKING_CALLS,
  ...HISTORY_EXPORT_CALLS,
  ...HELP_CALLS,
  ...TELEMETRY_CALLS,
  ...PROMOTION_EMAIL_CALLS,
  ...QUESTIONNAIRE_CALLS,
  ...DESK_CALLS,
  ...DESK_ORDER_CALLS,
  ...DESK_EDD_CALLS,
  ...DESK_QUESTIONNAIRE_CALLS,
  ...DESK_SETTINGS_CALLS,
  ...DESK_CONFIG_CALLS,
  ...DESK_VERIFICATION_CALLS,
} as const;

const byPath = new Map<string, CallDefinition>(Object.values(CALLS).map((call) => [call.path, call]));

/** The call defined on a path (relative to API_BASE), or undefined: what tests look mocked answers up by. */
export const callOfPath = (path: string): CallDefinition | undefined => byPath.get(path);
