import { describe, expect, it } from 'vitest';
import { createManualClock } from '../platform/clock.ts';
import { createFlowRunner, type FlowDefinition, type FlowSubject } from './flow-runner.ts';

class VendorDown extends Error {}

const quiet = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as never;

/** A two-step flow over an in-memory row: START → SEND → DONE, deadline a minute after the start. */
function setup(overrides: Partial<FlowDefinition<FlowSubject>> = {}) {
  const clock = createManualClock(new Date('2026-11-26T12:00:00Z'));
  const rows = new Map<string, FlowSubject>([['s1', { id: 's1', step: 'START', deadlineAt: new Date('2026-11-26T12:01:00Z') }]]);
  const ran: string[] = [];
  const moveTo = (subject: FlowSubject, step: string) => {
    rows.set(subject.id, { ...subject, step });
    return 'moved' as const;
  };
  const flow = createFlowRunner<FlowSubject>(
    {
      jobKind: 'test.advance',
      jobKey: (id) => `test-advance:${id}`,
      payloadKey: 'subjectId',
      load: async (id) => rows.get(id),
      finalStep: 'DONE',
      steps: {
        START: async (subject) => (ran.push('START'), moveTo(subject, 'SEND')),
        SEND: async (subject) => (ran.push('SEND'), moveTo(subject, 'DONE')),
      },
      pastDeadlineSteps: ['SEND', 'DONE'],
      onDeadline: async (subject) => (ran.push('deadline'), moveTo(subject, 'DONE')),
      isOutage: (error) => error instanceof VendorDown,
      outageRetryMs: 10_000,
      ...overrides,
    },
    { clock, log: quiet },
  );
  return { flow, rows, ran, clock, moveTo };
}

describe('the flow runner (jobs/flow-runner.ts)', () => {
  it('runs step after step until the subject is final, then answers null', async () => {
    const { flow, ran, rows } = setup();
    expect(await flow.advance('s1')).toBeNull();
    expect(ran).toEqual(['START', 'SEND']);
    expect(rows.get('s1')?.step).toBe('DONE');
    expect(await flow.advance('missing')).toBeNull();
  });

  it('a step that answers the subject as it moved it is not read again; a plain "moved" is', async () => {
    let loads = 0;
    const rows = new Map<string, FlowSubject>();
    const { flow, ran } = setup({
      load: async (id) => ((loads += 1), rows.get(id) ?? { id, step: 'START', deadlineAt: new Date('2026-11-26T12:01:00Z') }),
      steps: {
        START: async (subject) => (ran.push('START'), { movedTo: { ...subject, step: 'SEND' } }),
        SEND: async (subject) => (ran.push('SEND'), rows.set(subject.id, { ...subject, step: 'DONE' }), 'moved' as const),
      },
    });
    expect(await flow.advance('s1')).toBeNull();
    expect(ran).toEqual(['START', 'SEND']);
    // Read for START, not for SEND (START handed it on), and again after SEND's plain "moved".
    expect(loads).toBe(2);
  });

  it('a step that waits reschedules the job for then', async () => {
    const waitUntil = new Date('2026-11-26T12:00:30Z');
    const { flow } = setup({ steps: { START: async () => ({ waitUntil }) } });
    expect(await flow.advance('s1')).toEqual({ runAgainAt: waitUntil });
  });

  it('past the deadline, a step that may be cut short goes to onDeadline; a step that may not runs on', async () => {
    const late = setup();
    late.clock.advance(61_000);
    await late.flow.advance('s1');
    expect(late.ran).toEqual(['deadline']);

    const sending = setup();
    sending.rows.set('s1', { ...sending.rows.get('s1')!, step: 'SEND' });
    sending.clock.advance(61_000);
    await sending.flow.advance('s1');
    expect(sending.ran).toEqual(['SEND']);
  });

  it('an outside outage waits outageRetryMs with the same step; any other failure is thrown to the worker', async () => {
    const down = setup({
      steps: {
        START: async () => {
          throw new VendorDown('processor down');
        },
      },
    });
    expect(await down.flow.advance('s1')).toEqual({ runAgainAt: new Date('2026-11-26T12:00:10Z') });
    expect(down.rows.get('s1')?.step).toBe('START');

    const broken = setup({
      steps: {
        START: async () => {
          throw new Error('a bug');
        },
      },
    });
    await expect(broken.flow.advance('s1')).rejects.toThrow('a bug');
  });

  it('an unknown step is an error, and a subject that keeps moving yields to other jobs after a bounded run', async () => {
    const unknown = setup();
    unknown.rows.set('s1', { ...unknown.rows.get('s1')!, step: 'NOWHERE' });
    await expect(unknown.flow.advance('s1')).rejects.toThrow(/unknown step NOWHERE/);

    let moves = 0;
    const spinning = setup({ steps: { START: async () => ((moves += 1), 'moved') } });
    expect(await spinning.flow.advance('s1')).toEqual({ runAgainAt: new Date('2026-11-26T12:00:01Z') });
    expect(moves).toBe(12);
  });

  it('schedules and registers its job under its kind, key and payload', async () => {
    const { flow } = setup();
    const queued: unknown[] = [];
    await flow.schedule({ enqueue: async (job: unknown) => void queued.push(job) } as never, 's1', new Date('2026-11-26T12:00:05Z'));
    expect(queued).toEqual([
      { kind: 'test.advance', payload: { subjectId: 's1' }, runAt: new Date('2026-11-26T12:00:05Z'), dedupeKey: 'test-advance:s1' },
    ]);
    const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
    flow.register({ register: (kind: string, handler: (payload: unknown) => Promise<unknown>) => handlers.set(kind, handler) } as never);
    expect(await handlers.get('test.advance')!({ subjectId: 's1' })).toBeUndefined();
    await expect(handlers.get('test.advance')!({})).rejects.toThrow(/payload without subjectId/);
  });
});
