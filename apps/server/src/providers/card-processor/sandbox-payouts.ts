import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { formatCardAmount, parseCardAmount } from './card-amounts.ts';
import { type Payout, type PayoutDeclineReason, type PayoutInput, type PayoutStatus, ProcessorTimeoutError } from './card-processor.ts';
import { SANDBOX_PAYOUT_SETTLE_MS, type SandboxPayoutBehaviour } from './sandbox-cards.ts';
import type { SandboxPayoutRow } from './sandbox-payouts.repository.ts';
import type { SandboxProcessorRepository } from './sandbox-processor.repository.ts';

export interface SandboxPayoutsOptions {
  repository: SandboxProcessorRepository;
  clock: Clock;
  /** The saved card's payout behaviour, told by its fingerprint: the sandbox never keeps the number. */
  behaviourOf: (fingerprint: string) => SandboxPayoutBehaviour;
  /** SANDBOX_SLOW_PAYOUT_MS: how long the slow card's payout stays PENDING. */
  slowPayoutMs: number;
}

/** Where a payout ends, by its card's behaviour (docs/sandbox.md, "Payouts (selling to a card)"). */
function outcomeOf(behaviour: string): { status: 'PAID' | 'DECLINED'; declineReason: PayoutDeclineReason | null } {
  switch (behaviour as SandboxPayoutBehaviour) {
    case 'DECLINE':
      return { status: 'DECLINED', declineReason: 'DECLINED' };
    case 'NOT_ELIGIBLE':
      return { status: 'DECLINED', declineReason: 'CARD_NOT_ELIGIBLE' };
    case 'LIMIT_EXCEEDED':
      return { status: 'DECLINED', declineReason: 'LIMIT_EXCEEDED' };
    default:
      return { status: 'PAID', declineReason: null };
  }
}

const toPayout = (row: SandboxPayoutRow): Payout => ({
  payoutId: row.id,
  reference: row.reference,
  status: row.status as PayoutStatus,
  amount: formatCardAmount(row.amount, row.currency),
  currency: row.currency,
  declineReason: row.declineReason as PayoutDeclineReason | null,
});

/**
 * The sandbox processor's payouts to saved cards, shaped like Checkout.com's: accepted PENDING,
 * settled on a later read once their time has come on the app's clock (PAID, or DECLINED for a
 * declining card). Nothing runs in the background: reading is what settles, as the 3DS expiry does.
 */
export function createSandboxPayouts(options: SandboxPayoutsOptions) {
  const { repository, clock } = options;
  const payouts = repository.payouts;

  /** The payout as it stands now: one whose time has come is settled first (once: a conditional update). */
  async function current(row: SandboxPayoutRow): Promise<SandboxPayoutRow> {
    if (row.status !== 'PENDING' || clock.now() < row.settlesAt) return row;
    const settled = await payouts.settle(row.id, { ...outcomeOf(row.behaviour), now: clock.now() });
    return settled ?? (await payouts.findPayout(row.id)) ?? row;
  }

  return {
    async payout(input: PayoutInput): Promise<Payout> {
      const amount = parseCardAmount(input.amount, input.currency);
      const token = await repository.findToken(input.cardToken);
      // Payouts go to a saved card; a card-fields token (expiresAt set) is only for saveCard.
      if (!token || token.expiresAt !== null) throw new Error('unknown sandbox card token');
      const behaviour = options.behaviourOf(token.fingerprint);
      const now = clock.now();
      const { row } = await payouts.insertPayoutOnce({
        id: newId('pay'),
        idempotencyKey: input.idempotencyKey,
        reference: input.reference,
        token: token.token,
        amount: amount.toFixed(),
        currency: input.currency,
        behaviour,
        status: 'PENDING',
        declineReason: null,
        settlesAt: new Date(now.getTime() + (behaviour === 'SLOW' ? options.slowPayoutMs : SANDBOX_PAYOUT_SETTLE_MS)),
        createdAt: now,
        updatedAt: now,
      });
      // 4000 0000 0000 0119: the payout is made, but its answer never comes back (every time, as
      // for payments); findPayout is how the caller learns of it.
      if (row.behaviour === 'TIMEOUT')
        throw new ProcessorTimeoutError('sandbox card processor did not answer (test card 4000 0000 0000 0119)');
      // A payout made just now is PENDING; one the key made before may have settled since.
      return toPayout(await current(row));
    },

    async getPayout(payoutId: string): Promise<Payout> {
      const row = await payouts.findPayout(payoutId);
      if (!row) throw new Error(`sandbox card payout ${payoutId} does not exist`);
      return toPayout(await current(row));
    },

    async findPayout(reference: string): Promise<Payout | null> {
      const row = await payouts.newestPayoutFor(reference);
      return row ? toPayout(await current(row)) : null;
    },

    /** How many payouts the processor holds for a reference ("exactly one payout" in tests and ops). */
    payoutsFor: (reference: string): Promise<number> => payouts.countPayoutsFor(reference),
  };
}
