import type { Clock } from '../../platform/clock.ts';
import { assertSafeHeaders, type MailProvider } from './mail.ts';
import type { SandboxOutbox } from './sandbox-outbox.repository.ts';

/** Keeps every message in the outbox table instead of sending it (docs/sandbox.md, "Mail"), its extra headers with it. */
export function createSandboxMail(outbox: SandboxOutbox, clock: Clock): MailProvider {
  return {
    kind: 'sandbox',
    async send(message) {
      // The same refusal as the SMTP adapter's: what passes in the sandbox passes in production.
      assertSafeHeaders(message.headers);
      await outbox.add({ ...message, to: message.to.trim().toLowerCase() }, clock.now());
    },
  };
}
