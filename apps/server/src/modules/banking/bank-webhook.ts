import { createHash } from 'node:crypto';
import { type WebhookIntake, WebhookRefusedError } from '../../platform/webhook-intake.ts';
import { type BankProvider, type BankWebhookNotice, BankWebhookRefusedError } from '../../providers/bank/bank.ts';
import type { CreditIntake } from './credit-intake.ts';

/** Where the bank's webhooks arrive: `/webhooks/sandbox-bank`, or `/webhooks/<vendor>`. */
export const bankWebhookName = (bank: Pick<BankProvider, 'kind'>) => (bank.kind === 'sandbox' ? 'sandbox-bank' : bank.kind);

/**
 * A verified bank webhook only names what changed: the credit is read again from the provider
 * (nothing in the body is trusted beyond its id) and recorded, at most once. Stored by the hash of
 * its bytes; a repeated delivery records nothing new.
 */
export function addBankWebhookReceiver(deps: {
  intake: WebhookIntake;
  bank: BankProvider;
  credits: Pick<CreditIntake, 'record'>;
  /** A payment out changed (withdrawals): wake what waits on it. */
  onPayment?: (paymentId: string) => Promise<void>;
}): void {
  deps.intake.add<{ eventId: string; type: string; notices: BankWebhookNotice[] }>(bankWebhookName(deps.bank), {
    async verify({ rawBody, headers }) {
      try {
        const notices = deps.bank.readWebhook(headers, rawBody);
        return { eventId: createHash('sha256').update(rawBody).digest('hex'), type: notices[0]?.type ?? 'ignored', notices };
      } catch (error) {
        if (error instanceof BankWebhookRefusedError) throw new WebhookRefusedError(error.message);
        throw error;
      }
    },
    async store(event) {
      for (const notice of event.notices) {
        if (notice.type === 'credit') await deps.credits.record(await deps.bank.getCredit(notice.creditId));
        else await deps.onPayment?.(notice.paymentId);
      }
      return true;
    },
  });
}
