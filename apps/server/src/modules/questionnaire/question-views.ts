import type {
  AdditionalQuestion,
  QuestionAnswerType,
  QuestionDefinition,
  QuestionLanguage,
  QuestionnaireAssignment,
  RadioChoice,
} from '@causeway/contracts';
import type { AnswerRow, AssignmentRow, QuestionRow } from './questionnaire.repository.ts';

/** A question as the person sees it, in one language (spec §3 "Additional question"). */
export function additionalQuestionOf(row: QuestionRow, language: QuestionLanguage): AdditionalQuestion {
  return {
    id: row.id,
    questionText: row.text[language],
    additionDescription: row.description?.[language] ?? null,
    answerType: row.answerType as QuestionAnswerType,
    radioQuestionDetail: row.options ? JSON.stringify(choicesOf(row, language)) : null,
    questionGroup: row.questionGroup,
  };
}

/** A RADIO question's options in one language, each with its extra question when it asks one. */
export const choicesOf = (row: QuestionRow, language: QuestionLanguage): RadioChoice[] =>
  (row.options ?? []).map((choice) =>
    choice.extraQuestion
      ? { option: choice.option[language], extraQuestionText: choice.extraQuestion[language] }
      : { option: choice.option[language] },
  );

/** The option a person chose, by its label in either language (they answer in the language they were shown). */
export const optionNamed = (row: QuestionRow, label: string) =>
  (row.options ?? []).find((choice) => choice.option.en === label || choice.option.zh === label);

/** A question as an operator sees it: both languages, active or not. */
export function definitionOf(row: QuestionRow): QuestionDefinition {
  return {
    id: row.id,
    questionGroup: row.questionGroup,
    answerType: row.answerType as QuestionAnswerType,
    text: row.text,
    description: row.description ?? null,
    options: row.options ?? null,
    sortOrder: row.sortOrder,
    active: row.active,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The questions asked, in the order they are shown: by the operator's sort order, then as the questionnaire lists them. */
export function inAskedOrder(rows: readonly QuestionRow[], questionIds: readonly string[]): QuestionRow[] {
  const position = (id: string) => questionIds.indexOf(id);
  return [...rows].sort((a, b) => a.sortOrder - b.sortOrder || position(a.id) - position(b.id));
}

/** A questionnaire asked of a person, as an operator reviews it: the answers in the order asked, and the decision on them. */
export function assignmentOf(row: AssignmentRow & { answers: AnswerRow[] }): QuestionnaireAssignment {
  return {
    id: row.id,
    userId: row.userId,
    questionIds: row.questionIds,
    assignedBy: row.assignedBy,
    assignedAt: row.assignedAt,
    answeredAt: row.answeredAt,
    review:
      row.reviewOutcome && row.reviewedAt && row.reviewedBy
        ? {
            outcome: row.reviewOutcome as 'accepted' | 'asked-again',
            note: row.reviewNote,
            reviewedBy: row.reviewedBy,
            reviewedAt: row.reviewedAt,
          }
        : null,
    answers: row.answers.map((answer) => ({
      questionId: answer.questionId,
      questionText: answer.questionText,
      answerText: answer.answerText,
      files: answer.files,
      radioOption: answer.radioOption,
    })),
  };
}
