import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MailProvider } from './mail.ts';
import { createSandboxMail } from './sandbox.ts';
import { createSandboxOutbox } from './sandbox-outbox.repository.ts';
import { createSmtpMail } from './smtp.ts';

export type { MailMessage, MailProvider } from './mail.ts';

/**
 * SMTP when SMTP_URL is set, else the sandbox outbox (the only place that reads config to choose).
 * Without SMTP every email lands in the sandbox outbox, which /sandbox/mailbox shows to anyone: so
 * only a sandbox-mode install without SMTP_URL gets the sandbox tools and demo data
 * (platform/deployment-mode.ts hasSandboxTools), and production refuses it unless ALLOW_SANDBOX=mail.
 */
export function createMailProvider(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, db: Database, clock: Clock): MailProvider {
  if (config.SMTP_URL) return createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createSandboxMail(createSandboxOutbox(db), clock);
}
