import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MailProvider } from './mail.ts';
import { createSandboxMail } from './sandbox.ts';
import { createSandboxOutbox } from './sandbox-outbox.repository.ts';
import { createSmtpMail } from './smtp.ts';

export type { MailMessage, MailProvider } from './mail.ts';

/**
 * Without SMTP every email lands in the public sandbox mailbox, so anyone can read anyone's codes:
 * such an install is a sandbox by construction, and only it gets sandbox.md's demo data.
 */
export const isSandboxInstall = (config: Pick<Config, 'SMTP_URL'>): boolean => !config.SMTP_URL;

/** SMTP when SMTP_URL is set, else the sandbox outbox (the only place that reads config to choose). */
export function createMailProvider(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, db: Database, clock: Clock): MailProvider {
  if (config.SMTP_URL) return createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createSandboxMail(createSandboxOutbox(db), clock);
}
