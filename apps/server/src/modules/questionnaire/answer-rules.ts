import {
  type AdditionalAnswer,
  ErrorCode,
  QUESTION_LINE_MAX_LENGTH,
  QUESTION_MAX_FILES,
  QUESTION_TEXT_MAX_LENGTH,
  radioAnswerText,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import { optionNamed } from './question-views.ts';
import type { QuestionRow } from './questionnaire.repository.ts';

/**
 * How a RADIO answer's text comes: v3 (and the other calls) as spec §5 has the page send it, the choice, a
 * newline, then the extra text; v1 the extra text alone, the choice prefixed here.
 */
export type RadioForm = 'prefixed' | 'extraOnly';

/** An answer as it is stored: checked against its question, in the spec §5 form. */
export interface CheckedAnswer {
  questionId: string;
  questionText: string;
  answerText: string;
  files: string[];
  radioOption: string | null;
}

const invalid = (message: string) => new AppError(ErrorCode.QuestionnaireAnswerInvalid, message);
const filesOf = (file: string) => [...new Set(file.split(',').map((path) => path.trim()))].filter(Boolean);

/**
 * docs/rules/questionnaire.md "Answers": every question asked answered (a text non-empty, an upload with at least one
 * file, a choice made and its extra question answered), nothing else. Throws QNR0000004 for an answer that does not
 * fit (a question not asked, one answered twice, too long, too many files, not an option), else QNR0000001 naming
 * every question still without an answer; answers the answers to store otherwise. Pure: files are checked after.
 */
export function checkAnswers(asked: readonly QuestionRow[], answers: readonly AdditionalAnswer[], radioForm: RadioForm): CheckedAnswer[] {
  const seen = new Set<string>();
  for (const answer of answers) {
    if (!asked.some((question) => question.id === answer.id)) throw invalid(`${answer.id}: this question is not asked of you`);
    if (seen.has(answer.id)) throw invalid(`${answer.id}: answered twice`);
    seen.add(answer.id);
  }
  const missing: string[] = [];
  const checked: CheckedAnswer[] = [];
  for (const question of asked) {
    const answer = answers.find((candidate) => candidate.id === question.id);
    const result = answer ? checkOne(question, answer, radioForm) : null;
    if (result) checked.push({ questionId: question.id, questionText: question.text.en, ...result });
    else missing.push(question.id);
  }
  if (missing.length)
    throw new AppError(ErrorCode.QuestionnaireIncomplete, `Answer every question: ${missing.join(', ')}`, {
      missingQuestionIds: missing.join(','),
    });
  return checked;
}

/** One answer against its question: the stored form, or null when it leaves the question unanswered. */
function checkOne(
  question: QuestionRow,
  answer: AdditionalAnswer,
  radioForm: RadioForm,
): Omit<CheckedAnswer, 'questionId' | 'questionText'> | null {
  const text = answer.answerText.trim();
  const files = filesOf(answer.file);
  const id = question.id;
  if (question.answerType !== 'UPLOAD' && files.length) throw invalid(`${id}: only an upload question takes files`);
  if (question.answerType !== 'RADIO' && answer.radioOption) throw invalid(`${id}: only a choice question takes radioOption`);
  switch (question.answerType) {
    case 'UPLOAD':
      if (files.length > QUESTION_MAX_FILES) throw invalid(`${id}: at most ${QUESTION_MAX_FILES} files`);
      if (text.length > QUESTION_TEXT_MAX_LENGTH) throw invalid(`${id}: at most ${QUESTION_TEXT_MAX_LENGTH} characters`);
      return files.length ? { answerText: text, files, radioOption: null } : null;
    case 'RADIO':
      return checkChoice(question, answer, radioForm);
    default: {
      const max = question.answerType === 'INPUT_LINE' ? QUESTION_LINE_MAX_LENGTH : QUESTION_TEXT_MAX_LENGTH;
      if (text.length > max) throw invalid(`${id}: at most ${max} characters`);
      if (question.answerType === 'INPUT_LINE' && /[\r\n]/.test(text)) throw invalid(`${id}: a single line`);
      return text ? { answerText: text, files: [], radioOption: null } : null;
    }
  }
}

function checkChoice(question: QuestionRow, answer: AdditionalAnswer, radioForm: RadioForm) {
  const id = question.id;
  const option = answer.radioOption?.trim();
  if (!option) return null;
  const choice = optionNamed(question, option);
  if (!choice) throw invalid(`${id}: "${option}" is not one of the options`);
  let extra: string;
  // v1 sends the extra text alone (some clients the choice itself when it asks nothing more).
  if (radioForm === 'extraOnly') extra = answer.answerText.trim() === option ? '' : answer.answerText.trim();
  else {
    const given = answer.answerText;
    if (given.trim() === '' || given.trim() === option) extra = '';
    else if (given.startsWith(`${option}\n`)) extra = given.slice(option.length + 1).trim();
    else throw invalid(`${id}: answerText must begin with the chosen option and a newline`);
  }
  if (extra.length > QUESTION_TEXT_MAX_LENGTH) throw invalid(`${id}: at most ${QUESTION_TEXT_MAX_LENGTH} characters`);
  if (!choice.extraQuestion) {
    if (extra) throw invalid(`${id}: "${option}" asks nothing more`);
    return { answerText: radioAnswerText(option, undefined), files: [], radioOption: option };
  }
  return extra ? { answerText: radioAnswerText(option, extra), files: [], radioOption: option } : null;
}
