// nodemailer's message options, custom headers among them: https://nodemailer.com/message/custom-headers/
import nodemailer from 'nodemailer';
import { assertSafeHeaders, type MailProvider } from './mail.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://... (nodemailer connection URL). */
  url: string;
  from: string;
  /** For tests: a nodemailer transport object instead of the URL. */
  transport?: Parameters<typeof nodemailer.createTransport>[0];
}

/** Real email through any SMTP server, with nodemailer. */
export function createSmtpMail(options: SmtpOptions): MailProvider {
  if (!/^smtps?:\/\//.test(options.url)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!options.from) throw new Error('MAIL_FROM is required with SMTP_URL');
  const transporter = nodemailer.createTransport(options.transport ?? options.url);
  return {
    kind: 'smtp',
    async send({ headers, ...message }) {
      assertSafeHeaders(headers);
      // The extra headers go as given (List-Unsubscribe's <URL> included); nodemailer folds long lines.
      await transporter.sendMail({ from: options.from, ...message, ...(headers ? { headers: { ...headers } } : {}) });
    },
  };
}
