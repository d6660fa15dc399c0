export type { MailMessage, MailProvider } from './mail.ts';
export type { SandboxOutbox } from './sandbox-outbox.repository.ts';
