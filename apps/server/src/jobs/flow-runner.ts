import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import { loggableError } from '../platform/logging.ts';
import type { JobQueueRepository } from './job-queue.repository.ts';
import type { JobWorker } from './job-worker.ts';

/**
 * What one step did: moved the subject on (run the next step now: `movedTo` when the step holds
 * the subject as its move left it, so it is not read again), or wait until then.
 */
export type StepOutcome<Subject = unknown> = 'moved' | { movedTo: Subject } | { waitUntil: Date };

/** What a flow moves: a row with its current step and the deadline by which it must end. */
export interface FlowSubject {
  id: string;
  step: string;
  deadlineAt: Date;
}

/**
 * A money flow as data: how to read its subject, one function per step, and what a passed
 * deadline or an outside outage means. Card buy is one; card sell and bank transfers are others.
 * Steps move their subject by compare-and-set (a step run twice, or by two workers, moves it once)
 * and must be safe to repeat: provider calls carry keys derived from the subject.
 */
export interface FlowDefinition<Subject extends FlowSubject> {
  /** The job kind that advances one subject; its payload is `{ id }` under `payloadKey`. */
  jobKind: string;
  /** Each subject has one advance job, found again by this key (to wake it when work is possible now). */
  jobKey(id: string): string;
  /** The subject's id in the job payload (`orderId` for orders). */
  payloadKey: string;
  load(id: string): Promise<Subject | undefined>;
  /** The step a finished subject rests at. */
  finalStep: string;
  steps: Record<string, (subject: Subject) => Promise<StepOutcome<Subject>>>;
  /** Steps a passed deadline does not cut short (money may already be out, a refund must finish). */
  pastDeadlineSteps: readonly string[];
  /** The subject passed its deadline at a step that may be cut short. */
  onDeadline(subject: Subject): Promise<StepOutcome<Subject>>;
  /** An outside service is down or slow: the step waits `outageRetryMs` and is tried again with the same keys. */
  isOutage(error: unknown): boolean;
  outageRetryMs: number;
}

/** Steps run in one go before the job yields to others (a flow never spins the worker). */
const MAX_MOVES_PER_RUN = 12;

/**
 * Runs a flow: its advance loop, outage back-off and deadline, and the job that drives each
 * subject. `advance` answers when to look again, or null when the subject is final.
 */
export function createFlowRunner<Subject extends FlowSubject>(
  flow: FlowDefinition<Subject>,
  deps: { clock: Clock; log: FastifyBaseLogger },
) {
  const { clock } = deps;

  /** One step of the subject as it stands, with the flow's deadline and outage rules. */
  async function step(subject: Subject): Promise<StepOutcome<Subject>> {
    try {
      if (clock.now() >= subject.deadlineAt && !flow.pastDeadlineSteps.includes(subject.step)) return await flow.onDeadline(subject);
      const run = flow.steps[subject.step];
      if (!run) throw new Error(`${flow.jobKind}: ${subject.id} has an unknown step ${subject.step}`);
      return await run(subject);
    } catch (error) {
      if (!flow.isOutage(error)) throw error;
      deps.log.warn({ id: subject.id, step: subject.step, err: loggableError(error) }, 'an outside service is down: the step waits');
      return { waitUntil: new Date(clock.now().getTime() + flow.outageRetryMs) };
    }
  }

  async function advance(id: string): Promise<{ runAgainAt: Date } | null> {
    let movedTo: Subject | undefined;
    for (let moves = 0; moves < MAX_MOVES_PER_RUN; moves += 1) {
      const subject = movedTo ?? (await flow.load(id));
      if (!subject || subject.step === flow.finalStep) return null;
      const outcome = await step(subject);
      if (outcome !== 'moved' && 'waitUntil' in outcome) return { runAgainAt: outcome.waitUntil };
      movedTo = outcome === 'moved' ? undefined : outcome.movedTo;
    }
    return { runAgainAt: new Date(clock.now().getTime() + 1000) };
  }

  return {
    step,
    advance,
    /** The payload of the subject's advance job. */
    payloadOf: (id: string): Record<string, string> => ({ [flow.payloadKey]: id }),
    /** Queues (inside the caller's transaction, with the subject's insert) the subject's advance job. */
    schedule: (queue: JobQueueRepository, id: string, runAt: Date) =>
      queue.enqueue({ kind: flow.jobKind, payload: { [flow.payloadKey]: id }, runAt, dedupeKey: flow.jobKey(id) }),
    /** The worker runs `advance` for each due job of the flow. */
    register(worker: JobWorker) {
      worker.register(flow.jobKind, async (payload) => {
        const id = (payload as Record<string, unknown>)[flow.payloadKey];
        if (typeof id !== 'string') throw new Error(`${flow.jobKind}: payload without ${flow.payloadKey}`);
        return (await advance(id)) ?? undefined;
      });
    },
  };
}

export type FlowRunner<Subject extends FlowSubject> = ReturnType<typeof createFlowRunner<Subject>>;
