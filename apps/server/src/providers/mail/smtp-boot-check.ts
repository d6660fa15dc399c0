import nodemailer from 'nodemailer';
import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';

/**
 * SMTP's boot check: nodemailer's transport.verify() (https://nodemailer.com/smtp/#verify-smtp-connection-configuration),
 * which connects, greets, upgrades to TLS where the server offers it and logs in with SMTP_URL's user
 * and password, then quits without sending anything. The same connection the adapter (smtp.ts) sends through.
 */
export interface SmtpBootCheckSettings {
  /** SMTP_URL: smtp://user:pass@host:587 or smtps://… */
  url: string;
}

/** smtp://host:port, without the user and password, for messages. */
function shownAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'SMTP_URL';
  }
}

export function smtpBootCheck(settings: SmtpBootCheckSettings): BootCheck {
  const address = shownAddress(settings.url);
  return {
    vendor: 'SMTP',
    target: `SMTP_URL (${address})`,
    async run(context) {
      // Each stage ends on its own soon after the deadline: verify() takes no abort signal.
      const transport = nodemailer.createTransport({
        url: settings.url,
        connectionTimeout: context.timeoutMs,
        greetingTimeout: context.timeoutMs,
        socketTimeout: context.timeoutMs,
      } as Parameters<typeof nodemailer.createTransport>[0]);
      try {
        await transport.verify();
        return `${address} accepted the login`;
      } catch (error) {
        const code = (error as { code?: unknown } | undefined)?.code;
        if (code === 'EAUTH')
          throw new BootCheckFailure(`SMTP at ${address} refused the login (${messageOf(error)}): check the user and password in SMTP_URL`);
        if (code === 'ENOAUTH')
          throw new BootCheckFailure(
            `SMTP at ${address} asks for a login: put the user and password in SMTP_URL (smtp://user:pass@host:587)`,
          );
        throw new BootCheckFailure(`SMTP at ${address} failed: ${messageOf(error)} (check SMTP_URL's host, port and smtp:// or smtps://)`);
      } finally {
        transport.close();
      }
    },
  };
}
