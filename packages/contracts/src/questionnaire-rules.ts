/**
 * The dynamic questionnaire's rules (docs/rules/questionnaire.md), shared by the server and the web app.
 * No zod here, so the web app can use them without bundling a schema library.
 */

/** docs/rules/entities.md "Additional question": how a question is answered. */
export const QUESTION_ANSWER_TYPES = ['INPUT_LINE', 'INPUT_BAR', 'UPLOAD', 'RADIO'] as const;
export type QuestionAnswerType = (typeof QUESTION_ANSWER_TYPES)[number];

/** The languages a question is written in: every question has both (docs/rules/questionnaire.md). */
export const QUESTION_LANGUAGES = ['en', 'zh'] as const;
export type QuestionLanguage = (typeof QUESTION_LANGUAGES)[number];

/** The longest answers (chosen): a single line, and a text box (also a radio choice's extra text). */
export const QUESTION_LINE_MAX_LENGTH = 200;
export const QUESTION_TEXT_MAX_LENGTH = 2000;
/** An UPLOAD answer holds 1 to this many files (chosen, as a KYB document). */
export const QUESTION_MAX_FILES = 5;
/** A question's id and group: letters, digits, `_` and `-`, at most 64 (the operator chooses them). */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** A questionnaire asks at most this many questions. */
export const QUESTIONNAIRE_MAX_QUESTIONS = 50;

/** spec §9: the question detail is fetched 500 ms after the last change of what to fetch. */
export const QUESTION_DETAIL_DEBOUNCE_MS = 500;

/** A RADIO question's option as radioQuestionDetail lists it (a JSON list of these). */
export interface RadioChoice {
  option: string;
  /** Asked once this option is chosen; its answer follows the option in answerText. */
  extraQuestionText?: string;
}

/**
 * spec §5: a radio answer's text is the choice, then a newline and the extra text when the option asks one
 * (the choice alone when it asks nothing more).
 */
export const radioAnswerText = (option: string, extra: string | undefined): string =>
  extra === undefined ? option : `${option}\n${extra}`;

/** radioQuestionDetail read safely: a detail that is not the expected JSON offers no choice. */
export function radioChoicesOf(detail: string | null | undefined): RadioChoice[] {
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

/** The language a question is shown in for a language tag: zh for zh, zh-CN, zh-Hans...; en for anything else (spec §1 fallback en). */
export const questionLanguageOf = (tag: string | null | undefined): QuestionLanguage =>
  (tag ?? '').trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
