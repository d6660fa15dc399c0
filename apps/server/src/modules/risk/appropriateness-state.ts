import type { AppropriatenessStage } from '@causeway/contracts';

/**
 * The appropriateness test's state machine, one per person (docs/rules/appropriateness.md; spec §4 names the stages,
 * the moves are ours). Written down once here; the repository refuses any other move.
 *
 *   RISK_WARING_OK ─continue─▶ AGREEMENT ─agreement─▶ QUESTIONS ─answer─┬─ pass ─────────────▶ CONFIRMATION
 *                                   ▲                                   ├─ pass, concern ────▶ ANSWER_WAIT ─continue─▶ CONFIRMATION
 *                                   │                                   ├─ fail ─────────────▶ IN_SILENT (24 h)
 *                                   └──────────continue─── AFTER_SILENT ◀── the 24 h end, or an operator ends it early
 *                                                                       └─ fail, the last allowed ▶ ANSWER_FAIL (AC100007)
 *   CONFIRMATION ─continue─▶ CONFIRMATION_SIGN ─agreement─▶ PASSED
 *   Every stage but the three final ones ─terminate─▶ TERMINATED (AC100005; AC100006 once an answer was given)
 *
 * PASSED, ANSWER_FAIL and TERMINATED are final: nothing leaves them.
 */
export const APPROPRIATENESS_TRANSITIONS: Readonly<Record<AppropriatenessStage, readonly AppropriatenessStage[]>> = {
  RISK_WARING_OK: ['AGREEMENT', 'TERMINATED'],
  AGREEMENT: ['QUESTIONS', 'TERMINATED'],
  QUESTIONS: ['CONFIRMATION', 'ANSWER_WAIT', 'IN_SILENT', 'ANSWER_FAIL', 'TERMINATED'],
  ANSWER_WAIT: ['CONFIRMATION', 'TERMINATED'],
  IN_SILENT: ['AFTER_SILENT', 'TERMINATED'],
  AFTER_SILENT: ['AGREEMENT', 'TERMINATED'],
  CONFIRMATION: ['CONFIRMATION_SIGN', 'TERMINATED'],
  CONFIRMATION_SIGN: ['PASSED', 'TERMINATED'],
  PASSED: [],
  ANSWER_FAIL: [],
  TERMINATED: [],
};

export const isFinalStage = (stage: AppropriatenessStage): boolean => APPROPRIATENESS_TRANSITIONS[stage].length === 0;

export class IllegalAppropriatenessMove extends Error {
  constructor(
    readonly from: AppropriatenessStage,
    readonly to: AppropriatenessStage,
  ) {
    super(`an appropriateness test cannot go from ${from} to ${to}`);
    this.name = 'IllegalAppropriatenessMove';
  }
}

export function assertAppropriatenessMove(from: AppropriatenessStage, to: AppropriatenessStage): void {
  if (!APPROPRIATENESS_TRANSITIONS[from].includes(to)) throw new IllegalAppropriatenessMove(from, to);
}

/** The stages a person reaches only by answering: ending the journey from one of them is AC100006. */
const AFTER_AN_ANSWER: ReadonlySet<AppropriatenessStage> = new Set([
  'ANSWER_WAIT',
  'IN_SILENT',
  'AFTER_SILENT',
  'CONFIRMATION',
  'CONFIRMATION_SIGN',
]);

/** The block reasons the test ends with (docs/rules/order-states.md block reason codes). */
export const TEST_BLOCK_REASONS = {
  /** The person ended the journey before answering. */
  endedJourney: 'AC100005',
  /** The person ended the journey after answering (a retake after a failure counts: they answered before). */
  endedAfterAnswer: 'AC100006',
  /** The last allowed attempt failed. */
  answerFail: 'AC100007',
} as const;

/** The block reason of ending the journey at `stage`, given the failures so far. */
export const terminationReasonOf = (stage: AppropriatenessStage, failures: number): string =>
  failures > 0 || AFTER_AN_ANSWER.has(stage) ? TEST_BLOCK_REASONS.endedAfterAnswer : TEST_BLOCK_REASONS.endedJourney;
