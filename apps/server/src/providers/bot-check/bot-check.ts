/** Tells people from scripts on the sign-in steps (the `recaptchaToken` the web client sends). */
export interface BotCheckProvider {
  readonly kind: 'sandbox' | 'recaptcha';
  /**
   * True when the token shows a person did this action. False for a missing, forged, reused or
   * low-score token. A vendor outage answers false (fail closed), never throws.
   */
  verify(input: { token: string | undefined; action: string; ip: string }): Promise<boolean>;
}
