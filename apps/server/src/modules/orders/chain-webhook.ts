import { createHash } from 'node:crypto';
import { type WebhookIntake, WebhookRefusedError } from '../../platform/webhook-intake.ts';
import { type ChainProvider, type ChainWebhookNotice, ChainWebhookRefusedError } from '../../providers/chain/chain.ts';
import type { OrdersRepository } from './orders.repository.ts';
import type { SellSettlement } from './sell-settlement.ts';

/**
 * Where the chain provider's webhooks arrive: `/webhooks/bitgo`, or `/webhooks/sandbox-chain` for the
 * sandbox chain (the sandbox KYC vendor is `/webhooks/sandbox`).
 */
export const chainWebhookName = (chain: Pick<ChainProvider, 'kind'>) => (chain.kind === 'sandbox' ? 'sandbox-chain' : chain.kind);

/**
 * A verified chain webhook only says "read this address again" (nothing else in it is trusted): the
 * sells whose deposit address it names are woken at once, rather than at their next poll. Stored by
 * the hash of its bytes, as the notice carries no id of its own; a repeat wakes nothing new.
 */
export function addChainWebhookReceiver(deps: {
  intake: WebhookIntake;
  chain: ChainProvider;
  orders: Pick<OrdersRepository, 'sellsAt'>;
  sells: Pick<SellSettlement, 'wake'>;
}): void {
  deps.intake.add<{ eventId: string; type: string; notice: ChainWebhookNotice | null }>(chainWebhookName(deps.chain), {
    async verify({ rawBody, headers }) {
      try {
        const notice = await deps.chain.readWebhook({ rawBody, headers });
        return { eventId: createHash('sha256').update(rawBody).digest('hex'), type: notice ? 'deposit' : 'ignored', notice };
      } catch (error) {
        if (error instanceof ChainWebhookRefusedError) throw new WebhookRefusedError(error.message);
        throw error;
      }
    },
    async store(event) {
      if (!event.notice?.address) return true;
      for (const { id } of await deps.orders.sellsAt(event.notice.network, event.notice.address)) await deps.sells.wake(id);
      return true;
    },
  });
}
