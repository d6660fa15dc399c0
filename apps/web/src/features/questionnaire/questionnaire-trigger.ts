import type { AccountOverview } from '@causeway/contracts';
import { storage } from '@/lib/storage';

/**
 * The pages the questionnaire dialog never opens on (docs/rules/questionnaire.md "When it opens"), by their first
 * path segment: the questionnaire's own page; pages of another compliance step or of a blocked account; a
 * payment on its way (3-D Secure, Klarna's return, the result); the pages without sign-in.
 */
export const QUESTIONNAIRE_EXCLUDED_PAGES: ReadonlySet<string> = new Set([
  'questionnaire',
  'account-status',
  'account-status-entity',
  'account-status-roma',
  'remediation',
  'user-migration',
  'service-upgrade-complete',
  'sumsub',
  'sumsub-webview',
  'docsverification',
  'file-upload',
  'business-account-form',
  'business-status',
  'kyb-verify',
  'risk-reminder',
  'user-blocked',
  'duplicate-account-detected',
  'account-terminated',
  'services-unavailable',
  '3ds',
  '3ds-webview',
  '3ds-callback',
  'klarna-callback',
  'result',
  'result-webview',
  'order-submit-fail',
]);

const firstSegment = (path: string) => path.split(/[/?#]/).filter(Boolean)[0] ?? '';

/** True on a page the dialog never opens on (a locale-free path: /buy-crypto). */
export const isQuestionnaireExcludedPath = (path: string): boolean => QUESTIONNAIRE_EXCLUDED_PAGES.has(firstSegment(path));

/** Where the per-token flag is kept: the doneCheck of the session whose dialog was closed last (spec §3 persistence). */
export const QUESTIONNAIRE_DONE_CHECK_KEY = 'causeway.questionnaireDoneCheck';

/**
 * The doneCheck of a session token: a short fingerprint of it (FNV-1a, 32 bits, hex), so the token itself is
 * never written anywhere else. A new token (a new sign-in, or a refresh) has a new one: the dialog opens again.
 */
export function doneCheckOf(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The flag stored when the dialog last closed, if any. */
export const storedDoneCheck = (): string | undefined => storage.getItem<string>(QUESTIONNAIRE_DONE_CHECK_KEY);
/** Stores the flag: this session closed the dialog (answered or not), so it stays closed for the session's token. */
export const rememberDoneCheck = (doneCheck: string): void => void storage.setItem(QUESTIONNAIRE_DONE_CHECK_KEY, doneCheck);

export interface QuestionnaireTriggerContext {
  /** The locale-free path shown. */
  path: string;
  /** The current session's doneCheck (doneCheckOf its token); undefined without one. */
  doneCheck: string | undefined;
  /** The flag stored when the dialog last closed. */
  storedFlag: string | undefined;
}

/**
 * spec §4 questionnaire trigger: requireDynamicQuestionnaire, and either a Corporate account whose KYB
 * verificationStatus is Pass or Processing, or an Individual whose KYC is Pending or Pass; never on an excluded
 * page, nor once the dialog was closed in this session (its doneCheck equals the stored flag).
 */
export function questionnaireDue(info: AccountOverview, context: QuestionnaireTriggerContext): boolean {
  if (!info.requireDynamicQuestionnaire || isQuestionnaireExcludedPath(context.path)) return false;
  if (context.doneCheck !== undefined && context.doneCheck === context.storedFlag) return false;
  if (info.userType === 'Corporate')
    return info.kybInfo?.verificationStatus === 'Pass' || info.kybInfo?.verificationStatus === 'Processing';
  return info.kycInfo?.kycStatus === 'Pending' || info.kycInfo?.kycStatus === 'Pass';
}
