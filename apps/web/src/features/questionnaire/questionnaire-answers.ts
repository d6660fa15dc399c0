import { type AdditionalAnswer, type AdditionalQuestion, radioAnswerText, radioChoicesOf } from '@causeway/contracts';
import type { UploadedFile } from '@/ui';

/**
 * One question's answer as the person is giving it. A choice is kept by its position, not its label: the
 * labels change with the page's language, the choice does not.
 */
export interface AnswerDraft {
  text: string;
  files: UploadedFile[];
  /** The chosen option's position in radioQuestionDetail; null before a choice. */
  choice: number | null;
  /** The answer to the chosen option's extra question. */
  extra: string;
}

export const EMPTY_DRAFT: AnswerDraft = { text: '', files: [], choice: null, extra: '' };

/** The stored files of an upload (those still uploading or failed are not part of the answer). */
export const donePaths = (files: readonly UploadedFile[]): string[] =>
  files.flatMap((file) => (file.status === 'done' && file.filePath ? [file.filePath] : []));

/** The chosen option (its label in the question's language, and its extra question if it asks one). */
export const chosenOption = (question: AdditionalQuestion, draft: AnswerDraft) =>
  draft.choice === null ? undefined : radioChoicesOf(question.radioQuestionDetail)[draft.choice];

/** What commit/v3/my-questionnaire takes for one question (spec §3 answer; §5 the choice prefixed to its extra text). */
export function answerOf(question: AdditionalQuestion, draft: AnswerDraft): AdditionalAnswer {
  switch (question.answerType) {
    case 'UPLOAD':
      return { id: question.id, answerText: '', file: donePaths(draft.files).join(','), radioOption: null };
    case 'RADIO': {
      const chosen = chosenOption(question, draft);
      if (!chosen) return { id: question.id, answerText: '', file: '', radioOption: null };
      const extra = chosen.extraQuestionText === undefined ? undefined : draft.extra.trim();
      return { id: question.id, answerText: radioAnswerText(chosen.option, extra), file: '', radioOption: chosen.option };
    }
    default:
      return { id: question.id, answerText: draft.text.trim(), file: '', radioOption: null };
  }
}

/** spec §5: a text non-empty, an upload with at least one file, a choice made (and its extra question answered). */
export function isAnswered(question: AdditionalQuestion, draft: AnswerDraft): boolean {
  switch (question.answerType) {
    case 'UPLOAD':
      return donePaths(draft.files).length > 0;
    case 'RADIO': {
      const chosen = chosenOption(question, draft);
      return chosen !== undefined && (chosen.extraQuestionText === undefined || draft.extra.trim() !== '');
    }
    default:
      return draft.text.trim() !== '';
  }
}
