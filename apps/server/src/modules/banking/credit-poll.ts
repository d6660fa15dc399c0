import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { loggableError } from '../../platform/logging.ts';
import type { BankProvider } from '../../providers/bank/bank.ts';
import type { CreditIntake } from './credit-intake.ts';

export const JOB_POLL_BANK_CREDITS = 'banking.poll-credits';
/** How far back each poll reads: longer than any webhook outage we would not notice otherwise. */
const LOOKBACK_MS = 3 * 24 * 60 * 60 * 1000;
/** Credits read per call to the bank. */
const PAGE = 500;

/**
 * The poll behind the webhooks (docs/rules/bank-transfers.md): a webhook lost (our process died while
 * taking it, the vendor gave up) must not lose the money. Every BANK_POLL_MS the bank's credits of the
 * last 3 days are read again, page by page, and each goes through the intake, which books a new one once
 * and applies a return it had not seen. Credits already booked cost one read each.
 */
export function registerCreditPoll(deps: {
  bank: Pick<BankProvider, 'listCredits'>;
  credits: Pick<CreditIntake, 'record'>;
  worker: JobWorker;
  queue: JobQueueRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs: number;
}) {
  deps.worker.register(JOB_POLL_BANK_CREDITS, async () => {
    const next = { runAgainAt: new Date(deps.clock.now().getTime() + deps.intervalMs) };
    let since = new Date(deps.clock.now().getTime() - LOOKBACK_MS);
    try {
      for (;;) {
        const page = await deps.bank.listCredits(since, PAGE);
        for (const credit of page) await deps.credits.record(credit);
        if (page.length < PAGE) break;
        // The next page starts at the last one's time (inclusive): a credit seen twice is booked once.
        const last = page[page.length - 1]!.receivedAt;
        if (last.getTime() === since.getTime()) break;
        since = last;
      }
    } catch (error) {
      // The bank is down: the next poll reads the same window again.
      deps.log.warn({ err: loggableError(error) }, 'bank credit poll failed: retrying at the next one');
    }
    return next;
  });
  return () => deps.queue.enqueue({ kind: JOB_POLL_BANK_CREDITS, payload: {}, runAt: deps.clock.now(), dedupeKey: JOB_POLL_BANK_CREDITS });
}
