import type { EddAnswer, EddQuestionnaire } from '@causeway/contracts';
import type { UploadedFile } from '@/ui';
import { donePaths, savedFiles } from '../form/drafts';

export type EddQuestion = EddQuestionnaire['questions'][number];

/** A RADIO question's choice (radioQuestionDetail: a JSON list of these). */
export interface RadioChoice {
  option: string;
  /** Asked once this option is chosen; its answer follows the option in answerText. */
  extraQuestionText?: string;
}

/** One question's answer as the person is giving it. */
export interface EddDraft {
  text: string;
  files: UploadedFile[];
  option: string | null;
  /** The answer to the chosen option's extra question. */
  extra: string;
}

/** radioQuestionDetail read safely: a detail that is not the expected JSON offers no choice (and the question cannot be answered). */
export function radioChoicesOf(detail: string | null): RadioChoice[] {
  if (!detail) return [];
  try {
    const parsed: unknown = JSON.parse(detail);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null || typeof (item as RadioChoice).option !== 'string') return [];
      const { option, extraQuestionText } = item as RadioChoice;
      return [typeof extraQuestionText === 'string' && extraQuestionText.trim() ? { option, extraQuestionText } : { option }];
    });
  } catch {
    return [];
  }
}

const extraQuestionOf = (question: EddQuestion, option: string | null) =>
  option === null ? undefined : radioChoicesOf(question.radioQuestionDetail).find((choice) => choice.option === option)?.extraQuestionText;

/** spec §5: the choice prefixed to the extra text with a newline (the option alone when it asks nothing more). */
export const radioAnswerText = (option: string, extra: string | undefined): string =>
  extra === undefined ? option : `${option}\n${extra}`;

/** A saved answer back into the form: the files split, a radio answer's extra text taken from after its option. */
export function eddDraftOf(question: EddQuestion, answer: EddAnswer | undefined): EddDraft {
  const option = answer?.radioOption ?? null;
  const text = answer?.answerText ?? '';
  const prefix = option === null ? '' : `${option}\n`;
  return {
    text: question.answerType === 'RADIO' ? '' : text,
    files: savedFiles((answer?.file ?? '').split(',').filter(Boolean)),
    option,
    extra: option !== null && text.startsWith(prefix) ? text.slice(prefix.length) : '',
  };
}

/** What questionnaire/commit and edd-info/submit-all take for one question. */
export function eddAnswerOf(question: EddQuestion, draft: EddDraft): EddAnswer {
  switch (question.answerType) {
    case 'UPLOAD':
      return { id: question.id, answerText: '', file: donePaths(draft.files).join(','), radioOption: null };
    case 'RADIO': {
      if (draft.option === null) return { id: question.id, answerText: '', file: '', radioOption: null };
      const extra = extraQuestionOf(question, draft.option) === undefined ? undefined : draft.extra.trim();
      return { id: question.id, answerText: radioAnswerText(draft.option, extra), file: '', radioOption: draft.option };
    }
    default:
      return { id: question.id, answerText: draft.text.trim(), file: '', radioOption: null };
  }
}

/** spec §5 questionnaire: text non-empty, an upload with at least one file, a choice made (and its extra question answered). */
export function isAnswered(question: EddQuestion, draft: EddDraft): boolean {
  switch (question.answerType) {
    case 'UPLOAD':
      return donePaths(draft.files).length > 0;
    case 'RADIO':
      return draft.option !== null && (extraQuestionOf(question, draft.option) === undefined || draft.extra.trim() !== '');
    default:
      return draft.text.trim() !== '';
  }
}

/** The extra question the chosen option asks, if any. */
export const chosenExtraQuestion = (question: EddQuestion, draft: EddDraft): string | undefined => extraQuestionOf(question, draft.option);
