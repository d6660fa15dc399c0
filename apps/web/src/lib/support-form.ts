import { COOKIE_NAMES, getSharedCookie } from './cookies';

/** A verification that ended for good: KYC Fail, or the account Terminated (no step left but support). */
export type FinalOutcome = 'Fail' | 'Terminated';

/**
 * What a support request from a final outcome is about: the support form's topic, as a text key.
 * The status page and the buy page offer Contact support with it, so neither is a dead end.
 */
export const FINAL_OUTCOME_SUPPORT_TOPIC: Record<FinalOutcome, string> = {
  Fail: 'common.supportTopic.verificationFailed',
  Terminated: 'common.supportTopic.accountTerminated',
};

/** The support topic of a verification stage when it is final, else undefined. */
export const supportTopicOf = (stage: string): string | undefined =>
  Object.hasOwn(FINAL_OUTCOME_SUPPORT_TOPIC, stage) ? FINAL_OUTCOME_SUPPORT_TOPIC[stage as FinalOutcome] : undefined;

/** The help widget, and so its support form, is hidden on the Roma channel (docs/rules/README.md). */
export const canOpenSupportForm = (): boolean => getSharedCookie(COOKIE_NAMES.isRoma) !== 'true';

/**
 * Opens the help widget straight on its support form with `topic` filled in, through the
 * widget's window setters (features/help/help-window-api.ts): a page's own "Contact support"
 * without importing the help feature. Signed in, the form shows the account's address itself.
 */
export function openSupportForm(topic: string): void {
  const help = window.causewayHelp;
  help?.setSecondaryPage({ type: 'support', topic });
  help?.setOpen(true);
}
