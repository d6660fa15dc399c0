import { APPROPRIATENESS_STAGES } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { APPROPRIATENESS_TEST_SEED, appropriatenessQuestionSeeds } from '../../db/seed/appropriateness.ts';
import { CONCERNING, FAILING, PASSING, answersOf } from '../../../test/risk-helpers.ts';
import { AnswersDoNotFit, maxScoreOf, scoreAttempt } from './appropriateness-scoring.ts';
import { APPROPRIATENESS_TRANSITIONS, assertAppropriatenessMove, isFinalStage, terminationReasonOf } from './appropriateness-state.ts';

const questions = appropriatenessQuestionSeeds();
const score = (choice: Record<string, string>) => scoreAttempt(questions, answersOf(choice), APPROPRIATENESS_TEST_SEED.passMark);

describe('scoring an attempt (docs/rules/appropriateness.md)', () => {
  it('sums the chosen options against the pass mark; a concern only counts once the mark is met', () => {
    expect(maxScoreOf(questions)).toBe(6);
    expect(score(PASSING)).toMatchObject({ score: 6, maxScore: 6, outcome: 'PASS', concerns: [] });
    expect(score({ ...PASSING, experience: 'experience-a' })).toMatchObject({ score: 5, outcome: 'PASS' });
    expect(score({ ...PASSING, experience: 'experience-a', scams: 'scams-a' })).toMatchObject({ score: 4, outcome: 'FAIL' });
    expect(score(FAILING)).toMatchObject({ score: 4, outcome: 'FAIL' });
    expect(score(CONCERNING)).toMatchObject({ score: 6, outcome: 'CONCERN', concerns: ['loss-capacity'] });
    expect(score({ ...FAILING, 'loss-capacity': 'loss-capacity-c' })).toMatchObject({ outcome: 'FAIL', concerns: ['loss-capacity'] });
    // The answers are kept in the test's order with what each counted for.
    expect(score(PASSING).answers[0]).toEqual({ questionId: 'loss', optionId: 'loss-b', points: 1, concern: false });
  });

  it('refuses answers that do not fit: missing, twice, unknown question, another question’s option', () => {
    const { loss: _loss, ...missing } = PASSING;
    const cases = [
      answersOf(missing),
      [...answersOf(PASSING), { questionId: 'loss', optionId: 'loss-a' }],
      [...answersOf(PASSING), { questionId: 'nope', optionId: 'nope-a' }],
      answersOf({ ...PASSING, loss: 'scams-b' }),
    ];
    for (const given of cases) expect(() => scoreAttempt(questions, given, 5)).toThrow(AnswersDoNotFit);
  });

  it('the seeded questions are written in English and Chinese, with one best answer each', () => {
    for (const question of questions) {
      expect(question.prompt.en && question.prompt.zh).toBeTruthy();
      for (const option of question.options) expect(option.label.en && option.label.zh).toBeTruthy();
    }
  });
});

describe('the state machine', () => {
  it('only the final stages have no way out; every stage but those can end the journey', () => {
    for (const stage of APPROPRIATENESS_STAGES) {
      expect(isFinalStage(stage)).toBe(['PASSED', 'ANSWER_FAIL', 'TERMINATED'].includes(stage));
      if (!isFinalStage(stage)) expect(APPROPRIATENESS_TRANSITIONS[stage]).toContain('TERMINATED');
    }
    expect(() => assertAppropriatenessMove('QUESTIONS', 'PASSED')).toThrow(/cannot go from QUESTIONS to PASSED/);
    expect(() => assertAppropriatenessMove('IN_SILENT', 'AGREEMENT')).toThrow();
  });

  it('ending the journey is AC100005 before any answer and AC100006 after one', () => {
    expect(terminationReasonOf('RISK_WARING_OK', 0)).toBe('AC100005');
    expect(terminationReasonOf('QUESTIONS', 0)).toBe('AC100005');
    expect(terminationReasonOf('QUESTIONS', 1)).toBe('AC100006');
    for (const stage of ['ANSWER_WAIT', 'IN_SILENT', 'AFTER_SILENT', 'CONFIRMATION', 'CONFIRMATION_SIGN'] as const) {
      expect(terminationReasonOf(stage, 0)).toBe('AC100006');
    }
  });
});
