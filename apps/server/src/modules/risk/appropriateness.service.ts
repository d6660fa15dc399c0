import {
  APPROPRIATENESS_COOLING_OFF_MS,
  type AppropriatenessStage,
  ErrorCode,
  RISK_WARNING_PROTOCOL,
  RISK_WARNING_VERSION,
  type RiskNextStep,
  type RiskSurveyAgreement,
  type RiskSurveyAnswer,
  type RiskSurveyCheckResult,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { People, Principal } from '../identity/index.ts';
import type { AppropriatenessRepository, AssessmentMove, AssessmentRow } from './appropriateness.repository.ts';
import { AnswersDoNotFit, scoreAttempt } from './appropriateness-scoring.ts';
import { isFinalStage, TEST_BLOCK_REASONS, terminationReasonOf } from './appropriateness-state.ts';
import { type AppropriatenessRecord, recordOf, viewOf } from './appropriateness-view.ts';

/** Who is taking the test, as the session knows them. */
export type Person = Pick<Principal, 'id' | 'userType' | 'accountStatus'>;

const isClosed = (person: Pick<Principal, 'accountStatus'>) => person.accountStatus === 'Blocked' || person.accountStatus === 'Terminated';
const NOT_FINAL: AppropriatenessStage[] = [
  'RISK_WARING_OK',
  'AGREEMENT',
  'QUESTIONS',
  'ANSWER_WAIT',
  'IN_SILENT',
  'AFTER_SILENT',
  'CONFIRMATION',
  'CONFIRMATION_SIGN',
];
/** What continue moves to, from each stage it goes on from. */
const CONTINUES_TO: Partial<Record<AppropriatenessStage, AppropriatenessStage>> = {
  RISK_WARING_OK: 'AGREEMENT',
  ANSWER_WAIT: 'CONFIRMATION',
  AFTER_SILENT: 'AGREEMENT',
  CONFIRMATION: 'CONFIRMATION_SIGN',
};
const CONTINUE_DETAIL: Partial<Record<AppropriatenessStage, string>> = {
  ANSWER_WAIT: 'went on after being told the product may not suit them',
  AFTER_SILENT: 'retake after the cooling-off',
};
const MAX_REASON_LENGTH = 500;

const outOfOrder = (stage: string, message?: string) => new AppError(ErrorCode.RiskStepOutOfOrder, message, { stage });

/**
 * The risk step before trading (docs/rules/appropriateness.md): the risk warning every account agrees to, then for an
 * individual the appropriateness test, a state machine per person (appropriateness-state.ts). Every move is made in
 * one transaction from the stage it read (compare-and-set): a call that lost a race to another changes nothing and
 * answers RSK0000001. A failed test waits 24 h; the last allowed failure, or ending the journey, blocks the account
 * through identity's face with the test's block reason.
 */
export function createAppropriatenessService(deps: {
  repository: AppropriatenessRepository;
  people: People;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { repository, people, clock, transaction } = deps;
  const hasAgreedWarning = (userId: string) => people.hasAgreement(userId, RISK_WARNING_PROTOCOL, RISK_WARNING_VERSION);

  /** isCleared for a person already read (an order call has its principal): two reads, side by side. */
  async function clearedFor(person: Person): Promise<boolean> {
    if (isClosed(person)) return false;
    const [warned, assessment] = await Promise.all([
      hasAgreedWarning(person.id),
      person.userType === 'Individual' ? repository.find(person.id) : undefined,
    ]);
    return warned && (person.userType !== 'Individual' || assessment?.stage === 'PASSED');
  }

  /** The person's test with the clock's move made: a cooling-off that ended reads AFTER_SILENT from its end on. */
  async function load(userId: string): Promise<AssessmentRow | undefined> {
    const row = await repository.find(userId);
    if (row?.stage !== 'IN_SILENT' || !row.silentUntil || clock.now() < row.silentUntil) return row;
    const moved = await repository.move(row, { stage: 'AFTER_SILENT', actor: 'clock', detail: 'the cooling-off ended' }, row.silentUntil);
    return moved ?? (await repository.find(userId));
  }

  const nextStepOf = (person: Person, stage: AppropriatenessStage, warned: boolean, testKnown: boolean): RiskNextStep => {
    if (stage === 'TERMINATED' || stage === 'ANSWER_FAIL') return stage;
    if (isClosed(person)) return 'UNAVAILABLE';
    if (!warned) return 'RISK_WARNING';
    if (stage === 'PASSED') return 'OK';
    return testKnown ? stage : 'UNAVAILABLE';
  };

  /** What risk/survey/check answers, and every move after it is made. */
  async function answerFor(person: Person): Promise<RiskSurveyCheckResult> {
    const warned = await hasAgreedWarning(person.id);
    if (person.userType !== 'Individual') {
      return { riskSurveyCheckNextStep: warned ? 'OK' : 'RISK_WARNING', version: RISK_WARNING_VERSION, assessment: null };
    }
    const assessment = await viewOf(repository, person.id, await load(person.id));
    return {
      riskSurveyCheckNextStep: nextStepOf(person, assessment.stage, warned, assessment.testVersion !== null),
      version: RISK_WARNING_VERSION,
      assessment,
    };
  }

  /**
   * The person's test for a move (inside the move's transaction): refused unless they are at one of `expected` (and at
   * `named`, the stage their page showed, when it says). A retry during the cooling-off is refused with its end.
   */
  async function forMove(
    person: Person,
    expected: readonly AppropriatenessStage[],
    options: { named?: AppropriatenessStage | undefined; warningFirst?: boolean } = {},
  ): Promise<AssessmentRow> {
    if (person.userType !== 'Individual') throw outOfOrder('OK', 'Only an individual takes the appropriateness test.');
    const row = (await load(person.id)) ?? (await repository.findOrCreate(person.id, clock.now()));
    const stage = row.stage as AppropriatenessStage;
    if (isFinalStage(stage)) throw outOfOrder(stage);
    if (isClosed(person)) throw new AppError(ErrorCode.AppropriatenessUnavailable);
    if (options.warningFirst !== false && !(await hasAgreedWarning(person.id))) throw outOfOrder('RISK_WARNING');
    if (options.named && options.named !== stage) throw outOfOrder(stage);
    if (expected.includes(stage)) return row;
    if (stage === 'IN_SILENT' && row.silentUntil) {
      const until = row.silentUntil.toISOString();
      throw new AppError(ErrorCode.AppropriatenessCoolingOff, `The test can be taken again from ${until}.`, { silentUntil: until });
    }
    throw outOfOrder(stage);
  }

  /** Makes the move or, when another call moved the test first, refuses (the transaction then rolls back). */
  async function move(row: AssessmentRow, change: AssessmentMove): Promise<AssessmentRow> {
    const moved = await repository.move(row, change, clock.now());
    if (!moved) throw outOfOrder(row.stage, 'The test moved on meanwhile: look at it again.');
    return moved;
  }

  async function publishedTestOrRefuse() {
    const test = await repository.publishedTest();
    if (!test) throw new AppError(ErrorCode.AppropriatenessUnavailable);
    return test;
  }

  const notCurrent = (version: string) =>
    new AppError(ErrorCode.AgreementVersionNotCurrent, `The test's current version is ${version}.`, { version });

  return {
    check: answerFor,

    /** Signs what the stage shows: the warning (recorded with the other agreements), the declaration, the confirmation. */
    async agree(person: Person, body: RiskSurveyAgreement): Promise<RiskSurveyCheckResult> {
      const now = clock.now();
      const seen = body.viewTime === undefined ? '' : ` (on screen ${body.viewTime} ms)`;
      if ((body.stage ?? 'RISK_WARNING') === 'RISK_WARNING') {
        await people.recordAgreement({ userId: person.id, protocol: RISK_WARNING_PROTOCOL, version: body.version, acceptedAt: now });
        return answerFor(person);
      }
      await transaction(async () => {
        if (body.stage === 'AGREEMENT') {
          const row = await forMove(person, ['AGREEMENT']);
          const test = await publishedTestOrRefuse();
          if (body.version !== test.version) throw notCurrent(test.version);
          const number = row.attempts + 1;
          await move(row, {
            stage: 'QUESTIONS',
            set: { attempts: number },
            actor: 'person',
            detail: `declaration of test ${test.version} agreed${seen}; attempt ${number}`,
          });
          await repository.startAttempt({ userId: person.id, number, testVersion: test.version, startedAt: now });
          return;
        }
        const row = await forMove(person, ['CONFIRMATION_SIGN']);
        const attempt = await repository.attempt(person.id, row.attempts);
        if (!attempt || body.version !== attempt.testVersion) throw notCurrent(attempt?.testVersion ?? '');
        await move(row, {
          stage: 'PASSED',
          set: { passedAt: now },
          actor: 'person',
          detail: `result of attempt ${attempt.number} signed${seen}`,
        });
      });
      return answerFor(person);
    },

    /** Scores the attempt's answers and moves on by the outcome; the last allowed failure blocks the account (AC100007). */
    async answer(person: Person, body: RiskSurveyAnswer): Promise<RiskSurveyCheckResult> {
      await transaction(async () => {
        const row = await forMove(person, ['QUESTIONS']);
        if (body.attempt !== row.attempts)
          throw outOfOrder('QUESTIONS', `These answers are for attempt ${body.attempt}; attempt ${row.attempts} is open.`);
        const attempt = (await repository.attempt(person.id, row.attempts))!;
        const test = (await repository.test(attempt.testVersion))!;
        let score;
        try {
          score = scoreAttempt(await repository.questions(test.version), body.answers, test.passMark);
        } catch (error) {
          if (!(error instanceof AnswersDoNotFit)) throw error;
          throw new AppError(
            ErrorCode.AppropriatenessAnswersInvalid,
            error.message,
            error.questionId ? { questionId: error.questionId } : undefined,
          );
        }
        const now = clock.now();
        const recorded = await repository.recordAnswers(attempt.id, {
          answeredAt: now,
          answers: score.answers,
          score: score.score,
          passMark: test.passMark,
          maxScore: score.maxScore,
          outcome: score.outcome,
        });
        if (!recorded) throw outOfOrder('QUESTIONS', 'This attempt was answered meanwhile.');
        const detail = `attempt ${attempt.number} scored ${score.score} of ${score.maxScore} (pass mark ${test.passMark}): ${score.outcome}`;
        if (score.outcome !== 'FAIL') {
          await move(row, { stage: score.outcome === 'PASS' ? 'CONFIRMATION' : 'ANSWER_WAIT', actor: 'person', detail });
          return;
        }
        const failures = row.failures + 1;
        if (failures < test.failuresAllowed) {
          const silentUntil = new Date(now.getTime() + APPROPRIATENESS_COOLING_OFF_MS);
          await move(row, { stage: 'IN_SILENT', set: { failures, silentUntil }, actor: 'person', detail });
          return;
        }
        await move(row, { stage: 'ANSWER_FAIL', set: { failures, endedReason: TEST_BLOCK_REASONS.answerFail }, actor: 'person', detail });
        await people.block(person.id, TEST_BLOCK_REASONS.answerFail);
      });
      return answerFor(person);
    },

    /** Ends the journey: the account is blocked, AC100005 before any answer, AC100006 after one. */
    async terminate(person: Person, named?: AppropriatenessStage): Promise<RiskSurveyCheckResult> {
      await transaction(async () => {
        const row = await forMove(person, NOT_FINAL, { named, warningFirst: false });
        const reason = terminationReasonOf(row.stage as AppropriatenessStage, row.failures);
        await move(row, { stage: 'TERMINATED', set: { endedReason: reason }, actor: 'person', detail: `journey ended at ${row.stage}` });
        await people.block(person.id, reason);
      });
      return answerFor(person);
    },

    /** Goes on from an explanation, a concern, a cooling-off that ended (a retake) or a result. */
    async continueFrom(person: Person, named?: AppropriatenessStage): Promise<RiskSurveyCheckResult> {
      await transaction(async () => {
        const row = await forMove(person, Object.keys(CONTINUES_TO) as AppropriatenessStage[], { named });
        const stage = row.stage as AppropriatenessStage;
        const to = CONTINUES_TO[stage]!;
        if (to === 'AGREEMENT') await publishedTestOrRefuse();
        await move(row, { stage: to, actor: 'person', ...(CONTINUE_DETAIL[stage] ? { detail: CONTINUE_DETAIL[stage] } : {}) });
      });
      return answerFor(person);
    },

    /** Whether the person may trade: the current warning agreed and, for an individual, the test passed, on an open account. */
    async isCleared(userId: string): Promise<boolean> {
      const person = await people.findById(userId);
      return person !== undefined && (await clearedFor(person));
    },

    clearedFor,

    /** The desk's view of a person's test: every attempt with its answers, every move. Undefined: never started. */
    async recordOf(userId: string): Promise<AppropriatenessRecord | undefined> {
      const row = await load(userId);
      return row && recordOf(repository, row);
    },

    /**
     * Ends a cooling-off early (an operator, with the reason, both kept with the move): the person may retake the test
     * at once. Refused (RSK0000001) unless the test is in its cooling-off.
     */
    async endCoolingOff(input: { userId: string; operator: string; reason: string }): Promise<AppropriatenessRecord> {
      const reason = input.reason.trim();
      if (!reason || reason.length > MAX_REASON_LENGTH) {
        throw new AppError(ErrorCode.MalformedRequest, `A reason of 1 to ${MAX_REASON_LENGTH} characters is needed.`);
      }
      const row = await transaction(async () => {
        const current = await load(input.userId);
        if (current?.stage !== 'IN_SILENT') throw outOfOrder(current?.stage ?? 'RISK_WARING_OK');
        return move(current, {
          stage: 'AFTER_SILENT',
          set: { silentUntil: clock.now() },
          actor: `operator:${input.operator}`.slice(0, 64),
          detail: `cooling-off ended early: ${reason}`,
        });
      });
      return recordOf(repository, row);
    },
  };
}

export type AppropriatenessService = ReturnType<typeof createAppropriatenessService>;
