import type { AppropriatenessOutcome } from '@causeway/contracts';
import type { AppropriatenessAnswer, AppropriatenessOption } from '../../db/schema/index.ts';

/** A question as scoring reads it. */
export interface ScoredQuestion {
  id: string;
  options: readonly AppropriatenessOption[];
}

export interface Score {
  answers: AppropriatenessAnswer[];
  score: number;
  maxScore: number;
  outcome: AppropriatenessOutcome;
  /** The questions whose answer raised a concern, in the test's order. */
  concerns: string[];
}

/** Why a set of answers does not fit the questions: the question it is about, when there is one. */
export class AnswersDoNotFit extends Error {
  constructor(
    message: string,
    readonly questionId?: string,
  ) {
    super(message);
    this.name = 'AnswersDoNotFit';
  }
}

/** The most a test of these questions can score: the best option of each. */
export const maxScoreOf = (questions: readonly ScoredQuestion[]): number =>
  questions.reduce((sum, question) => sum + Math.max(0, ...question.options.map((option) => option.points)), 0);

/**
 * Scores one attempt (docs/rules/appropriateness.md): every question answered once with one of its options, or
 * AnswersDoNotFit. The score is the sum of the chosen options' points; below the pass mark the attempt fails
 * (whatever else was chosen); at or above it, an option that raises a concern makes it CONCERN, else PASS.
 */
export function scoreAttempt(
  questions: readonly ScoredQuestion[],
  given: ReadonlyArray<{ questionId: string; optionId: string }>,
  passMark: number,
): Score {
  const byQuestion = new Map(given.map((answer) => [answer.questionId, answer.optionId]));
  if (byQuestion.size !== given.length) {
    const seen = new Set<string>();
    const twice = given.find((answer) => (seen.has(answer.questionId) ? true : (seen.add(answer.questionId), false)));
    throw new AnswersDoNotFit('a question is answered twice', twice?.questionId);
  }
  const known = new Set(questions.map((question) => question.id));
  const stranger = given.find((answer) => !known.has(answer.questionId));
  if (stranger) throw new AnswersDoNotFit('an answer is for a question the test does not ask', stranger.questionId);

  const answers = questions.map((question): AppropriatenessAnswer => {
    const optionId = byQuestion.get(question.id);
    if (optionId === undefined) throw new AnswersDoNotFit('a question is not answered', question.id);
    const option = question.options.find((candidate) => candidate.id === optionId);
    if (!option) throw new AnswersDoNotFit('an answer is not one of its question’s options', question.id);
    return { questionId: question.id, optionId, points: option.points, concern: option.concern };
  });
  const score = answers.reduce((sum, answer) => sum + answer.points, 0);
  const concerns = answers.filter((answer) => answer.concern).map((answer) => answer.questionId);
  const outcome: AppropriatenessOutcome = score < passMark ? 'FAIL' : concerns.length > 0 ? 'CONCERN' : 'PASS';
  return { answers, score, maxScore: maxScoreOf(questions), outcome, concerns };
}
