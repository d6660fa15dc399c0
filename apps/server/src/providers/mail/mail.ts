/** One message to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields by name, each value one line (List-Unsubscribe and List-Unsubscribe-Post of a
   * promotional email, RFC 8058). A name or value that could start another header is refused
   * ({@link assertSafeHeaders}), never sent.
   */
  headers?: Readonly<Record<string, string>>;
}

/** A header name as RFC 5322 allows it: printable ASCII but the colon. */
const HEADER_NAME = /^[!-9;-~]+$/;

/**
 * Refuses headers that could inject others: a CR or LF in a value, or a name that is not a header
 * name. Every adapter checks before sending, so the rule holds whichever carries the message.
 */
export function assertSafeHeaders(headers: Readonly<Record<string, string>> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new Error(`Refused mail header name ${JSON.stringify(name)}`);
    if (/[\r\n]/.test(value)) throw new Error(`Refused mail header ${name}: its value holds a line break`);
  }
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
