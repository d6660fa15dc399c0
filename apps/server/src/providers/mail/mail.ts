/** One message to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends the product's emails (codes, receipts, notices). */
export interface MailProvider {
  readonly kind: 'sandbox' | 'smtp';
  /**
   * Sends one message. Resolves once the provider accepted it; throws when it refused or could
   * not be reached. Not idempotent: a retry may send twice, so callers send once per event.
   */
  send(message: MailMessage): Promise<void>;
}
