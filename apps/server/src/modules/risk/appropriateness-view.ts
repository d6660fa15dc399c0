import type { AppropriatenessOutcome, AppropriatenessStage, AppropriatenessView, LocalisedText } from '@causeway/contracts';
import type { AppropriatenessRepository, AssessmentRow, AttemptRow, QuestionRow } from './appropriateness.repository.ts';
import { maxScoreOf } from './appropriateness-scoring.ts';

/** The stages before an attempt starts: the page shows the published test, which the next attempt takes. */
const BEFORE_AN_ATTEMPT: ReadonlySet<AppropriatenessStage> = new Set(['RISK_WARING_OK', 'AGREEMENT', 'AFTER_SILENT']);

const resultOf = (attempt: AttemptRow | undefined): AppropriatenessView['result'] =>
  attempt?.answeredAt && attempt.outcome
    ? {
        outcome: attempt.outcome as AppropriatenessOutcome,
        score: attempt.score ?? 0,
        passMark: attempt.passMark ?? 0,
        maxScore: attempt.maxScore ?? 0,
        concerns: (attempt.answers ?? []).filter((answer) => answer.concern).map((answer) => answer.questionId),
        answeredAt: attempt.answeredAt.toISOString(),
      }
    : null;

/** A question as the person sees it: the points of its options stay here. */
const publicQuestion = (question: QuestionRow) => ({
  id: question.id,
  topic: question.topic,
  prompt: question.prompt,
  options: question.options.map((option) => ({ id: option.id, label: option.label })),
});

/**
 * A person's test as the risk check answers it: its stage, the test that applies (the attempt's, else the published
 * one), the latest result, and at QUESTIONS the attempt's questions.
 */
export async function viewOf(
  repository: AppropriatenessRepository,
  userId: string,
  row: AssessmentRow | undefined,
): Promise<AppropriatenessView> {
  const stage = (row?.stage ?? 'RISK_WARING_OK') as AppropriatenessStage;
  const attempts = row?.attempts ?? 0;
  const current = attempts > 0 ? await repository.attempt(userId, attempts) : undefined;
  const test = BEFORE_AN_ATTEMPT.has(stage) || !current ? await repository.publishedTest() : await repository.test(current.testVersion);
  const questions = test ? await repository.questions(test.version) : [];
  const answered = current?.answeredAt ? current : attempts > 1 ? await repository.lastAnswered(userId) : undefined;
  return {
    stage,
    testVersion: test?.version ?? null,
    attempt: attempts,
    failures: row?.failures ?? 0,
    failuresAllowed: test?.failuresAllowed ?? 0,
    questionCount: questions.length,
    passMark: test?.passMark ?? 0,
    maxScore: maxScoreOf(questions),
    silentUntil: row?.silentUntil?.toISOString() ?? null,
    result: resultOf(answered),
    questions: stage === 'QUESTIONS' ? questions.map(publicQuestion) : null,
    blockReason: row?.endedReason ?? null,
  };
}

/** One answer of an attempt as the desk reads it: what was asked and chosen, in words, and what it counted for. */
export interface RecordedAnswer {
  questionId: string;
  prompt: LocalisedText | null;
  optionId: string;
  option: LocalisedText | null;
  points: number;
  concern: boolean;
}

/** A person's appropriateness test for the operator's desk: where it stands, every attempt with its answers, every move. */
export interface AppropriatenessRecord {
  userId: string;
  stage: AppropriatenessStage;
  attempts: number;
  failures: number;
  silentUntil: Date | null;
  passedAt: Date | null;
  endedReason: string | null;
  attemptsMade: Array<{
    number: number;
    testVersion: string;
    startedAt: Date;
    answeredAt: Date | null;
    score: number | null;
    passMark: number | null;
    maxScore: number | null;
    outcome: AppropriatenessOutcome | null;
    answers: RecordedAnswer[];
  }>;
  events: Array<{ fromStage: string; toStage: string; actor: string; detail: string | null; at: Date }>;
}

export async function recordOf(repository: AppropriatenessRepository, row: AssessmentRow): Promise<AppropriatenessRecord> {
  const [attempts, events] = await Promise.all([repository.attempts(row.userId), repository.events(row.userId)]);
  const versions = [...new Set(attempts.map((attempt) => attempt.testVersion))];
  const questionsOf = new Map(await Promise.all(versions.map(async (version) => [version, await repository.questions(version)] as const)));
  return {
    userId: row.userId,
    stage: row.stage as AppropriatenessStage,
    attempts: row.attempts,
    failures: row.failures,
    silentUntil: row.silentUntil,
    passedAt: row.passedAt,
    endedReason: row.endedReason,
    attemptsMade: attempts.map((attempt) => ({
      number: attempt.number,
      testVersion: attempt.testVersion,
      startedAt: attempt.startedAt,
      answeredAt: attempt.answeredAt,
      score: attempt.score,
      passMark: attempt.passMark,
      maxScore: attempt.maxScore,
      outcome: attempt.outcome as AppropriatenessOutcome | null,
      answers: (attempt.answers ?? []).map((answer) => {
        const question = questionsOf.get(attempt.testVersion)?.find((candidate) => candidate.id === answer.questionId);
        return {
          ...answer,
          prompt: question?.prompt ?? null,
          option: question?.options.find((option) => option.id === answer.optionId)?.label ?? null,
        };
      }),
    })),
    events: events.map(({ fromStage, toStage, actor, detail, at }) => ({ fromStage, toStage, actor, detail, at })),
  };
}
