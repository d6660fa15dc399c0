import type { Clock } from '../../platform/clock.ts';
import type { MailProvider } from './mail.ts';
import type { SandboxOutbox } from './sandbox-outbox.repository.ts';

/** Keeps every message in the outbox table instead of sending it (docs/sandbox.md, "Mail"). */
export function createSandboxMail(outbox: SandboxOutbox, clock: Clock): MailProvider {
  return {
    kind: 'sandbox',
    send: (message) => outbox.add({ ...message, to: message.to.trim().toLowerCase() }, clock.now()),
  };
}
